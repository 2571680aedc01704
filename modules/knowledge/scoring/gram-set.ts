// A passage's distinct character trigrams (tokens.ts charGrams) as sorted numbers. The copy test and the evidence
// read the trigrams of every retrieved passage, and on a real library (real_dev's union: 1,412 passages, 60 retrieved
// a question for the page order) the passages' trigram sets were rebuilt question after question: kept as sets of
// strings they cost ~50 KB a passage, so only 512 were kept and the rest were built again (charGrams and the Set
// took about half of a search's JavaScript). As numbers a set is a few KB, enough of them are kept for the passages
// the index keeps (lexical-search.ts CACHE_ROWS), and two sets are compared by one walk of two sorted arrays.
//
// A trigram is GRAM_MARK and one to three UTF-16 units (Thai and Latin are one unit a character): its code is its
// length and its units, 16 bits each, under 2^50, so two trigrams share a code only if they are the same string.
// A trigram of more units (astral characters: emoji, rare CJK) has no code and is kept as a string beside the codes.
import { charGrams, GRAM_MARK } from '../index/tokens.ts';

export interface GramSet {
  /** the distinct trigrams that have a code, ascending */
  readonly codes: Float64Array;
  /** the distinct trigrams that have none (usually none) */
  readonly others: ReadonlySet<string>;
  readonly size: number;
  has(gram: string): boolean;
}

const UNIT = 0x10000;
const MAX_UNITS = 3;

/** The trigram's code, or −1 when it has none (more than three units after the mark, or no mark). */
export function gramCode(gram: string): number {
  const units = gram.length - GRAM_MARK.length;
  if (units < 1 || units > MAX_UNITS || !gram.startsWith(GRAM_MARK)) return -1;
  let code = units;
  for (let i = 0; i < MAX_UNITS; i++) code = code * UNIT + (i < units ? gram.charCodeAt(GRAM_MARK.length + i) : 0);
  return code;
}

function sortedIndexOf(codes: Float64Array, code: number): number {
  let [lo, hi] = [0, codes.length - 1];
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const at = codes[mid]!;
    if (at === code) return mid;
    if (at < code) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

/** The distinct trigrams of `text`. */
export function gramSet(text: string): GramSet {
  const grams = charGrams(text);
  const all = new Float64Array(grams.length);
  let n = 0;
  let others: Set<string> | null = null;
  for (const g of grams) {
    const code = gramCode(g);
    if (code >= 0) all[n++] = code;
    else (others ??= new Set()).add(g);
  }
  const sorted = all.subarray(0, n).sort();
  let distinct = 0;
  for (let i = 0; i < n; i++) if (i === 0 || sorted[i] !== sorted[i - 1]) sorted[distinct++] = sorted[i]!;
  const codes = sorted.slice(0, distinct);
  const rest: ReadonlySet<string> = others ?? new Set();
  return {
    codes,
    others: rest,
    size: codes.length + rest.size,
    has(gram) {
      const code = gramCode(gram);
      return code >= 0 ? sortedIndexOf(codes, code) >= 0 : rest.has(gram);
    },
  };
}

/**
 * Whether `a` and `b` share at least `need` trigrams. `a` is walked (the smaller set, for speed): most pairs compared
 * are unrelated passages, given up as soon as too few of a's trigrams are left to reach `need`.
 */
export function sharesAtLeast(a: GramSet, b: GramSet, need: number): boolean {
  const x = a.codes;
  const y = b.codes;
  const possible = a.size;
  let shared = 0;
  let j = 0;
  for (let i = 0; i < x.length; i++) {
    if (shared + possible - i < need) return false;
    const code = x[i]!;
    while (j < y.length && y[j]! < code) j++;
    if (j < y.length && y[j] === code) {
      shared++;
      j++;
    }
  }
  for (const g of a.others) if (b.others.has(g)) shared++;
  return shared >= need;
}
