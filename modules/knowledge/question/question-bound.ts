// What of a message is read as the question. The chat takes messages of up to 100,000 characters (the spec's
// clients append the text of attached files as "Content from …" sections), and reading a question costs more
// than its length: the focus words segment the text once for each documents' term it writes (evidence.ts
// wholeTerms), so 100,000 characters held the event loop for 1.3–2.7 s (#34). A question is read from at most
// QUESTION_READ_MAX characters: the user's words first, then the sections while they fit; words longer than
// that are a story told before its question, and the question is at its end, so their last part is read.
import { withoutSections } from '../../../contracts/attachment-sections.ts';

/** Characters of a message read as its question (the chat's box takes 8,000; a question this long is a story). */
export const QUESTION_READ_MAX = 4_000;

// a cut lands on a space when one is this close, so no word is read half
const WORD_EDGE = 80;

export function questionPart(text: string, max = QUESTION_READ_MAX): string {
  if (text.length <= max) return text;
  const words = withoutSections(text);
  if (words.length < max) return headOf(text, max);
  return tailOf(words, max);
}

function headOf(text: string, max: number): string {
  let cut = max;
  if (/[\uDC00-\uDFFF]/.test(text[cut] ?? '')) cut--; // not half a surrogate pair
  const space = text.slice(Math.max(0, cut - WORD_EDGE), cut).search(/\s[^\s]*$/);
  return text.slice(0, space >= 0 ? Math.max(0, cut - WORD_EDGE) + space : cut).trimEnd();
}

function tailOf(text: string, max: number): string {
  let from = text.length - max;
  if (/[\uDC00-\uDFFF]/.test(text[from] ?? '')) from++; // not half a surrogate pair
  const space = text.slice(from, from + WORD_EDGE).search(/\s/);
  return text.slice(space >= 0 ? from + space : from).trimStart();
}
