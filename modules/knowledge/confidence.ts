// Confidence (0–100) that the retrieved clauses can answer the question, from retrieval evidence only.
import type { SearchHit } from "./index-store.ts";
import { contentWords } from "./query-terms.ts";
import { charGrams, foldThaiDigits } from "./tokens.ts";
import { isStopWord } from "./stopwords.ts";

export interface RetrievalEvidence { confidence: number; topScore: number; margin: number; coverage: number; signals: Record<string, number> }

function folded(s: string): string {
  return foldThaiDigits(s.normalize("NFC").toLowerCase()).replace(/(\d),(?=\d{3})/g, "$1");
}

/** Share of query content (weighted by length: long words are specific) found verbatim in the text. */
function wordCoverage(words: string[], text: string): number {
  let total = 0;
  let found = 0;
  for (const w of new Set(words)) {
    const weight = Math.min(Array.from(w).length, 8);
    total += weight;
    if (text.includes(w)) found += weight;
  }
  return total > 0 ? found / total : 0;
}

function gramCoverage(grams: string[], text: string): number {
  const have = new Set(charGrams(text));
  const uniq = [...new Set(grams)];
  return uniq.length ? uniq.filter((g) => have.has(g)).length / uniq.length : 0;
}

export function retrievalConfidence(query: string, hits: SearchHit[]): RetrievalEvidence {
  const words = contentWords(query).filter((w) => !isStopWord(w));
  const queryGrams = charGrams(words.join(" "));
  if (hits.length === 0 || (words.length === 0 && queryGrams.length === 0)) return { confidence: 0, topScore: 0, margin: 0, coverage: 0, signals: {} };
  const top = hits[0];
  const topText = folded(`${top.headingPath.join(" ")}\n${top.text}`);
  const coverage = wordCoverage(words, topText);
  const grams = gramCoverage(queryGrams, topText);
  const scores = hits.map((h) => h.score);
  const others = scores.slice(1, 10);
  const mean = others.length ? others.reduce((a, b) => a + b, 0) / others.length : 0;
  const sd = others.length > 1 ? Math.sqrt(others.reduce((a, b) => a + (b - mean) ** 2, 0) / others.length) : 0;
  const margin = scores[0] > 0 ? (scores[0] - (scores[1] ?? 0)) / scores[0] : 0;
  const separation = sd > 0 ? (scores[0] - mean) / sd : others.length ? 0 : 3;
  const vector = top.vectorScore ?? 0;
  const signals = { coverage, grams, margin, separation, vector, topScore: scores[0], queryWords: words.length };
  const z = 6 * coverage + 4 * grams + 2 * margin + 0.3 * Math.min(separation, 6) - 7;
  const confidence = 100 / (1 + Math.exp(-z));
  return { confidence, topScore: scores[0], margin, coverage, signals };
}
