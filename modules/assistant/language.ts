// A bilingual document (a Thai announcement with its English translation, a curriculum with both) holds each
// rule twice: the answer quotes the half in the question's language. Letters are counted, not words: a Thai
// question naming "GPA" or "TOEIC" is still Thai, and an English passage quoting a Thai name is still English.
// Thai letters and marks U+0E01–U+0E4E, Latin A–Z and a–z: counted in one pass without matching (every piece of
// every quoted clause is weighed, a turn reads a few hundred).
const isThai = (c: number) => c >= 0x0e01 && c <= 0x0e4e;
const isLatin = (c: number) => (c | 0x20) >= 0x61 && (c | 0x20) <= 0x7a;

/** The share of a text's letters that are Latin (0 for Thai text, 1 for English), or null without letters. */
export function latinShare(text: string): number | null {
  let thai = 0;
  let latin = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (isThai(c)) thai++;
    else if (isLatin(c)) latin++;
  }
  return thai + latin ? latin / (thai + latin) : null;
}

// the question is the same for every piece weighed in a turn
let asked: { text: string; share: number | null } = { text: '', share: null };
const questionShare = (question: string) => (asked.text === question ? asked : (asked = { text: question, share: latinShare(question) })).share;

// A passage this far to one side is written in that language.
const WRITTEN_IN = 0.75;
/** The weight of a passage written in the other language than the question: found, but quoted only without a match. */
export const OTHER_LANGUAGE_WEIGHT = 0.5;

/** Whether `text` is written in the other language than `question` (Thai against English, or English against Thai). */
export function otherLanguage(question: string, text: string): boolean {
  const q = questionShare(question);
  const t = latinShare(text);
  if (q === null || t === null) return false;
  // a question is in the language most of its letters are (short questions name Latin terms), a passage only when
  // it is written in it
  return (q < 0.5 && t > WRITTEN_IN) || (q > 0.5 && t < 1 - WRITTEN_IN);
}
