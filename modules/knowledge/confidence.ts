// Confidence (0–100) that the retrieved clauses can answer the question, from retrieval evidence:
// how much of the question's content the top clause contains (coverage), how strongly it matched
// lexically per query term (rare terms score high), how clearly it beats the runner-up (margin),
// and, with an embedder, the cosine similarity. Weights were fitted once with a logistic
// regression (xquad_th questions vs iApp *train* questions as out-of-scope), then rounded;
// the offset puts the balanced decision boundary at 30 (the product's fallback threshold).
import type { SearchHit } from "./index-store.ts";
import { contentWords, queryTerms } from "./query-terms.ts";
import { codePointLength, foldThaiDigits } from "./tokens.ts";
import { isStopWord } from "./stopwords.ts";

export interface RetrievalEvidence { confidence: number; topScore: number; margin: number; coverage: number; signals: Record<string, number> }
export interface ConfidenceOptions { /** Chunks in the index: BM25 term weights grow with log(corpus size). */ corpusChunks?: number }

const DEFAULT_CORPUS_CHUNKS = 1000;
const MIN_CALIBRATED_CHUNKS = 250; // about the size of the corpus the weights were fitted on (xquad_th: 259 chunks)
const FALLBACK_BOUNDARY = Math.log(0.3 / 0.7);

function folded(s: string): string {
  return foldThaiDigits(s.normalize("NFC").toLowerCase()).replace(/(\d),(?=\d{3})/g, "$1");
}

/** Share of query content words found verbatim in the text, weighted by length (long words are specific). */
function wordCoverage(words: string[], text: string): number {
  let total = 0;
  let found = 0;
  for (const w of new Set(words)) {
    const weight = Math.min(codePointLength(w), 8);
    total += weight;
    if (text.includes(w)) found += weight;
  }
  return total > 0 ? found / total : 0;
}

/** Lexical strength in [0, ~1]: BM25 of the top clause per query term, relative to the best possible idf. */
function lexicalStrength(top: SearchHit, query: string, corpusChunks: number): number {
  if (top.lexicalScore === undefined) return 0;
  const termCount = Math.max(1, queryTerms(query).split(" ").length);
  return top.lexicalScore / termCount / Math.log(1 + corpusChunks / 1.5);
}

/** Hybrid results carry no BM25 score; map cosine similarity onto the same scale (0.3 → 0, 0.8 → 0.6). */
function semanticStrength(top: SearchHit): number {
  if (top.vectorScore === undefined) return 0;
  return Math.max(0, Math.min(1, (top.vectorScore - 0.3) / 0.5)) * 0.6;
}

export function retrievalConfidence(query: string, hits: SearchHit[], opts: ConfidenceOptions = {}): RetrievalEvidence {
  const words = contentWords(query).filter((w) => !isStopWord(w));
  if (hits.length === 0 || words.length === 0) return { confidence: 0, topScore: hits[0]?.score ?? 0, margin: 0, coverage: 0, signals: {} };
  const top = hits[0];
  const coverage = wordCoverage(words, folded(`${top.headingPath.join(" ")}\n${top.text}`));
  // Margin against the best clause of a *different* document: two clauses of one document agreeing is not doubt.
  const runnerUp = hits.find((h) => h.documentId !== top.documentId)?.score ?? 0;
  const margin = top.score > 0 ? Math.max(0, (top.score - runnerUp) / top.score) : 0;
  // Idf on a tiny corpus makes every matched word look rare; below the size the weights were fitted
  // at, score as if the corpus were that large (more cautious, never more confident).
  const lexical = lexicalStrength(top, query, Math.max(opts.corpusChunks ?? DEFAULT_CORPUS_CHUNKS, MIN_CALIBRATED_CHUNKS));
  const strength = Math.max(lexical, semanticStrength(top));
  const z = 4 * coverage + 5 * margin + 15 * Math.min(strength, 1) - 7.8;
  const confidence = 100 / (1 + Math.exp(-(z + FALLBACK_BOUNDARY)));
  return { confidence, topScore: top.score, margin, coverage, signals: { coverage, margin, lexical, semantic: top.vectorScore ?? 0, strength, z } };
}
