// Two plain reference rankers for scripts/eval-retrieval.ts, so a loss of the product to either is
// visible (issue 16 item 3): Okapi BM25 (k1 = 1.2, b = 0.75) over character trigrams, and over
// Intl.Segmenter('th') words. Scoring is wink-bm25-text-search's; only the tokenisers are ours.
import bm25 from 'wink-bm25-text-search';
import { foldThaiDigits } from '../../src/thai/digits.ts';

export type Tokeniser = (text: string) => string[];

/** NFC, lower case, Thai digits as ASCII (25,000 = 25000), and runs of anything but letters, marks and digits as one space. */
function normalise(text: string): string {
  return foldThaiDigits(text.normalize('NFC').toLowerCase())
    .replace(/(\d),(?=\d)/g, '$1')
    .replace(/[^\p{L}\p{M}\p{N}]+/gu, ' ')
    .trim();
}

/** Character trigrams inside each space-separated run (Thai has no spaces between words; runs are phrases). */
export const charTrigrams: Tokeniser = (text) => {
  const grams: string[] = [];
  for (const run of normalise(text).split(' ')) {
    const chars = [...run];
    if (chars.length > 0 && chars.length < 3) grams.push(run);
    for (let i = 0; i + 3 <= chars.length; i++) grams.push(chars.slice(i, i + 3).join(''));
  }
  return grams;
};

const segmenter = new Intl.Segmenter('th', { granularity: 'word' });

/** Dictionary words from the platform's ICU segmenter, punctuation and spaces dropped. */
export const segmenterWords: Tokeniser = (text) => {
  const words: string[] = [];
  for (const s of segmenter.segment(normalise(text))) if (s.isWordLike) words.push(s.segment);
  return words;
};

export interface ReferenceRanker {
  name: string;
  search(query: string, k: number): string[];
}

/** Indexes whole documents (id → text); BM25 needs at least 3 documents to consolidate. */
export function buildBm25(name: string, tokenise: Tokeniser, docs: Array<{ id: string; text: string }>): ReferenceRanker {
  const engine = bm25();
  engine.defineConfig({ fldWeights: { text: 1 }, bm25Params: { k1: 1.2, b: 0.75 } });
  engine.definePrepTasks([tokenise]);
  for (const d of docs) engine.addDoc({ text: d.text }, d.id);
  engine.consolidate();
  return { name, search: (query, k) => engine.search(query, k).map(([id]) => String(id)) };
}

export const REFERENCE_TOKENISERS: Array<[string, Tokeniser]> = [
  ['bm25_trigram', charTrigrams],
  ['bm25_word', segmenterWords],
];

/** Reciprocal-rank fusion (k = 60, Cormack et al. 2009): Σ 1 / (k + rank) over the lists, ties by first seen. */
export function reciprocalRankFusion(lists: string[][], k = 60): string[] {
  const score = new Map<string, number>();
  for (const list of lists) list.forEach((id, i) => score.set(id, (score.get(id) ?? 0) + 1 / (k + i + 1)));
  return [...score].sort((a, b) => b[1] - a[1]).map(([id]) => id);
}

/** The fusion of the two plain rankers, each read to depth 100: the floor the product must stay at or above. */
export function buildFusion(rankers: ReferenceRanker[], depth = 100): ReferenceRanker {
  return {
    name: 'bm25_rrf',
    search: (query, k) => reciprocalRankFusion(rankers.map((r) => r.search(query, depth))).slice(0, k),
  };
}

/** The plain rankers over one set of documents: trigram, word, and their fusion. */
export function buildReferenceRankers(docs: Array<{ id: string; text: string }>): ReferenceRanker[] {
  const plain = REFERENCE_TOKENISERS.map(([name, tokenise]) => buildBm25(name, tokenise, docs));
  return [...plain, buildFusion(plain)];
}
