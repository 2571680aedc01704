// The shapes of a document's lines the chunker reads (chunker.ts, numbered-lines.ts, clause-heads.ts): section
// headings and their levels, ข้อ/มาตรา clauses, numbered items, and a heading's label as the path shows it.

export const DIGITS = '[0-9๐-๙]+';
// An academic term by any of the names Thai calendars give it: by its number (ภาคการศึกษาที่ 1/2568), the summer term
// (ภาคฤดูร้อน/2568, ภาคการศึกษาฤดูร้อน) or the special term some universities call it (ภาคการศึกษาพิเศษ/2568), the first
// and second (ภาคต้น, ภาคปลาย), with its year after a slash or as ปีการศึกษา 2568. Not "ภาคพิเศษ" alone: a form's
// choice of programme (ภาคปกติ / ภาคพิเศษ, the evening and weekend one), no term.
export const TERM_HEADING = new RegExp(
  `^(?:ภาค(?:การศึกษา|เรียน)(?:ที่|พิเศษ|ฤดูร้อน)?|ภาคฤดูร้อน|ภาคต้น|ภาคปลาย)\\s*(?:ที่\\s*)?(?:${DIGITS})?\\s*(?:/\\s*${DIGITS})?(?:\\s*ปีการศึกษา\\s*${DIGITS})?$`,
);
// Level of each section keyword: a new heading replaces its level and clears deeper ones.
const SECTION_LEVELS: Array<[RegExp, number]> = [
  // a code's part is numbered alone ("ภาค ๑"); a number with a year after a slash is a term ("ภาค 1/2567", a calendar
  // row's wrapped tail), which heads no part of the document
  [new RegExp(`^ภาค(?:ที่)?\\s*${DIGITS}(?!${DIGITS}|\\s*/)`), 0],
  [new RegExp(`^(?:หมวด(?:ที่)?|บทที่)\\s*${DIGITS}`), 1],
  [new RegExp(`^ส่วน(?:ที่)?\\s*${DIGITS}`), 2],
  // An academic term standing alone on a line heads the rows below it (calendars, fee tables): the
  // same row ("วันสอบไล่") exists for every term, so which term a row belongs to must travel with it.
  [TERM_HEADING, 1],
];
// Some announcements number their clauses "ข้อที่ ๑" (the ordinal form, as หมวดที่ and ส่วนที่ above); the chunker cites
// them as ข้อ ๑ (chunker.ts).
export const CLAUSE = new RegExp(`^(?:ข้อ(?:ที่)?|มาตรา)\\s*${DIGITS}(?:/${DIGITS})?(?:\\s*(?:ทวิ|ตรี|จัตวา))?(?=\\s|$|[^0-9๐-๙/])`);
export const ITEM = new RegExp(`^(?:\\(${DIGITS}\\)|${DIGITS}(?:\\.${DIGITS})*\\.?(?=\\s)|${DIGITS}\\)(?=\\s))`);
export const MAX_HEADING_CHARS = 80;

export interface Line {
  text: string;
  page: number;
}

export function sectionLevel(line: string): number | null {
  for (const [re, level] of SECTION_LEVELS) if (re.test(line)) return level;
  return null;
}

export function shortLabel(line: string): string {
  return line.length <= MAX_HEADING_CHARS ? line : line.slice(0, MAX_HEADING_CHARS).trimEnd() + '…';
}
