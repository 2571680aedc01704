// The evidence score (0–100) that the passage shown as the answer is right, from the evidence in
// evidence.ts. Students are shown it through calibration.ts.
// The model is a logistic regression over bounded features, its weights fitted and written down in
// confidence-model.json (with what they were fitted on and the command that fits them again):
//
//   z = bias + Σ weight[f] · evidence[f]        confidence = 100 / (1 + e^−z)
//
// Why these: coverage says the passage is about the question (words, and trigrams for segmentation and OCR
// misses), weighted by background rarity so that no library statistic enters; margin says nothing else
// retrieved competes (copies of the passage don't count, so a duplicate document cannot dilute it); type match
// says the passage holds the kind of answer asked for; foreign says the question uses words the passage's
// document never does (near-miss and off-topic questions). The off-question rules (off-question.ts: another year,
// a sibling, no rate for the unit asked) are features too: each lowers the confidence by its weight, and none
// zeroes a passage's coverage. No feature reads the library's
// size, so adding unrelated documents changes a confidence only through what is retrieved.
import MODEL_FILE from './confidence-model.json' with { type: 'json' };
import type { SearchHit } from '../index/index-store.ts';
import { EVIDENCE_FEATURES, type Evidence } from './evidence.ts';
import { evidenceOnce } from './evidence-once.ts';
import type { Question } from '../question/question.ts';

export interface RetrievalEvidence {
  confidence: number;
  topScore: number;
  margin: number;
  coverage: number;
  signals: Record<string, number>;
}
export interface ConfidenceOptions {
  /** The passage shown as the answer (the extractive answerer may quote another than the top hit). */
  passage?: SearchHit;
}

/** A fitted model: a bias and a weight per evidence feature (a feature it does not name weighs nothing). */
export interface ConfidenceModel {
  bias: number;
  weights: Partial<Record<keyof Evidence, number>>;
}

const SHIPPED: ConfidenceModel = { bias: MODEL_FILE.bias, weights: MODEL_FILE.weights };
let model: ConfidenceModel = SHIPPED;

/** The model in use (the shipped one unless a measurement set another). */
export const confidenceModel = (): ConfidenceModel => model;

/** Measurement only (scripts/eval-answers.ts --model, the fit's ablations): score with another model; none = the shipped one. */
export function setConfidenceModel(other?: ConfidenceModel): void {
  model = other ?? SHIPPED;
}

/** A model on given evidence: 0–100. */
export function confidenceOf(e: Evidence, m: ConfidenceModel = model): number {
  let z = m.bias;
  for (const f of EVIDENCE_FEATURES) z += (m.weights[f] ?? 0) * e[f];
  return 100 / (1 + Math.exp(-z));
}

export function retrievalConfidence(question: Question, hits: SearchHit[], opts: ConfidenceOptions = {}): RetrievalEvidence {
  const passage = opts.passage ?? hits[0];
  if (!passage) return { confidence: 0, topScore: 0, margin: 0, coverage: 0, signals: {} };
  const e = evidenceOnce(question, hits, passage);
  if (e.wordCover === 0 && e.gramCover === 0) return { confidence: 0, topScore: passage.score, margin: e.margin, coverage: 0, signals: { ...e } };
  return { confidence: confidenceOf(e), topScore: passage.score, margin: e.margin, coverage: e.wordCover, signals: { ...e } };
}

/**
 * The best evidence among the first `n` retrieved passages: a model given several clauses answers from
 * the one that answers (the top hit by score may be a neighbour that shares the question's words).
 */
export function bestPassageConfidence(question: Question, hits: SearchHit[], n: number): RetrievalEvidence {
  let best = retrievalConfidence(question, hits);
  for (const passage of hits.slice(1, n)) {
    const e = retrievalConfidence(question, hits, { passage });
    if (e.confidence > best.confidence) best = e;
  }
  return best;
}
