// The isotonic fit behind the shown-confidence calibration (modules/knowledge/scoring/calibration.ts), for
// scripts/fit-calibration.ts. Hand-written: a pool-adjacent-violators pass over five bands is a few lines,
// and the constraints that keep the spec's band edges are ours.
import { throughKnots } from '../../modules/knowledge/scoring/calibration';

export interface Shown {
  set: string;
  library: string;
  evidence: number;
  right: boolean;
  /** how much the answer counts (default 1): a set's answers may share a fixed part of the fit's weight */
  w?: number;
}
export type Knots = Array<[number, number]>;

/** Score bands the isotonic fit starts from: the spec's band edges (30, 80) are band edges here too. */
const EDGES = [30, 50, 70, 80, 90, 100.01];
const LOW = 30;
const HIGH = 80;

/** Isotonic fit: each band's (mean score, fraction right), weighted, adjacent violators pooled. */
export function fit(rows: Shown[]): Knots {
  const blocks: Array<{ x: number; y: number; n: number }> = [];
  const w = (r: Shown) => r.w ?? 1;
  for (let i = 0; i + 1 < EDGES.length; i++) {
    const inBand = rows.filter((r) => r.evidence >= EDGES[i] && r.evidence < EDGES[i + 1]);
    const n = inBand.reduce((s, r) => s + w(r), 0);
    if (!inBand.length || n <= 0) continue;
    blocks.push({
      x: inBand.reduce((s, r) => s + w(r) * r.evidence, 0) / n,
      y: (100 * inBand.filter((r) => r.right).reduce((s, r) => s + w(r), 0)) / n,
      n,
    });
    while (blocks.length > 1 && blocks[blocks.length - 2].y > blocks[blocks.length - 1].y) {
      const b = blocks.pop()!;
      const a = blocks.pop()!;
      const n2 = a.n + b.n;
      blocks.push({ x: (a.x * a.n + b.x * b.n) / n2, y: (a.y * a.n + b.y * b.n) / n2, n: n2 });
    }
  }
  return toKnots(blocks.map((b) => [b.x, b.y] as [number, number]));
}

/**
 * The fitted points as knots that keep the decisions: flat from 30 to the first point, a score under 80
 * shown under 80 and one at 80 or more shown at 80 or more, at most 99 (no answer is certain), rising.
 */
export function toKnots(points: Knots): Knots {
  const at = (x: number) => throughKnots(points, Math.max(x, points[0][0])); // flat before the first point
  const clamp = (x: number, y: number) => Math.round(Math.min(x < HIGH ? HIGH - 1 : 99, Math.max(x < HIGH ? LOW : HIGH, y)));
  const xs = [
    LOW,
    ...points.map((p) => p[0]).filter((x) => x > LOW && x < HIGH - 0.01),
    HIGH - 0.01,
    HIGH,
    ...points.map((p) => p[0]).filter((x) => x > HIGH),
    100,
  ];
  const knots: Knots = xs.map((x) => [Math.round(x * 100) / 100, clamp(x, at(x))]);
  // strictly rising (a point higher or lower where the fit is flat), so that of two answers the likelier one is
  // never shown as the less likely, and no answers tie (ties would cost AUROC for nothing); each band on its own,
  // lowered from the top and then raised from its floor (30, 80) where lowering crossed it
  for (const [band, floor] of [
    [knots.filter(([x]) => x < HIGH), LOW],
    [knots.filter(([x]) => x >= HIGH), HIGH],
  ] as const) {
    for (let i = band.length - 2; i >= 0; i--) band[i][1] = Math.min(band[i][1], band[i + 1][1] - 1);
    band[0][1] = Math.max(band[0][1], floor);
    for (let i = 1; i < band.length; i++) band[i][1] = Math.max(band[i][1], band[i - 1][1] + 1);
  }
  return knots;
}

/** Platt scaling: P(right) = 1 / (1 + e^−(a + b·logit(score/100))), fitted on shown answers (weighted). */
export interface Platt {
  a: number;
  b: number;
}

const logit = (score: number) => {
  const p = Math.min(0.9999, Math.max(0.0001, score / 100));
  return Math.log(p / (1 - p));
};
export const plattAt = (m: Platt, score: number): number => 100 / (1 + Math.exp(-(m.a + m.b * logit(score))));

/**
 * Two parameters instead of a value per band: few shown answers (real_dev's fit half has 32) fit it without
 * following each one. A weak pull of the slope towards 1 (the score kept as it is) keeps it rising when the
 * answers barely tell scores apart. Plain gradient descent: convex, and two parameters.
 */
export function plattFit(rows: Shown[]): Platt {
  const xs = rows.filter((r) => r.evidence >= LOW && (r.w ?? 1) > 0).map((r) => ({ x: logit(r.evidence), y: r.right ? 1 : 0, w: r.w ?? 1 }));
  const total = xs.reduce((s, r) => s + r.w, 0);
  if (!total) return { a: 0, b: 1 };
  let a = 0;
  let b = 1;
  for (let i = 0; i < 3000; i++) {
    let ga = 0;
    let gb = 0;
    for (const { x, y, w } of xs) {
      const d = w * (1 / (1 + Math.exp(-(a + b * x))) - y);
      ga += d;
      gb += d * x;
    }
    a -= (0.5 * ga) / total;
    b -= (0.5 * (gb + 0.5 * (b - 1))) / total;
  }
  return { a, b };
}

/** Score points the Platt map is written down at (linear between them); the high band is kept as it is unless fitted. */
const PLATT_XS = [30, 35, 40, 45, 50, 55, 60, 65, 70, 75, 79.99];
const PLATT_HIGH_XS = [80, 85, 90, 95, 99, 100];

/**
 * A Platt fit as knots that keep the fallback decision: from 30 the fitted probability, never under 30 (those answers
 * are shown, not fallen back), a score under 80 never shown at 80 or more, rising at least a little (no ties).
 * highBand 'kept' (default): at 80 and over the score as it is (the high band stays the high band). 'fitted': the map
 * goes on through the high band, so a score of 80 or more whose answers are right less often is shown under 80 (the
 * spec's "below 80: staff contact added"); at most 99 (no answer is certain).
 */
export function plattKnots(m: Platt, highBand: 'kept' | 'fitted' = 'kept'): Knots {
  const below = (x: number) => Math.min(HIGH - 0.5, Math.max(LOW + (x - LOW) * 0.05, plattAt(m, x)));
  const above = (x: number) => Math.min(99, Math.max(LOW + (x - LOW) * 0.05, plattAt(m, x)));
  const xs = highBand === 'fitted' ? [...PLATT_XS, ...PLATT_HIGH_XS] : PLATT_XS;
  const knots: Knots = xs.map((x) => [x, Math.round(100 * (x < HIGH ? below(x) : above(x))) / 100]);
  for (let i = 1; i < knots.length; i++) knots[i][1] = Math.max(knots[i][1], knots[i - 1][1] + 0.05);
  return highBand === 'fitted' ? knots : [...knots, [HIGH, HIGH], [99, 99], [100, 99.5]];
}
