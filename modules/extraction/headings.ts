// Clause (ข้อ ๗) and item ((๗)) headings at paragraph starts, as OCR left them, for clause-numbers.ts.
import { foldThaiDigits, toThaiDigits } from '../../src/thai/digits.ts';
export const toThai = (n: number) => toThaiDigits(n);
// A number tesseract's English model made letters of ("ข้อ f" for ข้อ ๗) counts as no number (NaN): it can
// only take the one its neighbours demand, never serve as a neighbour.
export const toNumber = (s: string) => (/^[๐-๙]+$/.test(s) ? Number(foldThaiDigits(s)) : Number.NaN);

export interface Heading {
  kind: 'clause' | 'item';
  page: number;
  /** The span a confirmed heading replaces: any speck before it, the word or brackets, the number. */
  start: number;
  end: number;
  value: number;
  /** Not a clean heading (a speck before it, a lost parenthesis, a Thai letter for a digit): never a neighbour. */
  weak: boolean;
  /** Whether the span may be rewritten when its place is confirmed (a Latin word without brackets is not). */
  rewrite: boolean;
  /** What OCR made of the number, when not digits ("ov", "@"). */
  garble?: string;
}

// Dust before a heading on a 1-bit scan ("- (@)", "3}\tข้อ ๑๒"): up to three marks, then a gap.
const SPECK = "(?:[-–—.,'`‘’|:;~_{}\\[\\]!0-9]{1,3}[ \\t]+)?";
// What OCR makes of a digit: Latin letters and look-alike symbols ((en), (ov), (@), («), (©), "ข้อ #"); ๆ for ๔.
const GARBLE = '[A-Za-z@«»©°#ๆ]{1,2}';
// Four digits are no clause of a regulation but are what OCR makes of one with a digit of the next row
// (๒๓ → ๑๒๗๓). A single Thai letter is a clause number misread ("ข้อ ซ" for ข้อ ๗); so is "ข้อ, ๙".
const CLAUSE = new RegExp(`(^|\\n\\n)(${SPECK})ข้อ([,.'\`]?)\\s*(?:([๐-๙]{1,4})|(${GARBLE})|([ก-ฮ]))(?=[\\s)])`, 'g');
// "(๙ ใส่ความ": the closing parenthesis lost.
const ITEM = new RegExp(`(^|\\n\\n)(${SPECK})\\((?:([๐-๙]{1,2})|(${GARBLE}))(\\)|(?= ))`, 'g');

/** Every clause or item heading at a paragraph start, in page order. */
export function headingsOf(pages: string[], kind: Heading['kind']): Heading[] {
  const found: Heading[] = [];
  pages.forEach((text, page) => {
    for (const m of text.matchAll(kind === 'clause' ? CLAUSE : ITEM)) {
      const start = (m.index ?? 0) + m[1].length;
      const value = toNumber(m[3 + (kind === 'clause' ? 1 : 0)] ?? '');
      const garble = m[kind === 'clause' ? 5 : 4];
      const unclosed = kind === 'item' && m[5] !== ')';
      const weak = m[2] !== '' || (kind === 'clause' ? m[3] !== '' || m[6] !== undefined : unclosed);
      // Without its brackets a Latin word is too likely a word ("(QW หมายถึง" is (๔) W) to be replaced.
      const rewrite = !(unclosed && garble !== undefined && /[A-Za-z]/.test(garble));
      found.push({ kind, page, start, end: (m.index ?? 0) + m[0].length, value, weak, rewrite, garble });
    }
  });
  return found;
}
