// Titles as their own field. Chunks no longer carry the document's title in their tokens (see
// lexicalText); instead a hit gains a bonus for the question's terms its document's title contains.
// The bonus is the same for every clause of one document, so it orders documents, never the clauses
// inside one: a law whose 500 sections share one title is still ranked clause by clause by their text.
import type { SearchHit } from './index-store.ts';
import { termWeight } from '../scoring/background.ts';
import { titleQueryTerms } from '../question/query-terms.ts';
import { charGrams, segmentWords } from './tokens.ts';
import { memoByString } from '../question/memo.ts';

// Scale of a title term's weight against a text term's BM25 contribution. The bonus is built like the
// BM25 part the title would add as a short field of its own (each query term found in it adds its
// rarity), with the background table's rarity as idf so it is the same whatever else the library
// holds. Measured (scripts/eval-retrieval.ts, hit@1): iApp train 0.9153 with the earlier length-weighted
// coverage bonus, 0.9288 / 0.9330 / 0.9306 at 0.6 / 1.0 / 1.5; iApp valid 0.9596 → 0.9636 at 1.0;
// xquad_th 0.9513 either way; campus_dev unchanged.
export const TITLE_WEIGHT = 1;

/** The title's terms (words and marked trigrams, like the text index's tokens); a library's few titles come back every search. */
const titleTerms = memoByString((title: string): ReadonlySet<string> => new Set([...segmentWords(title), ...charGrams(title)]), 1024);

/** Sum of the rarity of the query terms (with repeats, as the text search weighs them) the title contains. */
export function titleScore(terms: readonly string[], title: string): number {
  const inTitle = titleTerms(title);
  let score = 0;
  for (const t of terms) if (inTitle.has(t)) score += termWeight(t);
  return score;
}

/** Hits re-scored with their title's evidence, best first. */
export function withTitleEvidence(query: string, extra: readonly string[] | undefined, hits: SearchHit[]): SearchHit[] {
  if (hits.length < 2) return hits;
  const terms = titleQueryTerms(query, extra).split(' ').filter(Boolean);
  const byTitle = new Map<string, number>();
  // the display title and the regulation's own name from its text are one field
  const bonus = (title: string) => {
    let b = byTitle.get(title);
    if (b === undefined) byTitle.set(title, (b = title.trim() ? TITLE_WEIGHT * titleScore(terms, title) : 0));
    return b;
  };
  return hits.map((h) => ({ ...h, score: h.score + bonus(h.documentName ? `${h.title}\n${h.documentName}` : h.title) })).sort((a, b) => b.score - a.score);
}
