// How many of the numbers printed on a page an OCR text gives back, digit for digit: the measure of
// scripts/bench/ocr-numbers.ts. A number is a run of digits with the , . / : between two of its digits (๑๕๐,๐๐๐,
// ๑.๗๕, ๓/๒๕๖๗, 08.30); a dash, a space or a letter ends it, as a reader of the page would split it. Thai and Arabic
// digits of the same value count as the same number (the product folds them before it searches).
import { foldThaiDigits } from '../../src/thai/digits.ts';

const NUMBER = /[0-9๐-๙](?:[0-9๐-๙]|[,./:](?=[0-9๐-๙]))*/g;

/** The numbers of a text in reading order, Thai digits folded to Arabic. */
export function numbersOf(text: string): string[] {
  return [...text.matchAll(NUMBER)].map((m) => foldThaiDigits(m[0]));
}

export interface NumberRecall {
  /** numbers read on the page by a person (unreadable ones left out) */
  truth: number;
  /** numbers in the OCR text */
  read: number;
  /** truth numbers the OCR text holds, each OCR number matched once */
  found: number;
}

/** Numbers of `truth` (as printed) that the OCR text holds, as a multiset: order is not scored. */
export function numberRecall(truth: readonly string[], ocrText: string): NumberRecall {
  const wanted = truth.filter((n) => !n.includes('?')).map(foldThaiDigits);
  const left = new Map<string, number>();
  const read = numbersOf(ocrText);
  for (const n of read) left.set(n, (left.get(n) ?? 0) + 1);
  let found = 0;
  for (const n of wanted) {
    const k = left.get(n) ?? 0;
    if (k > 0) {
      found++;
      left.set(n, k - 1);
    }
  }
  return { truth: wanted.length, read: read.length, found };
}
