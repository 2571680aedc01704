// Whether a passage's text holds one of the question's focus words (evidence.ts coveredIn reads these): a code or a
// number as a whole token, a Thai word anywhere, and the words of a documents' term by its group's other wordings.
import { memoByString } from '../question/memo.ts';
import type { Question } from '../question/question.ts';
import { isStopWord } from '../question/stopwords.ts';
import { alternativesOf, rewritten } from '../question/synonyms.ts';
import { segmentWords } from '../index/tokens.ts';

const codePattern = memoByString((code: string) => new RegExp(`(?<![a-z0-9])${code.replace('+', '\\+')}(?![a-z0-9+])`));

// A number is a whole number: "เทอม 2" is not held by "๒๕๖๘" or "๒๔ พฤศจิกายน"; "2" is held by "2.00".
const numberPattern = memoByString(
  (n: string) => new RegExp(`(?<![0-9]|[0-9][.,])${n.includes('.') ? `${n.replace('.', '\\.')}0*` : `${n}(?:\\.0+)?`}(?![0-9]|[.,][0-9])`),
);

/** Whether `text` holds `w`: a code or a number as a whole token ("i" is not in "wifi"), a word anywhere (Thai has no spaces). */
export function holds(text: string, w: string): boolean {
  if (/^[a-z]\+?$/.test(w)) return codePattern(w).test(text);
  return /^[0-9]+(?:\.[0-9]+)?$/.test(w) ? numberPattern(w).test(text) : text.includes(w);
}

// A documents' term written for the question's slang is cut into its words like the rest ("เซ็น" → ลายมือชื่อ →
// ลายมือ, ชื่อ), so another wording of its group held none of them: each of its words is covered by every other
// wording of the group too, as a one-word term is (evidence.ts coveredIn). That includes the everyday ones, the
// question's own word among them: real documents write them as well ("ค่าย" on 37 of the 1,891 distinct pages of our
// real libraries, "กิจกรรมนอกสถานที่" on 3; "ผลการเรียน" on 200, "ผลการศึกษา" on 114).
const termWordings = new WeakMap<Question, ReadonlyMap<string, readonly string[]>>();

export function wordingsOfTermWords(question: Question): ReadonlyMap<string, readonly string[]> {
  let map = termWordings.get(question);
  if (!map) {
    const built = new Map<string, string[]>();
    for (const term of rewritten(question.text, question.synonyms).written) {
      const others = alternativesOf(term, question.synonyms);
      const parts = segmentWords(term).filter((w) => !isStopWord(w));
      if (others.length === 0 || parts.length < 2) continue;
      for (const p of parts) built.set(p, [...(built.get(p) ?? []), ...others]);
    }
    termWordings.set(question, (map = built));
  }
  return map;
}
