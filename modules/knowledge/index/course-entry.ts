// A course entry of a curriculum's course descriptions (คำอธิบายรายวิชา): a line with the course code, its name
// and its credits, over the course's English name, prerequisites (วิชาบังคับก่อน) and description:
//   "204491 สหกิจศึกษา 1	8 หน่วยกิต" / "(Cooperative Education I)" / "วิชาบังคับก่อน : … 204490 …" / "นักศึกษาต้อง…"
//   "1500101 ภาษาไทยเพื่อการสื่อสาร 3(3-0-6)"
// Source of the shape: the มคอ.2 curriculum form of the Thai Qualifications Framework (ประกาศกระทรวงศึกษาธิการ เรื่อง
// กรอบมาตรฐานคุณวุฒิระดับอุดมศึกษาแห่งชาติ พ.ศ. ๒๕๕๒ and its มคอ.2 template, หมวดที่ ๓ "คำอธิบายรายวิชา"): credits are
// written "หน่วยกิต (บรรยาย–ปฏิบัติ–ศึกษาด้วยตนเอง)", e.g. "3(3-0-6)"; a course with no hours (a thesis, a work
// placement) says "N หน่วยกิต". Course codes are digits (SUT 204491, Rajabhat 1500101) or a few Latin letters and
// digits (GEN101, ENG 1101). The chunker makes each entry a unit of its own, headed by that line, so every piece
// of a long description still says which course and how many credits it is about.
const DIGIT = '[0-9๐-๙]';
const CODE = `(?:${DIGIT}{5,8}|[A-Z]{2,4}[ -]?${DIGIT}{3,4})`;
const CREDITS = `(?:${DIGIT}{1,2}\\s*\\(\\s*${DIGIT}{1,2}\\s*-\\s*${DIGIT}{1,2}\\s*-\\s*${DIGIT}{1,2}\\s*\\)|${DIGIT}{1,2}\\s*หน่วยกิต)`;
// a course's name is short: a longer "name" is a table's cells run together ("BCM3206 ภาษาอังกฤษ… English for … (4) วิชา…")
const NAME_MAX_CHARS = 60;
const ENTRY = new RegExp(`^(${CODE})\\s+(?=.*[A-Za-z\\u0e01-\\u0e2e])(.{2,${NAME_MAX_CHARS}}?)\\s+(${CREDITS})$`);

export interface CourseLine {
  code: string;
  name: string;
  credits: string;
}

/** The course a line names with its credits ("204491 สหกิจศึกษา 1	8 หน่วยกิต"), or null. */
export function courseLine(line: string): CourseLine | null {
  const m = ENTRY.exec(line.trim());
  return m ? { code: m[1]!, name: m[2]!.replace(/\s+/g, ' ').trim(), credits: m[3]!.replace(/\s+/g, ' ') } : null;
}

// What only a description has: its prerequisites, or a paragraph (a course list's second line is the English name).
const DESCRIBES = /^(?:วิชาบังคับก่อน|วิชาที่ต้องเรียนมาก่อน|เงื่อนไขรายวิชา|เงื่อนไขของรายวิชา|pre-?requisites?)/i;
const PARAGRAPH_CHARS = 100;
const LOOK_AHEAD = 4;

/**
 * Whether lines[i] opens a course's description: a course line followed, before the next course line, by its
 * prerequisites or a paragraph. A run of course lines (a study plan, a group's courses, each over its English
 * name) is a list and stays one passage.
 */
export function opensCourseEntry(lines: readonly string[], i: number): boolean {
  if (!courseLine(lines[i]!)) return false;
  for (let j = i + 1; j < lines.length && j <= i + LOOK_AHEAD; j++) {
    const line = lines[j]!.trim();
    if (courseLine(line)) return false;
    if (DESCRIBES.test(line) || line.length >= PARAGRAPH_CHARS) return true;
  }
  return false;
}

/** The label a course entry is cited by: its line with single spaces ("204491 สหกิจศึกษา 1 8 หน่วยกิต"). */
export function courseLabel(line: string): string {
  const c = courseLine(line)!;
  return `${c.code} ${c.name} ${c.credits}`;
}
