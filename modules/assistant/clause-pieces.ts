// A clause cut into the pieces the embedded answerer (extractive.ts) chooses among: sentences, list
// items, table rows, and the table's header. Hand-written: the shapes of Thai regulation text (a space
// between sentences, "(๑)" items, tab-separated rows from extraction) are few and fixed.
import escapeStringRegexp from 'escape-string-regexp';
import { fold } from './text-match';

export const CLAUSE_START = /^(?:ข้อ(?:ที่)?|มาตรา)\s*[0-9๐-๙]/;
export const LIST_ITEM = /^\(?[0-9๐-๙]+[).]/;
// A bulleted detail under a list item ("(๒) ค่าพาหนะเดินทาง ให้เบิกจ่ายดังนี้" "- ระยะทางระหว่างจังหวัด …").
export const SUB_ITEM = /^(?!.* \| )[-–•▪●]\s*\S/;
// A line announcing a list: its lead-in word ends it ("… ดังนี้", "ประกอบด้วย :"), or "ดังต่อไปนี้" (as follows: it only
// ever points forward) stands inside it ("ให้บุคคลดังต่อไปนี้เป็นผู้รับรอง", a form's note over its numbered persons).
export const LEADS_A_LIST = /(ดังต่อไปนี้|ดังนี้|ต่อไปนี้|ได้แก่|ประกอบด้วย)\s*:?\s*$|ดังต่อไปนี้/;
// Words that open a new sentence inside a long Thai line (Thai separates sentences with a space).
const SENTENCE_OPENER = /^(?:และ|ทั้งนี้|หาก|ในกรณี|ห้าม|โดย|เว้นแต่|แต่|อนึ่ง|นอกจากนี้|กรณี)/;
export const TABLE_ROW = / \| /;
// A Thai memo or letter (บันทึกข้อความ, หนังสือราชการ) heads its text with its subject and its addressee, one
// under the other: "เรื่อง ขอความอนุเคราะห์เปลี่ยนรหัสวิชา" "เรียน ผู้อำนวยการกองบริการการศึกษา".
export const SUBJECT_LINE = /^เรื่อง\s/;
export const ADDRESSEE_LINE = /^เรียน\s+([^\s|]+)/;
// A curriculum (TQF มคอ.2) prints a course as its entry line, opening with its code ("02731499 | โครงงานคณิตศาสตร์
// ประยุกต์ (Applied Mathematics Project) | 3", under a dotted item number or not: "2.9.4.1 150013160 แบดมินตัน
// (Badminton) หน่วยกิต 1(0-2-1)"), and under it the line naming what must be passed first, in the words curricula use
// ("วิชาที่ต้องเรียนมาก่อน : 02731497", "ก) วิชาบังคับก่อน (Prerequisite)", "Prerequisite: none").
export const COURSE_ENTRY = /^(?:[0-9๐-๙]+(?:\.[0-9๐-๙]+)*\s+)?[0-9๐-๙]{5,10}\*{0,2}(?:\s|$)/;
export const PREREQUISITE_LINE = /^(?:[ก-ฮ]\)\s*)?(?:วิชาบังคับก่อน|วิชาที่ต้องเรียนมาก่อน|prerequisites?\b)/i;
// A note in parentheses on its own line under a table row qualifies that row ("พิธีไหว้ครู | 3 กรกฎาคม"
// over "(งดการเรียน … ครึ่งวันเช้า)").
const ROW_NOTE = /^\((?![0-9๐-๙]+\))/;
const MIN_PIECE = 50;
// A page's running footer or header inside a clause that runs over a page break ("rule-money-grade- -หน้า4/5",
// "- ๕ -"): not part of the text, and it would cut a list from the lead-in that announces it.
const RUNNING_LINE = /(?:^|\s|-)หน้า\s*[0-9๐-๙]+\s*(?:\/|จาก)\s*[0-9๐-๙]+\s*$|^[-–]\s*[0-9๐-๙]{1,3}\s*[-–]$/;
const PAGE_NUMBER = /^[0-9๐-๙]{1,3}$/;
// A scan's OCR noise line ("a ?! ๓ = A  o ๕ 3 ,๐ ๓  ow ow", "๐ ๊ ส๕ ๐"): short tokens only, no word of three Thai
// letters, and a stray symbol, a tone mark without its letter, or Latin mixed with Thai script. Quoted, it
// stands between a sentence and its wrapped end.
const THAI_WORD = /[ก-ฮ][\u0e30-\u0e4e]*[ก-ฮ][\u0e30-\u0e4e]*[ก-ฮ]/;
const STRAY = /[=?!@«»~^*_]|(?:^|\s)[\u0e31\u0e34-\u0e3a\u0e47-\u0e4e]/;
export function ocrNoise(line: string): boolean {
  const tokens = line.split(/[\s|]+/).filter(Boolean);
  if (tokens.length < 4 || tokens.some((t) => t.length > 4) || THAI_WORD.test(line)) return false;
  return STRAY.test(line) || (/[a-z]/i.test(line) && /[\u0e00-\u0e7f]/.test(line));
}
const MAX_HEADER = 120;
// A form's blank field, the dots a reader writes on ("ข้าพเจ้า นาย/นางสาว.................รหัสประจำตัว..........."), is no
// text: an answer shows one "…" for it, as a reader copying the form would write it. Only what is shown: the pieces keep
// their dots, so which pieces are quoted and how well they match are read as before (read in the pieces, the blanks
// moved a quote's score and with it a confidence: scripts/eval/data/README.md, 'A form's blank fields').
// (the period of an abbreviation the blank follows stays: "พ.ศ.......")
const BLANK_FIELD = /(?:(?<!\.[ก-ฮ])[.…]{4,}|(?<=\.[ก-ฮ]\.)[.…]{3,})(?:\s+[.…]{4,})*/g;
/**
 * `text` as shown: each blank field of a form one "…", a line of nothing but blanks left out. A blank beside the mark
 * of a cut in the quote (" … ") reads as one "…" ("วันที่… … ได้รับเงิน" was shown).
 */
