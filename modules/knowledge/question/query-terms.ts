// Turns a user question into FTS terms. Built from the same tokenizer as the index, so any input
// (quotes, parentheses, SQL or query-syntax characters) becomes plain whitespace-separated terms
// that are passed to a MatchQuery and never parsed as query syntax.
import { isStopWord } from './stopwords.ts';
import { charGrams, segmentWords } from '../index/tokens.ts';
import { expansions } from './synonyms.ts';
import { termWeight } from '../scoring/background.ts';
import { askedSpan } from './ask-part.ts';

// FTS cost grows with the number of terms (each is a posting list to walk). Long questions, and
// follow-ups searched together with the previous question, reach 100+ terms; past this many the
// extra overlapping grams add cost but little evidence (measured: 64 leaves xquad_th/iapp hit@1,
// hit@5 and the confidence AUROC unchanged and lowers their p95 ~40%; 32 starts to lose hits).
const MAX_QUERY_TERMS = 64;
// Room kept for character trigrams in a question of ordinary length: they carry the words the segmenter splits.
const MIN_GRAMS = 16;
// A question of this many content words (a situation told over several sentences, then the question)
// is searched by its words alone. Its words already say what it is about; its trigrams, spread over the
// situation's everyday wording ("ขโมย", "โดนหลอก") that formal texts do not use, match fragments of
// unrelated words there and outweigh the few words that name the clause. Measured with
// scripts/eval-retrieval.ts, hit@1/hit@5/hit@10: criminal-code set 0.437/0.620/0.732 → 0.507/0.690/0.789
// (its story questions 4 → 9 of 23 at hit@1), civil 0.698/0.794/0.921 → 0.683/0.841/0.937, act
// 0.679/0.849/0.925 → 0.698/0.849/0.925; xquad_th, iApp valid and train unchanged (their questions have
// ≤ 29, mostly ≤ 15 content words); campus answer evals unchanged. In a JS emulation of the FTS field any
// threshold from 18 to 24 gave the same criminal and civil figures and 26 lost criminal hits; keeping 8
// trigrams instead of none kept half the gain.
const WORDS_ONLY_FROM = 22;

// Fillers of typed questions that the segmenter cuts in two, "แบบ|นี้" (like this) and "แค่|ไหน" (how
// much): their first half alone looks like a topic word, and a story question's asked part ("แบบนี้จะได้
// จบไหม") doubled it. "แบบ" before anything else is a form ("แบบคำร้อง") and stays. Measured with
// scripts/eval-answers.ts and eval-retrieval.ts: hit@5 campus_dev2 A/B 0.96/0.94 → 0.98/0.96, conduct A/S
// 0.94 → 0.97; no hit@1, answer or retrieval-set figure moved.
const FILLER_HEAD = new Map([
  ['แบบ', /^(?:นี้|นั้น|ไหน)$/],
  ['แค่', /^(?:ไหน|นี้|นั้น)$/],
]);

/** A situation told over several sentences, then the question: searched by its words alone (WORDS_ONLY_FROM). */
export function toldAsStory(query: string): boolean {
  return contentWords(query).length >= WORDS_ONLY_FROM;
}

/** Words of the question that carry its topic (stop/function/question words removed). */
export function contentWords(query: string): string[] {
  const content = contentWordsOnly(query);
  return content.length > 0 ? content : [...segmentWords(query)];
}

function contentWordsOnly(text: string): string[] {
  const words = segmentWords(text);
  return words.filter((w, i) => !isStopWord(w) && !FILLER_HEAD.get(w)?.test(words[i + 1] ?? ''));
}

/**
 * Content words of a story-style question's asked part (ask-part.ts). A bare ask ("ต้องทำอย่างไร",
 * "ได้ไหม", a lone "?") holds none: what is asked is then the part before it ("ร้านจะเอาสุนัขไปขาย
 * หรือยกให้คนอื่นได้หรือไม่ ต้องทำอย่างไร"). Before, such an ask doubled its stop words instead
 * ("ต้อง ทำ อย่างไร", common in every law) and nothing of the question. Measured with
 * scripts/eval-retrieval.ts: only questions with a bare ask change (act 2, xquad_th 5, iApp valid 17 of
 * 742, iApp train 136 of 5761); hit@1/hit@5 stay the same on every set (act, criminal code, civil,
 * xquad_th, iApp valid and train), act's act-l06 rises from rank 9 to 7; answer evals unchanged.
 */
