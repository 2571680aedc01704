// The plain rankers as the backbone of the first stage. BM25 over the question's own words and BM25 over its
// character trigrams hold up on text nobody wrote for this project (real university scans, law codes,
// Wikipedia), where the shaped query (stop words, expansions, rarest-first words, a story's asked part, the
// title bonus, the definitions prior) was written from our own sets. The candidates are the reciprocal-rank
// fusion of three lists over the index's one token column (words and marked trigrams): the plain word list,
// the plain trigram list, and the shaped list, which votes SHAPED_WEIGHT times. Rank fusion bounds what any
// one list can do: a passage both plain lists put near the top keeps a place among the first ten whatever
// the shaped list says, and the shaped list reorders within that and brings in what only its synonyms find.
//
// The fused order is carried by `score` as the shaped list's score profile, rank for rank, so what orders by
// score afterwards (the evidence order) weighs a first against a next on the scale it was fitted on. What
// the evidence reads of a passage's own match stays its own: `retrievalScore` is its shaped score (title and
// definitions prior included) and `matchScore` what it matched, as before; a passage only the plain lists
// found is given the shaped list's last score (it scored at most that on the shaped query).
import type { SearchHit } from '../index/search-hit.ts';
import { charGrams, segmentWords } from '../index/tokens.ts';
import { toldAsStory } from '../question/query-terms.ts';

/** RRF's constant (Cormack et al. 2009): ranks 1 and 10 weigh 1/61 and 1/70. */
export const FUSION_K = 60;
/** The shaped list's vote against each plain list's (1). */
export const SHAPED_WEIGHT = 2;
// FTS cost grows with the terms; past this many, overlapping grams add little (as the shaped query).
const MAX_PLAIN_TERMS = 64;

/** `count` items spread evenly over `xs`, so a long question keeps terms from every part. */
function spread<T>(xs: readonly T[], count: number): T[] {
  if (xs.length <= count) return [...xs];
  return Array.from({ length: count }, (_, i) => xs[Math.floor((i * xs.length) / count)]!);
}

/**
 * The plain rankers' terms: every word of the question as typed, and its character trigrams (marked as the index
 * marks them). No expansions: a synonym reaches the candidates through the shaped list and the order through the
 * evidence (measured with them here too: real_dev fit union hit@10 0.79 -> 0.76, criminal code hit@1 down one).
 */
export function plainTerms(query: string): { words: string; grams: string } {
  return { words: spread(segmentWords(query), MAX_PLAIN_TERMS).join(' '), grams: spread(charGrams(query), MAX_PLAIN_TERMS).join(' ') };
}

const key = (h: SearchHit) => `${h.documentId}#${h.chunkOrdinal}`;

/**
 * A list in a fixed order: passages of equal score (two copies of one text, a Word and a PDF of one regulation, score
 * the same) come in the order the index happened to store them, which a rebuild changes; the fusion votes by rank, so
 * which copy stood for both (and was cited) changed with the build. Equal scores are ordered by document and passage.
 */
function inFixedOrder(list: SearchHit[]): SearchHit[] {
  for (let i = 1; i < list.length; i++)
    if (list[i]!.score === list[i - 1]!.score) return [...list].sort((a, b) => b.score - a.score || (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
  return list;
}

/** The lists fused by reciprocal rank (the shaped one voting SHAPED_WEIGHT times), best first, the first `k`. */
export function fuseRanked(shaped: SearchHit[], plain: SearchHit[][], k: number, shapedWeight = SHAPED_WEIGHT): SearchHit[] {
  const fused = new Map<string, { hit: SearchHit; rrf: number; first: number }>();
  let seen = 0;
  for (const [l, list] of [shaped, ...plain].entries())
    inFixedOrder(list).forEach((h, i) => {
      const vote = (l === 0 ? shapedWeight : 1) / (FUSION_K + i + 1);
      const entry = fused.get(key(h));
      if (entry) entry.rrf += vote;
      else fused.set(key(h), { hit: h, rrf: vote, first: seen++ });
    });
  const own = new Map(shaped.map((h) => [key(h), h]));
  const order = [...fused.values()].sort((a, b) => b.rrf - a.rrf || a.first - b.first).slice(0, k);
  const profile = (shaped.length ? shaped : (plain.find((l) => l.length) ?? [])).map((h) => h.score).sort((a, b) => b - a);
  const floor = profile.at(-1) ?? 0;
  return order.map(({ hit }, i) => {
    const mine = own.get(key(hit));
    const text = mine?.score ?? floor;
    return { ...hit, score: profile[i] ?? floor, retrievalScore: text, matchScore: mine?.matchScore ?? text };
  });
}

/**
 * Runs the three searches (`run(terms, k)` is one FTS query over the index's tokens), each to depth k, and fuses them.
 * With an embedder, `nearest(k)` (the passages nearest the question's vector) is a fourth list that votes as a plain one:
 * it brings in a passage that shares no word with the question, while two text lists that agree still outvote it, and
 * the order's scores stay the shaped list's, the scale the evidence and the confidence were fitted on.
 */
export async function plainFusionSearch(
  query: string,
  k: number,
  run: (terms: string, k: number) => Promise<SearchHit[]>,
  shaped: (k: number) => Promise<SearchHit[]>,
  nearest?: (k: number) => Promise<SearchHit[]>,
): Promise<SearchHit[]> {
  const { words, grams: allGrams } = plainTerms(query);
  // A situation told over several sentences is searched by its words alone, as the shaped query is (query-terms.ts).
  const grams = toldAsStory(query) ? '' : allGrams;
  const [s, w, g, v] = await Promise.all([shaped(k), words ? run(words, k) : [], grams ? run(grams, k) : [], nearest ? nearest(k) : []]);
  const fused = fuseRanked(s, v.length ? [w, g, v] : [w, g], k);
  if (!v.length) return fused;
  const similarity = new Map(v.map((h) => [key(h), h.vectorScore]));
  return fused.map((h) => {
    const vectorScore = similarity.get(key(h));
    return vectorScore === undefined ? h : { ...h, vectorScore };
  });
}
