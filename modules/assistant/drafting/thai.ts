// Official Thai writing conventions: Thai numerals, Buddhist-era dates, and amounts in words (บาทถ้วน).
import { foldThaiDigits, toThaiDigits } from '../../../src/thai/digits';
import { THAI_MONTHS } from '../../../src/thai/months';
import { THAI_DIGIT_WORDS } from '../../../src/thai/numbers';

export { THAI_MONTHS, toThaiDigits, foldThaiDigits as toArabicDigits };

/** A calendar day, as the university's calendar shows it. */
export interface ThaiDay {
  day: number;
  month: number; // 1–12
  yearBE: number;
}

// a formatter is built once per zone: building one costs far more than formatting (every quote reads the question's days)
const formats = new Map<string, Intl.DateTimeFormat>();
const dayFormat = (timeZone: string) =>
  formats.get(timeZone) ??
  formats.set(timeZone, new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: 'numeric', day: 'numeric' })).get(timeZone)!;

/** The day `date` falls on in `timeZone` (the university's; Asia/Bangkok by default), whatever the server's zone. */
export function thaiDayOf(date: Date, timeZone = 'Asia/Bangkok'): ThaiDay {
  const parts = dayFormat(timeZone).formatToParts(date);
  const get = (type: string) => Number(parts.find((p) => p.type === type)!.value);
  return { day: get('day'), month: get('month'), yearBE: get('year') + 543 };
}

/** "๒๒ พฤศจิกายน ๒๕๖๙" — the official style: Thai numerals, full month, Buddhist era. */
export function formatThaiDate(d: ThaiDay): string {
  return `${toThaiDigits(d.day)} ${THAI_MONTHS[d.month - 1]} ${toThaiDigits(d.yearBE)}`;
}

const DIGIT_WORDS = THAI_DIGIT_WORDS;
const PLACE_WORDS = ['', 'สิบ', 'ร้อย', 'พัน', 'หมื่น', 'แสน'];

/** Reads 0 < n < 1,000,000: "สิบ" not "หนึ่งสิบ", "ยี่สิบ", and "เอ็ด" for a final 1 after higher digits. */
function readBelowMillion(n: number): string {
  const digits = String(n).split('').map(Number).reverse();
  let out = '';
  for (let place = digits.length - 1; place >= 0; place--) {
    const d = digits[place];
    if (d === 0) continue;
    if (place === 1 && d === 1) out += 'สิบ';
    else if (place === 1 && d === 2) out += 'ยี่สิบ';
    else if (place === 0 && d === 1 && n > 10) out += 'เอ็ด';
    else out += DIGIT_WORDS[d] + PLACE_WORDS[place];
  }
  return out;
}

/** Reads a non-negative integer of any size, grouping by ล้าน. */
function readInteger(n: bigint): string {
  if (n === 0n) return '';
  const million = 1_000_000n;
  const high = n / million;
  const low = Number(n % million);
  return (high > 0n ? readInteger(high) + 'ล้าน' : '') + (low ? readBelowMillion(low) : '');
}

/** Amount in Thai words as on cheques and budgets: 1520.5 → "หนึ่งพันห้าร้อยยี่สิบบาทห้าสิบสตางค์". */
// Hand-written on purpose: the npm package thai-baht-text (2.0.5, checked against thai.test.ts) returns "" for 0
// and reads 1,000,001 as "หนึ่งล้านเอ็ด", where budgets here need "ศูนย์บาทถ้วน" and "หนึ่งล้านหนึ่งบาทถ้วน".
export function bahtText(amount: number): string {
  if (!Number.isFinite(amount)) throw new RangeError('amount must be a finite number');
  const negative = amount < 0;
  // Satang from the decimal string, so 0.29 stays 29 (binary floats would give 28.999…).
  const [intPart, fracPart = ''] = Math.abs(amount).toFixed(2).split('.');
  const baht = BigInt(intPart);
  const satang = Number(fracPart);
  let text: string;
  if (baht === 0n && satang === 0) text = 'ศูนย์บาทถ้วน';
  else if (satang === 0) text = readInteger(baht) + 'บาทถ้วน';
  else text = (baht > 0n ? readInteger(baht) + 'บาท' : '') + readBelowMillion(satang) + 'สตางค์';
  return (negative ? 'ลบ' : '') + text;
}

/** 15000 → "๑๕,๐๐๐" (or with decimals when there are satang). */
export function formatThaiAmount(amount: number): string {
  const s = amount.toLocaleString('en-US', { minimumFractionDigits: Number.isInteger(amount) ? 0 : 2, maximumFractionDigits: 2 });
  return toThaiDigits(s);
}

/**
 * A phrase from the brief with its numbers in Thai digits, as the draft writes every number it lays out ("ห้อง 201
 * อาคาร 5" → "ห้อง ๒๐๑ อาคาร ๕", "ครั้งที่ 2/2569" → "ครั้งที่ ๒/๒๕๖๙"); a number that belongs to a Latin name or code
 * stays as written ("SC-201", "Run 2027").
 */
export function thaiNumerals(text: string): string {
  return text.replace(/(?<![A-Za-z]\s?-?\s?|[0-9])[0-9]+(?!-?[A-Za-z])/g, (d) => toThaiDigits(d));
}
