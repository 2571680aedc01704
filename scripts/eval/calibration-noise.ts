// How far a set's shown answers are from calibrated, beside what chance alone gives at their number: the binned ECE
// (answer-scoring.ts reliability) of a few dozen answers is large even for a calibrated confidence (33 shown answers,
// as on real_dev's held half: about 0.15), so a target such as ECE ≤ 0.08 is read beside `eceIfCalibrated`.
// - overconfidence: mean shown confidence minus the share of shown answers that are right (0–1; > 0 over-confident),
//   the calibration in the large, whose sampling error is about √(p(1−p)/n);
// - eceIfCalibrated: the mean ECE of answers right exactly as often as their confidence says, at the same confidences
//   (seeded draws, the same on every run).
import { rng } from '../seeded-random';

const DRAWS = 500;

interface Shown {
  confidence: number;
  right: boolean;
}

/** Binned ECE (ten 10-point bands) of confidences 0–100 and outcomes; as reliability() computes it. */
function binnedEce(confidences: readonly number[], right: (i: number) => boolean): number {
  const count = new Array<number>(10).fill(0);
  const hits = new Array<number>(10).fill(0);
  const sum = new Array<number>(10).fill(0);
  confidences.forEach((c, i) => {
    const b = Math.min(9, Math.max(0, Math.floor(c / 10)));
    count[b]!++;
    sum[b]! += c;
    if (right(i)) hits[b]!++;
  });
  let ece = 0;
  for (let b = 0; b < 10; b++) if (count[b]) ece += (count[b]! / confidences.length) * Math.abs(hits[b]! / count[b]! - sum[b]! / count[b]! / 100);
  return ece;
}

export function calibrationNoise(shown: readonly Shown[]): { overconfidence: number | null; eceIfCalibrated: number | null } {
  if (!shown.length) return { overconfidence: null, eceIfCalibrated: null };
  const confidences = shown.map((s) => s.confidence);
  const mean = confidences.reduce((a, c) => a + c, 0) / shown.length / 100;
  const share = shown.filter((s) => s.right).length / shown.length;
  const draw = rng(37);
  let total = 0;
  for (let d = 0; d < DRAWS; d++) {
    const right = confidences.map((c) => draw() < c / 100);
    total += binnedEce(confidences, (i) => right[i]!);
  }
  return { overconfidence: mean - share, eceIfCalibrated: total / DRAWS };
}
