// The first clauses retrieved, reordered by the evidence that each answers the question. BM25 ranks by
// matched terms, and a clause that repeats a few of the question's words (a look-alike from another
// regulation, a clause full of the generic ones) can outscore the clause holding the rare word that
// decides. The evidence (confidence.ts) reads what the score does not: how much of the question's focus
// the clause covers, weighted by rarity, in words and in character trigrams; whether it holds the kind of
// answer asked for; whether its document uses the question's words at all; and how close together the clause
// holds the question's words (proximity.ts). The order is by
//
//   score + top · (EVIDENCE_WEIGHT · confidence / 100 + PROXIMITY_WEIGHT · proximity)   (top: the best score among them)
//
// so the text score still decides between clauses of equal evidence, and the evidence, scale-free, moves
// a clause by up to three times the best score. The evidence term was measured with scripts/eval-answers.ts
// over every set and library (campus_dev, campus_dev2, dorm, exam, leave, conduct on A/B/G/S/S200/U/US: 35 in
// all), hit@1 summed
// 27.73 → 28.65 and hit@5 33.64 → 34.04; on the libraries of every document (U/US) hit@1 rose on every set
// (e.g. leave 0.72/0.69 → 0.81/0.78, exam 0.88/0.82 → 0.91/0.91, conduct 0.59/0.53 → 0.66/0.62); it fell by
// one question on campus_dev A/B/S and by two on conduct A, where a neighbour clause covers more of the
// question's everyday words than the one holding its rare word. With scripts/eval-retrieval.ts: xquad_th
// hit@1 0.9521 → 0.9538, iApp valid 0.9636 → 0.9650, criminal code 0.521 → 0.549, civil 0.683 → 0.698, act
// unchanged.
//
// A question told as a story (query-terms.ts) keeps the text order: its focus is mostly the situation's
// words, and ordering by them lost hits (act hit@5 0.906 → 0.887, criminal code hit@1 0.521 → 0.507).
// Only the first EVIDENCE_ORDER_DEPTH move: a clause from far below rarely answers.
//
// The proximity term was measured over every real set pooled (scripts/eval/real-sets.ts, 371 answerable questions,
// the previous main against this): the first passage a right reference .639 -> .658, on both pooled halves, our own
// sets unchanged, no answer's rightness changed (four wrong answers fell back instead); act MRR@10 .790 -> .806,
// penal .610 -> .608, civil .764 -> .757 (scripts/eval/data/README.md, "Pooled over every real set").
//
// Which clause is quoted is still weighed by the text score (SearchHit.retrievalScore, extractive.ts): the
// quote choosing by the order's score picked the likeliest of more clauses, and near-miss questions were
// answered (fallback campus_dev A 1.00 → 0.92, campus_dev2 A 0.70 → 0.40, leave A 0.89 → 0.67).
import { retrievalConfidence } from './confidence.ts';
import { focusProximity } from './proximity.ts';
import type { KnowledgeIndex } from '../index/index-store.ts';
import type { Question } from '../question/question.ts';
import type { SearchHit } from '../index/search-hit.ts';

export const EVIDENCE_ORDER_DEPTH = 10;
export const EVIDENCE_WEIGHT = 2;
/**
 * The order's weight on how close together the clause holds the question's words (proximity.ts), on the same scale:
 * all of them within one span moves a clause by as much as the best text score.
 */
export const PROXIMITY_WEIGHT = 1;

/**
 * The hits with the first EVIDENCE_ORDER_DEPTH reordered by their evidence. `score` becomes the order's
 * score; `retrievalScore` keeps the text score, and `matchScore` what the clause matched, which the
 * evidence's margin weighs competitors by (as the confidence model was fitted).
 */
export function evidenceOrder(question: Question, hits: SearchHit[]): SearchHit[] {
  const depth = Math.min(hits.length, EVIDENCE_ORDER_DEPTH);
  if (depth < 2 || question.story) return hits;
  const head = hits.slice(0, depth);
  const top = Math.max(...head.map((h) => h.score));
  if (!(top > 0)) return hits;
  const scored = head.map((h) => ({
    ...h,
    score:
      h.score + top * ((EVIDENCE_WEIGHT * retrievalConfidence(question, hits, { passage: h }).confidence) / 100 + PROXIMITY_WEIGHT * proximityOf(question, h)),
    matchScore: h.matchScore ?? h.score,
    retrievalScore: h.retrievalScore ?? h.score,
  }));
  return [...scored.sort((a, b) => b.score - a.score), ...hits.slice(depth)];
}

/** How close together the clause's heading and text hold the question's focus words (proximity.ts). */
const proximityOf = (question: Question, h: SearchHit) => focusProximity(question.focus, `${h.headingPath.join(' ')}\n${h.text}`);

/**
 * The index's hits in the product's order (the chat's search, the eval scripts): the first
 * EVIDENCE_ORDER_DEPTH carry their document's text (document-text.ts), so that how much of the question the
 * document never uses is the same whatever else the library holds (evidence.ts), and are ordered by
 * evidence. A document that cannot be read is weighed against what was retrieved instead.
 */
export async function orderedByEvidence(index: KnowledgeIndex, question: Question, hits: SearchHit[]): Promise<SearchHit[]> {
  const head = hits.slice(0, EVIDENCE_ORDER_DEPTH);
  const ids = [...new Set(head.map((h) => h.documentId))];
  const texts = new Map(await Promise.all(ids.map(async (id) => [id, await index.documentText(id).catch(() => undefined)] as const)));
  return evidenceOrder(question, [...head.map((h) => ({ ...h, documentText: texts.get(h.documentId) })), ...hits.slice(EVIDENCE_ORDER_DEPTH)]);
}
