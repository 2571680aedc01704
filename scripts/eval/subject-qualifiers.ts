// Read by the near-miss scan only (scripts/eval/near-miss-qualifier.ts; modules/knowledge/scoring/near-miss-evidence.md, fourth round).
// Qualifiers of a question's subject that divide students into cases a rule is written for separately: a fee, a
// quota or a deadline is stated for one degree level, one programme, one kind of term. A clause stating the fact
// for another member of the same kind answers a neighbouring case, however many words it shares with the question.
// Each kind lists members that exclude each other, each member in the documents' wordings (read on folded text).
// Sources:
// - degree level: the six levels of the Thai Qualifications Framework for Higher Education (กรอบมาตรฐานคุณวุฒิ
//   ระดับอุดมศึกษาแห่งชาติ พ.ศ. 2552) as the curriculum standards name them (เกณฑ์มาตรฐานหลักสูตรระดับปริญญาตรี /
//   ระดับบัณฑิตศึกษา พ.ศ. 2565); "บัณฑิตศึกษา" (graduate studies) names the four graduate levels at once;
// - study programme: ภาคปกติ against the out-of-hours programme (ภาคพิเศษ, ภาคสมทบ, ภาคนอกเวลา, and a Rajabhat's
//   กศ.บป., การศึกษาสำหรับบุคคลประจำการ), the two kinds of student the universities' fee and admission documents state;
// - term kind: the bi-semester system's regular semester and summer session (เกณฑ์มาตรฐานหลักสูตรระดับปริญญาตรี
//   พ.ศ. 2565, ระบบทวิภาค);
// - study load: full-time and part-time registration (the same standard);
// - graduate plan: แผน ก and แผน ข (เกณฑ์มาตรฐานหลักสูตรระดับบัณฑิตศึกษา พ.ศ. 2565);
// - student category: นักศึกษาสามัญ and นักศึกษาวิสามัญ (the universities' degree regulations, "ประเภทนักศึกษา").

export interface QualifierMember {
  name: string;
  /** how documents (and questions in the documents' wording) write it, on folded text */
  written: RegExp;
}

export interface QualifierKind {
  kind: string;
  members: readonly QualifierMember[];
}

const GRADUATE = 'บัณฑิตศึกษา';
const POST_GRADUATE_DIPLOMA = /ประกาศนียบัตร\s?บัณฑิต\s?ชั้นสูง/;

export const SUBJECT_QUALIFIERS: readonly QualifierKind[] = [
  {
    kind: 'degree level',
    members: [
      { name: 'อนุปริญญา', written: /อนุปริญญา/ },
      { name: 'ปริญญาตรี', written: /ปริญญา\s?ตรี|ป\.\s?ตรี/ },
      { name: 'ประกาศนียบัตรบัณฑิต', written: new RegExp(`ประกาศนียบัตร\\s?บัณฑิต(?!\\s?ชั้นสูง)|${GRADUATE}`) },
      { name: 'ปริญญาโท', written: new RegExp(`ปริญญา\\s?โท|ป\\.\\s?โท|มหาบัณฑิต|${GRADUATE}`) },
      { name: 'ประกาศนียบัตรบัณฑิตชั้นสูง', written: new RegExp(`${POST_GRADUATE_DIPLOMA.source}|${GRADUATE}`) },
      { name: 'ปริญญาเอก', written: new RegExp(`ปริญญา\\s?เอก|ป\\.\\s?เอก|ดุษฎีบัณฑิต|${GRADUATE}`) },
    ],
  },
  {
    kind: 'study programme',
    members: [
      { name: 'ภาคปกติ', written: /ภาคปกติ|ภาคในเวลา/ },
      { name: 'ภาคพิเศษ', written: /ภาคพิเศษ|ภาคสมทบ|ภาคนอกเวลา|กศ\.\s?บป|การศึกษาสำหรับบุคคลประจำการ/ },
    ],
  },
  {
    kind: 'term kind',
    members: [
      { name: 'ภาคการศึกษาปกติ', written: /ภาค(?:การศึกษา|เรียน)\s?ปกติ/ },
      { name: 'ภาคฤดูร้อน', written: /ฤดูร้อน/ },
    ],
  },
  {
    kind: 'study load',
    members: [
      { name: 'เต็มเวลา', written: /(?<!ไม่\s?)เต็มเวลา/ },
      { name: 'ไม่เต็มเวลา', written: /ไม่\s?เต็มเวลา/ },
    ],
  },
  {
    kind: 'graduate plan',
    // "แผนก" (a department) is not แผน ก: the plan is written apart or with its variant (แบบ ก 1)
    members: [
      { name: 'แผน ก', written: /แผน\s+ก(?![ก-๙])|แผน\s?ก\s?[12]|แบบ\s?ก\s?[12]/ },
      { name: 'แผน ข', written: /แผน\s?ข(?![ก-๙])/ },
    ],
  },
  {
    kind: 'student category',
    members: [
      { name: 'นักศึกษาสามัญ', written: /นักศึกษา\s?สามัญ/ },
      { name: 'นักศึกษาวิสามัญ', written: /นักศึกษา\s?วิสามัญ/ },
    ],
  },
];

// A member the question rules out is not what it asks ("ไม่ใช่ภาคพิเศษ"), as in off-question.ts.
const RULED_OUT = /(?:ไม่ใช่|ไม่ได้|ไม่|มิใช่)\s*$/;

/** The members of each kind a folded text names, by kind (a kind it names none of is absent). */
export function qualifiersNamed(text: string, { askedOnly = false } = {}): Map<string, Set<string>> {
  const named = new Map<string, Set<string>>();
  for (const { kind, members } of SUBJECT_QUALIFIERS) {
    for (const { name, written } of members) {
      const all = new RegExp(written.source, 'g');
      const asked = [...text.matchAll(all)].some((m) => !askedOnly || !RULED_OUT.test(text.slice(0, m.index)));
      if (!asked) continue;
      if (!named.has(kind)) named.set(kind, new Set());
      named.get(kind)!.add(name);
    }
  }
  return named;
}
