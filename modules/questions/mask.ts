// Personal data people type into questions ("ติดต่อ 081-234-5678", "เลขบัตร 1 2345 67890 12 3") is
// masked before a question is logged: e-mail addresses, Thai phone numbers and 13-digit ID numbers,
// written with Arabic or Thai digits.

const D = '[0-9๐-๙]';
const SEP = '[\\s.-]?';
const EDGE_BEFORE = `(?<![0-9๐-๙])`;
const EDGE_AFTER = `(?![0-9๐-๙])`;

const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g;
/** 13 digits, plain or grouped 1-4-5-2-1 (the ID card's layout) */
const ID_NUMBER = new RegExp(`${EDGE_BEFORE}${D}${SEP}${D}{4}${SEP}${D}{5}${SEP}${D}{2}${SEP}${D}${EDGE_AFTER}`, 'g');
/** 0 + 8 or 9 digits (02-123-4567, 081 234 5678, 0812345678), or +66 with the leading 0 dropped */
const PHONE = new RegExp(`(?:\\+66${SEP}(?:\\(0\\))?|${EDGE_BEFORE}[0๐])${D}(?:${SEP}${D}){7,8}${EDGE_AFTER}`, 'g');

export const MASKS = { email: '[อีเมล]', phone: '[เบอร์โทร]', idNumber: '[เลขประจำตัว]' } as const;

export function maskPersonalData(text: string): string {
  return text.replace(EMAIL, MASKS.email).replace(ID_NUMBER, MASKS.idNumber).replace(PHONE, MASKS.phone);
}
