// How sure an answer is, once a turn: the evidence for each retrieved passage scored once (the best of the
// first few for a model's answer, the quoted one for a quote, a recommended document's best passage), and the
// accuracy shown computed by one function from that evidence.
import { calibrated, retrievalConfidence, type Question, type RetrievalEvidence, type SearchHit } from '../knowledge';
import { combineConfidence } from './grounding';

export interface PassageEvidence {
  /** the evidence that this retrieved passage answers the question (knowledge/scoring/confidence.ts), scored once */
  of(passage: SearchHit): RetrievalEvidence;
  /** the best evidence among the first `n` passages: a model given several clauses answers from the one that answers */
  best(n: number): RetrievalEvidence;
}

const NO_EVIDENCE: RetrievalEvidence = { confidence: 0, topScore: 0, margin: 0, coverage: 0, signals: {} };

/** The evidence for the library's passages of one turn, each scored the first time it is asked for. */
export function passageEvidence(question: Question, library: SearchHit[]): PassageEvidence {
  const scored = new Map<SearchHit, RetrievalEvidence>();
  const of = (passage: SearchHit) => {
    let e = scored.get(passage);
    if (!e) scored.set(passage, (e = retrievalConfidence(question, library, { passage })));
    return e;
  };
  return {
    of,
    best(n) {
      if (!library.length) return NO_EVIDENCE;
      let best = of(library[0]!);
      for (const passage of library.slice(1, n)) if (of(passage).confidence > best.confidence) best = of(passage);
      return best;
    },
  };
}

/** What the shown accuracy is measured on. */
export type Answered =
  /** a quote of the passage the evidence was scored on: it supports itself */
  | { by: 'quote' }
  /** a model's answer: `support` is how much of its text the clauses and attachments back (0–1) */
  | { by: 'model'; support: number }
  /** the extractive answerer found nothing to quote */
  | { by: 'no-quote' }
  /** a model's answer not generated: the fallback would replace it */
  | { by: 'not-generated' };

/**
 * The accuracy shown with an answer (0–100), the one formula for every kind of answer. An answer is shown as the
 * calibrated probability that it is right (knowledge/scoring/calibration.ts), its evidence halved as far as a model's
 * text strays from the clauses (combineConfidence), which keeps the band edges: a fluent answer the clauses don't
 * back still falls back. Without an answer the evidence is shown uncalibrated with no support (halved), and halved
 * again when no passage was even quotable.
 */
export function shownAccuracy(evidence: number, answered: Answered): number {
  switch (answered.by) {
    case 'quote':
      return combineConfidence(calibrated(evidence), 1);
    case 'model':
      return combineConfidence(calibrated(combineConfidence(evidence, answered.support)), 1);
    case 'no-quote':
      return combineConfidence(evidence, 0) / 2;
    case 'not-generated':
      return combineConfidence(evidence, 0);
  }
}
