// A bilingual document (a Thai announcement with its English translation, a curriculum with both) holds each
// rule twice: the answer quotes the half in the question's language. Letters are counted, not words: a Thai
// question naming "GPA" or "TOEIC" is still Thai, and an English passage quoting a Thai name is still English.
const THAI = /[\u0e01-\u0e4e]/g;
const LATIN = /[a-z]/gi;

/** The share of a text's letters that are Latin (0 for Thai text, 1 for English), or null without letters. */
export function latinShare(text: string): number | null {
  const thai = text.match(THAI)?.length ?? 0;
  const latin = text.match(LATIN)?.length ?? 0;
  return thai + latin ? latin / (thai + latin) : null;
}

// A passage this far to one side is written in that language.
const WRITTEN_IN = 0.75;
/** The weight of a passage written in the other language than the question: found, but quoted only without a match. */
export const OTHER_LANGUAGE_WEIGHT = 0.5;

/** Whether `text` is written in the other language than `question` (Thai against English, or English against Thai). */
export function otherLanguage(question: string, text: string): boolean {
  const q = latinShare(question);
  const t = latinShare(text);
  if (q === null || t === null) return false;
  // a question is in the language most of its letters are (short questions name Latin terms), a passage only when
  // it is written in it
  return (q < 0.5 && t > WRITTEN_IN) || (q > 0.5 && t < 1 - WRITTEN_IN);
}
