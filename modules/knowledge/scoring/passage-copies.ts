// Whether two retrieved passages are copies of one text (a second copy or version of a document, a Word and a
// PDF of one regulation), by the character trigrams they share.
import { memoByString } from '../question/memo.ts';
import { gramSet, sharesAtLeast } from './gram-set.ts';

// A passage's distinct trigrams, for as many passages as the index keeps rows of (lexical-search.ts CACHE_ROWS): a
// question on a real library retrieves dozens, and fewer kept were built again question after question (gram-set.ts).
export const GRAM_SETS_KEPT = 4096;
export const gramsOf = memoByString(gramSet, GRAM_SETS_KEPT, Infinity);

/** Share of the smaller passage's trigrams the other holds, at or above which they are the same text. */
const NEAR_DUPLICATE = 0.8;

// Whether two passages are copies, for the pairs compared lately: every passage is compared with every other
// retrieved one, for the order, for each confidence and for the copies folded away, and the same clauses come
// back question after question (their texts are the same strings, parsed once: search-hit.ts).
const copiesOf = memoByString((_a: string) => new Map<string, boolean>(), 512, Infinity);
const COPY_PAIRS_PER_TEXT = 256;

export function nearDuplicate(a: string, b: string): boolean {
  if (a === b) return true;
  const known = copiesOf(a);
  let copy = known.get(b);
  if (copy === undefined) {
    if (known.size >= COPY_PAIRS_PER_TEXT) known.clear();
    known.set(b, (copy = sharesNearlyAll(a, b)));
  }
  return copy;
}

function sharesNearlyAll(a: string, b: string): boolean {
  let small = gramsOf(a);
  let large = gramsOf(b);
  if (small.size > large.size) [small, large] = [large, small];
  const n = small.size;
  if (n === 0) return false;
  // Containment, not Jaccard: another copy may be cut into chunks differently (a Word table, a page
  // break), so one passage holding nearly all of the other is the same text. Counted over the smaller set.
  return sharesAtLeast(small, large, sharedNeeded(n));
}

/** The fewest shared trigrams s of n with s / n ≥ NEAR_DUPLICATE, as that comparison reads in floating point. */
export function sharedNeeded(n: number): number {
  let need = Math.ceil(NEAR_DUPLICATE * n);
  while (need > 0 && (need - 1) / n >= NEAR_DUPLICATE) need--;
  while (need / n < NEAR_DUPLICATE) need++;
  return need;
}