function askedWords(query: string): string[] {
  const span = askedSpan(query);
  if (!span) return [];
  const own = contentWordsOnly(span.parts.slice(span.from, span.to).join(' '));
  if (own.length > 0) return own;
  // the part before is the whole situation when it is the first, and a bare ask told first ("ทำไม …") has none before
  // it, the rest being the whole question: then nothing is doubled
  return span.from > 1 ? segmentWords(span.parts.slice(span.from - 1).join(' ')).filter((w) => !isStopWord(w)) : [];
}

/**
 * At most `count` words, keeping the rarest (background rarity) in their order: a long story-style
 * question keeps the words that carry its evidence wherever they stand, instead of losing its end.
 */
function rarestFirst(words: string[], count: number): string[] {
  if (words.length <= count) return words;
  const keep = new Set([...words.keys()].sort((a, b) => termWeight(words[b]) - termWeight(words[a]) || a - b).slice(0, count));
  return words.filter((_, i) => keep.has(i));
}

/** `count` items spread evenly over `xs`, so every part of a long question keeps some grams (cutting the tail lost hits). */
function spread<T>(xs: T[], count: number): T[] {
  if (xs.length <= count) return xs;
  return Array.from({ length: count }, (_, i) => xs[Math.floor((i * xs.length) / count)]);
}

/**
 * Space-joined FTS terms: content words plus character trigrams of the whole question, then the words
 * and trigrams of its expansions (the documents' wording for slang, full years; see synonyms.ts). A long
 * story-style question gets its words only (WORDS_ONLY_FROM). `extra`: the question's expansions, read with the
 * app's synonym groups (Question.expansions); unset, those of the built-in list.
 */
export const queryTerms = (query: string, extra: readonly string[] = expansions(query)) => buildQueryTerms(query, extra, true);

/**
 * The terms a document's title is matched with (title-field.ts): the same, except that an expansion counts
 * by its words alone. An expansion is the documents' own wording, so a title either holds the word or not;
 * its trigrams would count that one word again some twenty times, and a title holding a long expansion
 * ("ค่าเทอม" → "ค่าธรรมเนียมการศึกษา") then outweighed the clause matching every word the student typed.
 * Measured with scripts/eval-answers.ts (the 5-clause answer window in both runs): on the one-library-of-
 * everything U/US, right campus_dev 0.75/0.70 → 0.775/0.725, exam US 0.758 → 0.788, conduct U fallbacks
 * 0.28 → 0.25; hit@1 conduct S 0.66 → 0.69 and campus_dev2 US 0.66 → 0.70 (both had lost to BM25-word);
 * near-miss fallbacks on U fell by one question in three sets (campus_dev, campus_dev2, conduct: the
 * right document now ranks first and its unrelated fee or term is answered) and rose by one on
 * campus_dev2 G; every library A and B, and xquad_th, iApp, act, penal and civil, unchanged.
 */
export const titleQueryTerms = (query: string, extra: readonly string[] = expansions(query)) => buildQueryTerms(query, extra, false);

function buildQueryTerms(query: string, expanded: readonly string[], expansionGrams: boolean): string {
  // Repeated grams are kept on purpose: they weight the query like BM25 query-term frequency
  // (measured: de-duplicating lowered xquad_th hit@1 from 0.9504 to 0.9496).
  const extra = expanded.join(' ');
  // A story-style question's asked part is searched twice (BM25 query-term frequency): its words decide
  // between clauses more than the situation's.
  const words = rarestFirst([...contentWords(query), ...askedWords(query), ...(extra ? contentWords(extra) : [])], MAX_QUERY_TERMS - MIN_GRAMS);
  if (toldAsStory(query)) return words.join(' ');
  const grams = [...charGrams(query), ...(expansionGrams ? charGrams(extra) : [])];
  return [...words, ...spread(grams, MAX_QUERY_TERMS - words.length)].join(' ');
}
