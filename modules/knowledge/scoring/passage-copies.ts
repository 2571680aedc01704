// Whether two retrieved passages are copies of one text (a second copy or version of a document, a Word and a
// PDF of one regulation), by the character trigrams they share.
import { memoByString } from '../question/memo.ts';
import { charGrams } from '../index/tokens.ts';

// A passage's distinct trigrams, as a set to look up and a list to walk (walking a Set is the slower part).
export const gramsOf = memoByString(
  (text: string) => {
    const set = new Set(charGrams(text));
    return { set, list: [...set] };
  },
  512,
  Infinity,
);

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
  if (small.list.length > large.list.length) [small, large] = [large, small];
  const n = small.list.length;
  if (n === 0) return false;
  // Containment, not Jaccard: another copy may be cut into chunks differently (a Word table, a page
  // break), so one passage holding nearly all of the other is the same text. Counted over the smaller
  // set, and given up once too many of its grams are missing: most pairs compared are unrelated clauses.
  const enough = Math.ceil(NEAR_DUPLICATE * n) - 1; // below this many shared, never a copy
  let shared = 0;
  for (let i = 0; i < n; i++) {
    if (large.set.has(small.list[i]!)) shared++;
    if (shared + (n - i - 1) < enough) return false;
  }
  return shared / n >= NEAR_DUPLICATE;
}
