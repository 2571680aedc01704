// Character error rate for extraction tests and the bench: Levenshtein distance over
// whitespace-free, normalised text, divided by the reference length.
import { normalizeThai } from './normalize.ts';
import { align } from './ocr-merge.ts';

function squash(text: string): string {
  return normalizeThai(text).replace(/\s+/g, '');
}

/** Edit distance with two rolling rows (O(n·m) time, O(m) memory). */
export function levenshtein(a: string, b: string): number {
  if (a === b) return 0;
  if (a.length === 0) return b.length;
  if (b.length === 0) return a.length;
  let prev = new Uint32Array(b.length + 1);
  let cur = new Uint32Array(b.length + 1);
  for (let j = 0; j <= b.length; j++) prev[j] = j;
  for (let i = 1; i <= a.length; i++) {
    cur[0] = i;
    const ca = a.charCodeAt(i - 1);
    for (let j = 1; j <= b.length; j++) {
      const sub = prev[j - 1] + (ca === b.charCodeAt(j - 1) ? 0 : 1);
      const del = prev[j] + 1;
      const ins = cur[j - 1] + 1;
      cur[j] = sub < del ? (sub < ins ? sub : ins) : del < ins ? del : ins;
    }
    [prev, cur] = [cur, prev];
  }
  return prev[b.length];
}

/** CER of `hypothesis` against `reference`, both normalised, whitespace ignored. */
export function characterErrorRate(hypothesis: string, reference: string): number {
  const ref = squash(reference);
  return levenshtein(squash(hypothesis), ref) / Math.max(1, ref.length);
}

const DIGIT = /[0-9๐-๙]/;

/**
 * Share of the reference's digits (Thai ๐–๙ and Arabic 0–9) that OCR read as exactly that digit at the
 * aligned position. CER hides digits (a few among thousands of letters), yet they carry the clause
 * numbers, dates and amounts students ask about.
 */
export function digitAccuracy(hypothesis: string, reference: string): { correct: number; total: number; rate: number } {
  const ref = squash(reference);
  const hyp = squash(hypothesis);
  let total = 0;
  for (const c of ref) if (DIGIT.test(c)) total++;
  let correct = 0;
  for (const [i, j] of align(ref, hyp)) if (i >= 0 && j >= 0 && DIGIT.test(ref[i]) && ref[i] === hyp[j]) correct++;
  return { correct, total, rate: total === 0 ? 1 : correct / total };
}