export const withoutBlanks = (text: string) =>
  text
    .replace(BLANK_FIELD, '…')
    .replace(/…(?:[ \t]+…)+/g, '…')
    .replace(/^[ \t]*…[ \t]*(?:\n|$)/gm, '')
    .replace(/\n+$/, '');
// A line that opens with a number and its unit ("1 สัปดาห์ มิฉะนั้น…", "๓๐ วัน นับแต่…") is the wrapped end of
// the sentence above: a Thai sentence puts its number after the noun or verb it counts ("ภายใน 1 สัปดาห์"), and
// an item is numbered "1." or "(1)", never "1 สัปดาห์". Read apart, the sentence loses the number it states.
const WRAPPED_END = /^[0-9๐-๙]+(?:[.,][0-9๐-๙]+)*\s*(?:สัปดาห์|วัน|เดือน|ปี|บาท|ชั่วโมง|ชม\.|นาที|ครั้ง|หน่วยกิต|ภาค|คน|ชุด|ฉบับ|เท่า|คะแนน|รายวิชา|วิชา|%)/;

/**
 * A line between two rows that is a row's first cell wrapped over two lines ("วันสุดท้ายของการขอแก้ไขชื่อ-สกุล
 * ของนักศึกษาระดับปริญญาตรี" over "ที่คาดว่าจะสำเร็จการศึกษา | ศุกร์ที่ 17 ตุลาคม 2568"): extraction puts the column
 * gap on the cell's last line only, so the words naming the row and the value it gives are two pieces. (A line with a
 * number in it is a whole row whose gap extraction lost: "วันประมวลผลการลงทะเบียน พฤหัสบดีที่ 16 - อาทิตย์ที่ 19 เมษายน
 * 2569".) The pieces stay apart, as a label over several rows does; the quote reads the two together (clause-quote.ts).
 */
export const wrappedCell = (line: string, above: string | undefined, below: string | undefined) =>
  !/[0-9๐-๙]/.test(line) &&
  !TABLE_ROW.test(line) &&
  above !== undefined &&
  below !== undefined &&
  TABLE_ROW.test(above) &&
  TABLE_ROW.test(below) &&
  !LIST_ITEM.test(line) &&
  !CLAUSE_START.test(line) &&
  !LIST_ITEM.test(below);

const count = (text: string, c: string) => text.split(c).length - 1;
const unclosed = (text: string) => count(text, '(') > count(text, ')');
const closesFirst = (line: string) => line.includes(')') && !line.slice(0, line.indexOf(')')).includes('(');

