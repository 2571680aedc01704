// What the fallback threshold costs and buys on a set. The product falls back below the admin's low threshold
// (30 %, chat.md), so a fallback hides whether the passage it would have quoted was right: a confidence loss (the
// right clause held back) and a retrieval loss (nothing right to quote) look alike. `--curve` asks every question
// that fell back again with the threshold read as 0 (in this process only, never written to the library's database:
// modules/assistant/measured-threshold.ts) and scores the quote it would have shown; with those, the outcome at any
// threshold follows from each question's confidence alone, so one pass gives the whole curve. Aggregates only: a
// held set prints them like its other figures.
import { setMeasuredLowThreshold } from '../../modules/assistant/measured-threshold';
import type { Outcome } from './answer-scoring';

/** One question as it would be at a threshold of 0: its confidence, whether a quote was made, whether it was right. */
export interface UnheldOutcome {
  kind: Outcome['kind'];
  confidence: number;
  quoted: boolean;
  /** answerable: reference and keywords right; near-miss and off-topic: false (their right is a fallback) */
  right: boolean;
  refRight: boolean;
}

export interface CurvePoint {
  threshold: number;
  answerRight: number | null;
  answerFallback: number | null;
  nearMissFallback: number | null;
  offTopicFallback: number | null;
}

export interface HeldBack {
  /** answerable questions that fell back at the set threshold */
  fallbacks: number;
  /** of those, the quote held back was right (reference and keywords) / cited the gold place / no quote at all */
  wouldBeRight: number;
  wouldBeRef: number;
  noQuote: number;
}

export const CURVE_THRESHOLDS = [0, 10, 20, 30, 40, 50];

const share = (xs: boolean[]) => (xs.length ? xs.filter(Boolean).length / xs.length : null);

/** The set's figures had the threshold been `t`: a question falls back when it made no quote or its confidence is below t. */
export function thresholdCurve(rows: UnheldOutcome[], thresholds = CURVE_THRESHOLDS): CurvePoint[] {
  return thresholds.map((t) => {
    const falls = (r: UnheldOutcome) => !r.quoted || r.confidence < t;
    const of = (kind: Outcome['kind']) => rows.filter((r) => r.kind === kind);
    return {
      threshold: t,
      answerRight: share(of('answer').map((r) => !falls(r) && r.right)),
      answerFallback: share(of('answer').map(falls)),
      nearMissFallback: share(of('near_miss').map(falls)),
      offTopicFallback: share(of('off_topic').map(falls)),
    };
  });
}

/** What the answerable fallbacks held back, from their outcomes at the threshold of 0. */
export function heldBack(shown: Outcome[], unheld: UnheldOutcome[]): HeldBack {
  const back = unheld.filter((u, i) => u.kind === 'answer' && shown[i]!.fallback);
  return {
    fallbacks: back.length,
    wouldBeRight: back.filter((u) => u.quoted && u.right).length,
    wouldBeRef: back.filter((u) => u.quoted && u.refRight).length,
    noQuote: back.filter((u) => !u.quoted).length,
  };
}

export const unheldOf = (o: Outcome): UnheldOutcome => ({
  kind: o.kind,
  confidence: o.confidence,
  quoted: !o.fallback,
  right: o.kind === 'answer' && o.right,
  refRight: o.refRight,
});

/** Each question's outcome at a threshold of 0: a shown answer as it is; a fallback asked again with the threshold at 0. */
export async function unheldOutcomes(outcomes: Outcome[], askAgain: (index: number) => Promise<Outcome>): Promise<UnheldOutcome[]> {
  setMeasuredLowThreshold(0);
  try {
    const rows: UnheldOutcome[] = [];
    for (const [i, o] of outcomes.entries()) rows.push(unheldOf(o.fallback ? await askAgain(i) : o));
    return rows;
  } finally {
    setMeasuredLowThreshold(null);
  }
}

const pct = (v: number | null) => (v == null ? '   -' : `${Math.round(v * 100)}%`.padStart(4));

export function formatCurve(name: string, points: CurvePoint[], back: HeldBack): string {
  const lines = [
    `threshold curve, library ${name}: threshold  answerable right / fallback · near-miss fallback · off-topic fallback`,
    ...points.map(
      (p) =>
        `  ${String(p.threshold).padStart(3)}   ${pct(p.answerRight)} / ${pct(p.answerFallback)} · ${pct(p.nearMissFallback)} · ${pct(p.offTopicFallback)}`,
    ),
    `  answerable fallbacks ${back.fallbacks}: the quote held back was right ${back.wouldBeRight}, cited the gold place ${back.wouldBeRef}, no quote at all ${back.noQuote}`,
  ];
  return lines.join('\n');
}
