// A regulation's own name, read from its text: "ข้อ ๑ ข้อบังคับนี้เรียกว่า “…”", or the title lines it opens
// with ("ระเบียบมหาวิทยาลัย…" / "ว่าด้วย…" / "พ.ศ. …"). Libraries are often filled from files named
// "scan_0012.pdf" or "regulation.pdf"; a question that names the regulation ("ตามระเบียบว่าด้วยการลา…")
// then matches nothing in the display title. The name is a second title: scored with the title field
// (title-field.ts), counted as the passage's context by the evidence, and, like the title, taken out of
// the clause that merely states it (index-schema.ts lexicalText).
import type { SourcePage } from './chunker.ts';

const KINDS = 'ข้อบังคับ|ระเบียบ|ประกาศ|พระราชบัญญัติ|พระราชกฤษฎีกา|กฎกระทรวง|คำสั่ง|หลักเกณฑ์|แนวปฏิบัติ|ประมวลกฎหมาย';
// The naming clause: the first ข้อ/มาตรา of a regulation says what it is called.
const CALLED = new RegExp(`(?:ข้อ(?:ที่)?|มาตรา)\\s*[0-9๐-๙]+\\s*(?:${KINDS})\\S*?นี้(?:ให้)?\\s*เรียกว่า\\s*[“"]([^”"\\n]{8,200})[”"]`);
const TITLE_START = new RegExp(`^(?:${KINDS})\\S`);
// Lines that continue a title: its subject, its year, its number.
const TITLE_MORE = /^(?:ว่าด้วย|เรื่อง|พ\.ศ\.|\(ฉบับที่|ฉบับที่)/;
const MAX_TITLE_LINE = 120;
const LOOK_LINES = 40;
// A curriculum's title block, as the TQF's programme specification (มคอ.๒: ประกาศกระทรวงศึกษาธิการ เรื่อง แนวทางการปฏิบัติ
// ตามกรอบมาตรฐานคุณวุฒิระดับอุดมศึกษาแห่งชาติ พ.ศ. ๒๕๕๒) sets it: the programme ("หลักสูตรวิทยาศาสตรบัณฑิต"), its field
// ("สาขาวิชา…") and its edition ("หลักสูตรปรับปรุง พ.ศ. ๒๕๕๙"), under the form's own name ("มคอ.2", "รายละเอียดของหลักสูตร")
// or a page number. Every curriculum of a faculty has the same clauses (general education, credits, study plan); only
// this block tells them apart, and file names ("CS60.pdf", "ITc59_10p.pdf") rarely say it. A running head ("… | 1")
// or a form's field ("หลักสูตร…บัณฑิต ภาคการศึกษาที่ ......") is not a title.
const CURRICULUM_START = /^\(?หลักสูตร(?!ปรับปรุง|ใหม่)\S*(?:บัณฑิต|ระดับ|ปริญญา)/;
const CURRICULUM_MORE = /^(?:สาขาวิชา|\(?หลักสูตร(?:ปรับปรุง|ใหม่)|\(?พ\.ศ\.)/;
const CURRICULUM_LOOK = 6;
const NOT_A_TITLE = /[|\t]|\.{3,}|…/;

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
  if (first >= 0) return titleLines(lines, first, TITLE_MORE, null, true);
  const curriculum = lines.slice(0, CURRICULUM_LOOK).findIndex((l) => CURRICULUM_START.test(l) && l.length <= MAX_TITLE_LINE && !NOT_A_TITLE.test(l));
  if (curriculum >= 0) return titleLines(lines, curriculum, CURRICULUM_MORE, NOT_A_TITLE);
  return memoSubject(lines);
}

/**
 * The title line at `first` and the lines right under it that continue it (`more`, and not `stop`), as one line. A
 * regulation's continuation may be a blank year ("พ.ศ. ....": a draft, assistant/versions.ts), a curriculum's may not.
 */
function titleLines(lines: readonly string[], first: number, more: RegExp, stop: RegExp | null, subjects = false): string {
  const parts = [lines[first]!];
  let subject = subjects && SUBJECT.test(lines[first]!);
  for (const l of lines.slice(first + 1, first + 4)) {
    const wraps = subject && subjectGoesOn(l);
    if ((!more.test(l) && !wraps) || l.length > MAX_TITLE_LINE || stop?.test(l)) break;
    parts.push(l);
    subject = subjects && (SUBJECT.test(l) || wraps);
  }
  return parts.join(' ');
}

// A subject too long for one centred heading line goes on to the next ("เรื่อง แนวปฏิบัติเกี่ยวกับ … จำนวนหน่วยกิต" over
// "และการดำเนินการอื่นที่เกี่ยวข้องกับการจัดการศึกษาระดับปริญญาตรี", "เรื่อง รับสมัครสอบแข่งขัน … สายสนับสนุน" over
// "ตำแหน่งนักวิชาการคอมพิวเตอร์"), and the year may come after it. The body opens with its preamble (โดยที่, ด้วย, ตามที่,
// อาศัยอำนาจ …: the announcement forms of ระเบียบสำนักนายกรัฐมนตรีว่าด้วยงานสารบรรณ), an item ("๑.") or a long line; a scan's
// noise line (OCR's Latin and stray marks over a seal) is no subject. A wrapped line is a heading's: short, words only.
const SUBJECT = /^เรื่อง\s*\S/;
const BODY_OPENS = /^(?:โดยที่|ด้วย|ตามที่|อาศัย|เนื่องจาก|เนื่องด้วย|ประกาศ\s*ณ)/;
const WRAPPED_SUBJECT_CHARS = 80;
// Thai consonants in a line: how much of it is words, not a scan's marks
const thaiLetters = (line: string) => (line.match(/[\u0e01-\u0e2e]/g) ?? []).length;
function subjectGoesOn(line: string): boolean {
  if (line.length > WRAPPED_SUBJECT_CHARS || BODY_OPENS.test(line) || !/^[\u0e01-\u0e2e\u0e40-\u0e44]/.test(line)) return false;
  // Thai words (a year's digits may follow them): no Latin and no stray symbols, which a scan's noise line has
  return !/[a-z=?!@«»~^*_|]/i.test(line) && thaiLetters(line) >= 6;
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
    return thaiLetters(subject) >= SUBJECT_LETTERS ? subject : null;
  }
  return null;
}