/** A clause as sentence-sized pieces: lines, long lines cut before sentence openers, tiny pieces merged. */
export function pieces(text: string): string[] {
  const out: string[] = [];
  const lines: string[] = [];
  let running = false;
  for (const raw of text.split('\n')) {
    const l = raw.replace(/\t+/g, ' | ').trim();
    if (!l) continue;
    // the page number printed next to a running line goes with it
    const furniture = RUNNING_LINE.test(l) || (running && PAGE_NUMBER.test(l));
    running = RUNNING_LINE.test(l);
    if (!furniture && !ocrNoise(l)) lines.push(l);
  }
  // A short line of its own between table rows names the rows under it ("วันปฐมนิเทศนักศึกษาใหม่" over
  // "สำหรับนักศึกษาปริญญาตรี | พุธที่ 18 …" and "สำหรับนักศึกษาบัณฑิตศึกษา | …"): it is read with each of
  // them (sub-rows begin alike), never glued onto the row above as its tail.
  let group: { label: string; lead: string | null } | null = null;
  for (const [n, line] of lines.entries()) {
    if (ROW_NOTE.test(line) && out.length && TABLE_ROW.test(out[out.length - 1])) {
      out[out.length - 1] += ` ${line}`;
      continue;
    }
    if (TABLE_ROW.test(line)) {
      const start = line.slice(0, 4);
      if (group && (group.lead ??= start) === start) out.push(`${group.label} ${line}`);
      else (group = null), out.push(line); // a table row is one fact: never merged, never cut
      continue;
    }
    group = null;
    if (WRAPPED_END.test(line) && out.length && !TABLE_ROW.test(out[out.length - 1])) {
      out[out.length - 1] += ` ${line}`;
      continue;
    }
    // a parenthesis opened on the line above and closed on this one: the line above wrapped
    if (out.length && !TABLE_ROW.test(out[out.length - 1]) && !LIST_ITEM.test(line) && unclosed(out[out.length - 1]) && closesFirst(line)) {
      out[out.length - 1] += ` ${line}`;
      continue;
    }
    // (a line announcing a list, "ส่งใบคำร้อง : ประกอบด้วย", is the lead-in of the items below it: a piece of its own)
    // ("ดังนี้" alone on a line ends the sentence above it)
    const leadIn = LEADS_A_LIST.test(line) && line.replace(LEADS_A_LIST, '').trim().length >= 4;
    if (!leadIn && (!out.length || TABLE_ROW.test(out[out.length - 1])) && line.length < MIN_PIECE / 2 && TABLE_ROW.test(lines[n + 1] ?? '')) {
      group = { label: line, lead: null };
      continue;
    }
    const parts: string[] = [];
    for (const seg of line.split(' ')) {
      const last = parts.length - 1;
      if (last >= 0 && !(SENTENCE_OPENER.test(seg) && parts[last].length >= MIN_PIECE)) parts[last] += ' ' + seg;
      else parts.push(seg);
    }
    // a short tail ("ทั้งนี้ …") belongs to its neighbour
    for (const p of parts) {
      if (out.length && p.length < MIN_PIECE / 2 && !LIST_ITEM.test(p) && !CLAUSE_START.test(p) && !(leadIn && parts.length === 1))
        out[out.length - 1] += ' ' + p;
      else out.push(p);
    }
  }
  return out;
}

/**
 * The header of a clause's table, or −1. A header row names columns: no digits in its cells after the
 * first (a calendar has no header: every row is "event | date"). OCR often loses a header's column gaps
 * (headers are set apart, centred or wrapped) while the rows keep theirs: then the short line without
 * digits right above the first row names the columns.
 */
export function headerOf(ps: string[]): number {
  const marked = ps.findIndex((p) => TABLE_ROW.test(p) && !/[0-9๐-๙]/.test(p.split(' | ').slice(1).join(' ')));
  if (marked >= 0) return marked;
  const first = ps.findIndex((p) => TABLE_ROW.test(p));
  const above = ps[first - 1];
  return first > 0 &&
    above &&
    !TABLE_ROW.test(above) &&
    !LIST_ITEM.test(above) &&
    !CLAUSE_START.test(above) &&
    !/[0-9๐-๙]/.test(above) &&
    above.length <= MAX_HEADER
    ? first - 1
    : -1;
}

/**
 * The question names a table row by its key, the row's first cell, as a token of its own ("ได้ B+ …"
 * names the row "B+ | ๓.๕๐ | ดีมาก", not "B"): keys too short to be words (grades, codes) are missed by
 * word matching.
 */
export function namesRowKey(question: string, row: string): boolean {
  const key = fold(row.split(' | ')[0]!.trim());
  // Thai keys are matched as words already, and a bare number is more often a count than a row name:
  // this is for keys with Latin letters (grades, codes).
  if (!key || key.length > 12 || !/[a-z]/.test(key) || /[ก-๙]/.test(key)) return false;
  const escaped = escapeStringRegexp(key);
  return new RegExp(`(?<![a-z0-9+.])${escaped}(?![a-z0-9+])`).test(fold(question));
}
