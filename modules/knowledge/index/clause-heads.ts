// The headings a piece of a split clause keeps, so a sub-item cut away from its clause still says what it is
// about: the clause's own opening words ("ข้อ ๑๗ การวัดผล…", "๘. จำนวนหน่วยกิตรวม…") and the dotted sub-item
// headings above it ("๑.๒ การตรวจสอบรายชื่อบัณฑิต" over ๑.๒.๑, ๑.๒.๒ …).
import { DIGITS, MAX_HEADING_CHARS, shortLabel } from './line-shapes.ts';

const CLAUSE_MARK = new RegExp(`^(?:(?:ข้อ(?:ที่)?|มาตรา)\\s*${DIGITS}(?:/${DIGITS})?|${DIGITS}\\.(?![0-9๐-๙]))\\s*`);
const ITEM = new RegExp(`^(?:\\(${DIGITS}\\)|\\([ก-ฮ]\\)|${DIGITS}(?:\\.${DIGITS})*\\.?(?=\\s)|${DIGITS}\\)(?=\\s))`);
const DOTTED = new RegExp(`^(${DIGITS}(?:\\.${DIGITS})+)\\.?\\s+(\\S.*)$`);
// A sub-item heading is a title, not a sentence ("๒๘.๔ จะขอยกเว้นได้ไม่เกินสองในสาม…" is an item). Over the eval
// libraries' 2,526 distinct pages, 452 of the 478 dotted items followed by their own child run to 90 characters or
// fewer (309 to 60): section titles, a list's lead-in, and a curriculum's course entry (code, Thai and English names,
// credits: "1.5.20 020323208 การออกแบบคอนกรีตอัดแรง (Pre-stressed Concrete Design) หน่วยกิต 3(3-0-6)").
const SUB_HEADING_CHARS = 90;
// OCR specks between a line and the next ("a", "ก", "๑ ๒"): not text
const SPECK_CHARS = 3;

interface HeadLine {
  text: string;
}

/** The first line after `i` that is more than an OCR speck. */
function nextText(lines: readonly HeadLine[], i: number): HeadLine | undefined {
  for (let j = i + 1; j < lines.length; j++) if (lines[j].text.length > SPECK_CHARS) return lines[j];
  return undefined;
}

/**
 * The clause's opening words (its opening unit's first line, or the second when the first is the number alone)
 * without its number. Only an opening line short enough to be a heading, or one its
 * list follows ("…มีหลักเกณฑ์ดังนี้" over (๑) (๒) (๓), cut to a heading's length): a law's section opens with a
 * long sentence ("ผู้ใดกระทำความผิด…"), whose words would lift the section's every piece for every question
 * (criminal code hit@1 −1).
 */
export function clauseHead(opening: readonly HeadLine[], clause: readonly HeadLine[]): string | null {
  const own = opening[0].text.replace(CLAUSE_MARK, '');
  const head = own.length >= 4 ? own : opening[1]?.text;
  if (!head) return null;
  if (head.length <= MAX_HEADING_CHARS) return head;
  const after = nextText(clause, own.length >= 4 ? 0 : 1);
  return after && ITEM.test(after.text) ? shortLabel(head) : null;
}

const depthOf = (number: string) => number.split('.').length;

/**
 * For each line, the dotted sub-item headings open above it: a dotted item whose next item is its own child
 * ("๑.๒ การตรวจสอบรายชื่อบัณฑิต" then "๑.๒.๑ …") heads its children, up to the next item of its depth or less.
 */
export function subHeadings(lines: readonly HeadLine[]): string[][] {
  const dotted = lines.map((l) => DOTTED.exec(l.text));
  const open: Array<{ depth: number; text: string }> = [];
  const out: string[][] = [];
  let next: string | undefined; // the number of the next dotted item, read from the end
  const nextNumber: Array<string | undefined> = [];
  for (let i = lines.length - 1; i >= 0; i--) {
    nextNumber[i] = next;
    next = dotted[i]?.[1] ?? next;
  }
  lines.forEach((line, i) => {
    const m = dotted[i];
    if (m) {
      const depth = depthOf(m[1]);
      while (open.length && open.at(-1)!.depth >= depth) open.pop();
    }
    out.push(open.map((h) => h.text));
    if (m && m[2].length <= SUB_HEADING_CHARS && nextNumber[i]?.startsWith(`${m[1]}.`)) open.push({ depth: depthOf(m[1]), text: line.text });
  });
  return out;
}
