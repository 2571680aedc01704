// Whether a confidence means anything, over shown answers: AUROC (right against wrong) and a reliability table with
// its expected calibration error. Read by the answer eval's summary and by the confidence-fitting tools.
import { auroc as pairwiseAuroc } from '../../modules/knowledge/eval-metrics';

/** Probability that a random positive scores above a random negative (ties half); null when a side is empty. */
export function auroc(positives: number[], negatives: number[]): number | null {
  return positives.length && negatives.length ? pairwiseAuroc(positives, negatives) : null;
}

export interface ReliabilityBin {
  from: number; // band [from, from+10), the last one includes 100
  count: number;
  right: number;
  meanConfidence: number; // 0–100
  fractionRight: number | null;
}

/** Shown answers per 10-point confidence band, and ECE = Σ (n_b/N)·|fraction right − mean confidence/100|. */
export function reliability(outcomes: Array<{ confidence: number; right: boolean }>): { bins: ReliabilityBin[]; ece: number | null } {
  const bins: ReliabilityBin[] = Array.from({ length: 10 }, (_, i) => ({ from: i * 10, count: 0, right: 0, meanConfidence: 0, fractionRight: null }));
  for (const o of outcomes) {
    const bin = bins[Math.min(9, Math.max(0, Math.floor(o.confidence / 10)))]!;
    bin.count++;
    bin.right += o.right ? 1 : 0;
    bin.meanConfidence += o.confidence;
  }
  let ece = 0;
  for (const b of bins) {
    if (!b.count) continue;
    b.meanConfidence /= b.count;
    b.fractionRight = b.right / b.count;
    ece += (b.count / outcomes.length) * Math.abs(b.fractionRight - b.meanConfidence / 100);
  }
  return { bins, ece: outcomes.length ? ece : null };
}
