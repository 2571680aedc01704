// Background rarity of Thai words and trigrams: inverse document frequency over a fixed set of general
// Thai texts (src/thai/background-df.json, built by scripts/build-background-df.ts). It is the same whatever the
// library holds, so weights built on it never shift when unrelated documents are added.
import background from '../../../src/thai/background-df.json' with { type: 'json' };

const BG_DOCS = background.documents;
const BG_DF = background.df as Record<string, number>;
// Terms rarer than the table lists (df < minDf) get the weight of df = minDf / 2: all "rare", alike.
const MAX_WEIGHT = Math.log((BG_DOCS + 1) / (background.minDf / 2 + 0.5));

/** Background rarity of a word or trigram (idf over the fixed general-Thai table), 0 … ~6. */
export function termWeight(term: string): number {
  const df = BG_DF[term];
  return df === undefined ? MAX_WEIGHT : Math.max(0, Math.log((BG_DOCS + 1) / (df + 0.5)));
}
