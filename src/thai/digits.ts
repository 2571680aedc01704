// Thai digits ๐–๙: the one fold to ASCII and back. Documents write numbers in either; every comparison reads both.
export const THAI_DIGITS = '๐๑๒๓๔๕๖๗๘๙';
const THAI_ZERO = 0x0e50;

/** Thai digits ๐–๙ as ASCII 0–9, everything else kept: "ข้อ ๑๒" → "ข้อ 12". */
export function foldThaiDigits(s: string): string {
  return s.replace(/[๐-๙]/g, (d) => String(d.charCodeAt(0) - THAI_ZERO));
}

/** ASCII digits as Thai digits, everything else kept: 2568 → "๒๕๖๘". */
export function toThaiDigits(value: string | number): string {
  return String(value).replace(/[0-9]/g, (d) => String.fromCharCode(THAI_ZERO + Number(d)));
}
