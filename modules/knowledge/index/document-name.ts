// A regulation's own name, read from its text: "ข้อ ๑ ข้อบังคับนี้เรียกว่า “…”", or the title lines it opens
// with ("ระเบียบมหาวิทยาลัย…" / "ว่าด้วย…" / "พ.ศ. …"). Libraries are often filled from files named
// "scan_0012.pdf" or "regulation.pdf"; a question that names the regulation ("ตามระเบียบว่าด้วยการลา…")
// then matches nothing in the display title. The name is a second title: scored with the title field
// (title-field.ts), counted as the passage's context by the evidence, and, like the title, taken out of
// the clause that merely states it (index-schema.ts lexicalText).
import type { SourcePage } from './chunker.ts';

const KINDS = 'ข้อบังคับ|ระเบียบ|ประกาศ|พระราชบัญญัติ|พระราชกฤษฎีกา|กฎกระทรวง|คำสั่ง|หลักเกณฑ์|แนวปฏิบัติ|ประมวลกฎหมาย';
// The naming clause: the first ข้อ/มาตรา of a regulation says what it is called.
const CALLED = new RegExp(`(?:ข้อ|มาตรา)\\s*[0-9๐-๙]+\\s*(?:${KINDS})\\S*?นี้(?:ให้)?\\s*เรียกว่า\\s*[“"]([^”"\\n]{8,200})[”"]`);
const TITLE_START = new RegExp(`^(?:${KINDS})\\S`);
// Lines that continue a title: its subject, its year, its number.
const TITLE_MORE = /^(?:ว่าด้วย|เรื่อง|พ\.ศ\.|\(ฉบับที่|ฉบับที่)/;
const MAX_TITLE_LINE = 120;
const LOOK_LINES = 40;

/** The regulation's name as its text gives it, or null (prose, articles, documents without one). */
export function documentNameFrom(pages: readonly SourcePage[]): string | null {
  const lines: string[] = [];
  for (const p of pages) {
    for (const raw of p.text.split('\n')) {
      const line = raw.replace(/\s+/g, ' ').trim();
      if (line) lines.push(line);
      if (lines.length >= LOOK_LINES) break;
    }
    if (lines.length >= LOOK_LINES) break;
  }
  const called = CALLED.exec(lines.join('\n'))?.[1]?.trim();
  if (called) return called;
  // Title lines at the very top (a title page or a heading before the preamble).
  const first = lines.slice(0, 3).findIndex((l) => TITLE_START.test(l) && l.length <= MAX_TITLE_LINE && !/[.?!]\s|ๆ\s/.test(l));
  if (first < 0) return memoSubject(lines);
  const parts = [lines[first]!];
  for (const l of lines.slice(first + 1, first + 4)) {
    if (!TITLE_MORE.test(l) || l.length > MAX_TITLE_LINE) break;
    parts.push(l);
  }
  return parts.join(' ');
}

// A บันทึกข้อความ (an internal memo) has no title line: its subject is the "เรื่อง" field of its head, which the
// correspondence rules put after the sending unit and the reference number (ส่วนราชการ …, ที่ … วันที่ …, เรื่อง …,
// เรียน …: ระเบียบสำนักนายกรัฐมนตรีว่าด้วยงานสารบรรณ พ.ศ. ๒๕๒๖). On a scan the word บันทึกข้อความ often loses its marks
// (บนทกขอความ), while ส่วนราชการ reads: the subject is the first เรื่อง line within a few lines after it. A form's
// empty field ("เรื่อง ......") names nothing.
const MEMO_UNIT = /^ส่วนราชการ/;
const MEMO_SUBJECT = /^เรื่อง\s*(.+)$/;
const MEMO_FIELDS = 4;
// a subject of a few words at least: Thai letters (a blank field is dots, a damaged one a letter or two)
const SUBJECT_LETTERS = 8;

function memoSubject(lines: readonly string[]): string | null {
  const unit = lines.findIndex((l) => MEMO_UNIT.test(l));
  if (unit < 0) return null;
  for (const l of lines.slice(unit + 1, unit + 1 + MEMO_FIELDS)) {
    const m = MEMO_SUBJECT.exec(l);
    if (!m) continue;
    // the addressee may run on on the same line
    const subject = m[1]!
      .split(/\s+เรียน\s/)[0]!
      .trim()
      .slice(0, MAX_TITLE_LINE);
    return (subject.match(/[\u0e01-\u0e2e]/g) ?? []).length >= SUBJECT_LETTERS ? subject : null;
  }
  return null;
}
