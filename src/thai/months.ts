// The one table of Thai month names, month 1 first: as documents spell them (full), the abbreviations people type
// (short, ม.ค. … ธ.ค.) and the spoken clipped forms (มกรา … ธันวา). Drafting writes dates with it, knowledge reads
// a question's "มิ.ย." as the documents' "มิถุนายน", extraction flags OCR'd dates for checking, the answerers
// recognise a passage that states a date.
export const THAI_MONTHS = ['มกราคม', 'กุมภาพันธ์', 'มีนาคม', 'เมษายน', 'พฤษภาคม', 'มิถุนายน', 'กรกฎาคม', 'สิงหาคม', 'กันยายน', 'ตุลาคม', 'พฤศจิกายน', 'ธันวาคม'];
export const THAI_MONTHS_SHORT = ['ม.ค.', 'ก.พ.', 'มี.ค.', 'เม.ย.', 'พ.ค.', 'มิ.ย.', 'ก.ค.', 'ส.ค.', 'ก.ย.', 'ต.ค.', 'พ.ย.', 'ธ.ค.'];
export const THAI_MONTHS_SPOKEN = ['มกรา', 'กุมภา', 'มีนา', 'เมษา', 'พฤษภา', 'มิถุนา', 'กรกฎา', 'สิงหา', 'กันยา', 'ตุลา', 'พฤศจิกา', 'ธันวา'];

const escaped = (s: string) => s.replace(/[.]/g, '\\.');

/** Regular-expression source matching any full month name (no group). */
export const FULL_MONTH_PATTERN = THAI_MONTHS.join('|');
/** Regular-expression source matching any abbreviation written with both dots, "ม.ค." (no group). */
export const SHORT_MONTH_PATTERN = THAI_MONTHS_SHORT.map(escaped).join('|');

/**
 * An abbreviation as people type it, as regular-expression sources: with its dots and an optional space ("ม. ค.",
 * last dot optional) and run together ("มค", "มค."; not when a Thai letter follows, "มคอ").
 */
export function shortMonthSpellings(month: number): [string, string] {
  const [a, b] = THAI_MONTHS_SHORT[month - 1]!.split('.');
  return [`${a}\\.\\s?${b}\\.?`, `${a}${b}(?:\\.|(?![ก-ฮ]))`];
}
