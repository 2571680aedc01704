// Numbered lines outside a ข้อ clause ("๑.", "๘. จำนวนหน่วยกิตรวม…"): which start a clause cited as ข้อ N, which
// are topic headings over their clause's text, which are items of a list, and the line a numbered run follows.
import { foldThaiDigits } from '../../../src/thai/digits.ts';
import { CLAUSE, DIGITS, ITEM, type Line, sectionLevel, shortLabel } from './line-shapes.ts';

// An announcement or a standard without ข้อ numbers its clauses "๑.", "๒." (ministry standards, faculty
// announcements, step lists): outside a ข้อ clause such a line starts a clause of its own, cited as ข้อ N as a
// reader cites it. A run starts at ๑ (not inside a dotted sub-item: "6.5 … 1. 2. 3." is 6.5's list) and goes on
// with one or two more than the last number (OCR loses one now and then; a ๑ inside the run is a list of that
// clause). A line is taken when it is a clause rather than a short list item: a topic heading with text below
// it, or a line of text itself. A sub-item "๒.๑" whose major number is the next clause's opens that clause
// when OCR lost its own line.
export const NUMBERED = new RegExp(`^(${DIGITS})(?:\\.(?![0-9๐-๙])\\s*|,\\s+)(?=[^\\s0-9๐-๙(,])`);
export const SUB_ITEM = new RegExp(`^(${DIGITS})\\.(${DIGITS})`);
const TOPIC_MAX_CHARS = 60;
const NUMBERED_LINE_CHARS = 40;

export const numberOf = (digits: string) => Number(foldThaiDigits(digits));

// The line a numbered run follows ("คุณสมบัติของผู้สมัคร", "มีแนวทางโดยสรุปดังนี้", "นักศึกษาที่ต้องการ…ขอให้
// ดำเนินการดังนี้"): short, and no number, clause or heading itself. It heads every clause of its run, as a
// หมวด heads its clauses: the steps of pr.pdf say what they are steps of only there.
const LEAD_MAX_CHARS = 120;

export function leadOf(lines: Line[], i: number): string | null {
  const prev = lines[i - 1]?.text;
  if (!prev || prev.length > LEAD_MAX_CHARS || NUMBERED.test(prev) || ITEM.test(prev) || CLAUSE.test(prev) || SUB_ITEM.test(prev)) return null;
  return sectionLevel(prev) === null && /[\u0e01-\u0e2e]/.test(prev) ? shortLabel(prev) : null;
}

/**
 * The line's number when it starts a numbered clause after `last` (the previous one's number, if any), and
 * whether it is a topic heading ("๑. คุณสมบัติของผู้สมัคร" over its text), which heads the clause's pieces.
 */
export function numberedClause(lines: Line[], i: number, last: number | null, nested: boolean, lastTopic: boolean): { digits: string; topic: boolean } | null {
  const m = NUMBERED.exec(lines[i].text);
  if (!m) return null;
  const n = numberOf(m[1]);
  // a ๑ inside a run starts a new list under its own heading line, or is the clause's own list
  if (!(last === null || (n === 1 && leadOf(lines, i) !== null) ? n === 1 && !nested : n > last && n <= last + 2)) return null;
  const next = lines[i + 1]?.text;
  // A line right under its previous sibling written as a short bare item ("4. สำเนาบัตรประจำตัวนักศึกษา" over "5.
  // หนังสือรับรองรายได้…", or at the end of a line OCR joined) is an item of that list too, unless its own sub-items
  // follow ("๓. การคิดหน่วยกิต" over "๓.๑ …", "2. โครงสร้างหลักสูตร" over "(2.1) …"): a checklist's last item, over the
  // next table row's text, is no topic heading that row. A sibling that is a topic, a statement ("๒. ชื่อปริญญา …" in
  // a sentence) or an inner list's item ("2. ใบเพิ่มรายวิชา" under "4. ขอลงทะเบียนเรียนซ้ำ", over "5. ขอความ
  // อนุเคราะห์…") says nothing of it. A short item so kept (under NUMBERED_LINE_CHARS) stays in the open clause's text,
  // as the items of a list do.
  const listed = !lastTopic && bareItemAbove(lines[i - 1]?.text, n) && !ownSubItem(next, n);
  // a topic heads text longer than itself ("๕. มีทักษะการสื่อสาร…" over "เอกสารประกอบการสมัคร" is an item)
  const topic = !listed && lines[i].text.length <= TOPIC_MAX_CHARS && next !== undefined && !NUMBERED.test(next) && next.length > lines[i].text.length;
  return topic || lines[i].text.length >= NUMBERED_LINE_CHARS ? { digits: m[1], topic } : null;
}

// "3. สำเนาเอกสาร… 4. สำเนาบัตร…": an item written on the line of the one before it (OCR joins a table's short rows)
const INLINE_ITEM = new RegExp(`(?:^|\\s)(${DIGITS})\\.\\s*(?=[^\\s0-9๐-๙])`, 'g');

// "2.1 …" or "(2.1) …": a sub-item, with its parent's number
const SUB_ITEM_OF = new RegExp(`^\\(?(${DIGITS})\\.${DIGITS}`);

/** Whether `line` is a sub-item of item n ("๓.๑ …" under "๓.", "(2.1) …" under "2."). */
function ownSubItem(line: string | undefined, n: number): boolean {
  const m = line === undefined ? null : SUB_ITEM_OF.exec(line);
  return m !== null && numberOf(m[1]) === n;
}

/** Whether `line` is a numbered line ending with item n − 1, written short (at most a topic's length). */
function bareItemAbove(line: string | undefined, n: number): boolean {
  if (line === undefined || !NUMBERED.test(line)) return false;
  const last = [...line.matchAll(INLINE_ITEM)].at(-1);
  return last !== undefined && numberOf(last[1]) === n - 1 && line.length - last.index <= TOPIC_MAX_CHARS;
}
