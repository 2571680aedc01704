// One way to compare a quote with a page's positioned text: the answer quotes the reviewed text, the page
// carries the text layer or OCR's reading of it; spacing, line breaks, digit script and the two spellings
// of sara am differ between them and must not stop a match.
import { foldThaiDigits } from '../../../src/thai/digits';
import { normalizeThai } from '../../extraction';

const SPACE = /[\s\u200b-\u200d\ufeff]/;

/** `text` folded for comparison, with the index in `text` each folded character came from. */
export function fold(text: string): { chars: string[]; from: number[] } {
  const chars: string[] = [];
  const from: number[] = [];
  const s = text.normalize('NFC');
  for (let i = 0; i < s.length; i++) {
    let c = s[i]!;
    if (SPACE.test(c)) continue;
    if (c === '\u0e4d' && s[i + 1] === '\u0e32') {
      c = '\u0e33'; // nikhahit + sara aa, as some fonts store ำ
      chars.push(c);
      from.push(i++);
      continue;
    }
    c = foldThaiDigits(c).toLowerCase();
    chars.push(c);
    from.push(i);
  }
  return { chars, from };
}

/** A positioned piece of text folded as a quote is: normalised like extracted text first. */
export function foldPiece(text: string): string[] {
  return fold(normalizeThai(text)).chars;
}

// Thai marks above and below a consonant take no width: a box is split by the characters that advance.
const ZERO_WIDTH = /[\u0e31\u0e34-\u0e3a\u0e47-\u0e4e]/;
export const advances = (c: string) => (ZERO_WIDTH.test(c) ? 0 : 1);
