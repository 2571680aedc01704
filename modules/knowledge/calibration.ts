// The confidence a student is shown: the evidence model (confidence.ts) mapped through a calibration
// measured on shown answers, so that among answers shown at about N %, about N % are right.
//
// Why a second stage: the evidence model ranks answers well (AUROC ≈ 0.8 on shown answers) but its
// middle is too low. Pooled over our six answer sets (campus_dev, campus_dev2, dorm, exam, leave,
// conduct; 23 set × library runs, 723 shown answers of the embedded answerer, scripts/eval-answers.ts
// --out), answers it scores 30–70 % are right about 64 % of the time whatever their score, and those it
// scores 80–100 % about 96 %. The map below is that isotonic fit (adjacent violators pooled over the
// bands 30/50/70/80/90, each band at its mean score, made strictly rising), by scripts/fit-calibration.ts,
// which re-fits from eval-answers output and checks a map fitted without each set on that set.
// Measured (expected calibration error of shown answers, evidence score → map fitted without the set):
// campus_dev A/B 0.134 → 0.062, scans S/S200 0.13 → 0.04–0.06; exam 0.17–0.30 → 0.08–0.13; dorm
// 0.23–0.27 → 0.13–0.21; leave 0.18–0.25 → 0.08–0.10; conduct A 0.16 → 0.11; pooled 0.094 → 0.037
// (shipped map). Worse where the low band is mostly wrong: campus_dev2 0.10 → 0.15, conduct B/G 0.09 →
// 0.10/0.12. Better discrimination in the middle is the way to fix those, not a flatter map.
//
// The decisions keep their meaning (spec: < 30 % falls back, ≥ 80 % is the high band): below the
// first knot the score is kept as it is (those answers fall back, so nothing calibrates them), a score
// under 80 stays under 80 and one at 80 or more stays there. So the high band holds the same answers
// as before, and its precision is unchanged; only the number shown moves. The evidence model itself
// (and every choice the answerer makes with it: which clause to lead with, the related-document floor)
// still reads the uncalibrated score. An admin's thresholds (console) are compared with what is shown.
//
// Knots: [evidence score, shown confidence], linear between them, flat past the last.
export const CALIBRATION_KNOTS: ReadonlyArray<readonly [number, number]> = [
  [30, 63],
  [52.79, 64],
  [75.47, 78],
  [79.99, 79],
  [80, 87],
  [89.6, 97],
  [100, 98],
];

let knotsInUse: ReadonlyArray<readonly [number, number]> = CALIBRATION_KNOTS;

/** Measurement only (scripts/eval-answers.ts --model with a model file that carries its own map): none = the shipped map. */
export function setCalibration(knots?: ReadonlyArray<readonly [number, number]>): void {
  knotsInUse = knots ?? CALIBRATION_KNOTS;
}

/** The shown confidence (0–100) for an evidence score (0–100). */
export const calibrated = (evidence: number): number => throughKnots(knotsInUse, evidence);

/** Linear between the knots, flat past the last; below the first the score is kept (see above). */
export function throughKnots(knots: ReadonlyArray<readonly [number, number]>, evidence: number): number {
  if (evidence < knots[0][0]) return evidence;
  for (let i = 1; i < knots.length; i++) {
    const [x0, y0] = knots[i - 1];
    const [x1, y1] = knots[i];
    if (evidence <= x1) return y0 + ((y1 - y0) * (evidence - x0)) / (x1 - x0);
  }
  return knots[knots.length - 1][1];
}
