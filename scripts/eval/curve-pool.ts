// Two versions compared on their threshold curves (threshold-curve.ts), pooled over libraries, and at a matched
// near-miss fallback. A change that only moves the confidence (a quoted passage the evidence likes better, a lower
// bias) trades answered near-misses for answerable ones shown: at the product's threshold it looks like a gain in
// right answers and a loss in near-miss fallbacks. Read at the same near-miss fallback, such a change is even; a
// change that answers better is ahead there.
import type { CurvePoint } from './threshold-curve';

/** One library's curve with its question counts (answerable, near-miss, off-topic). */
export interface CountedCurve {
  answers: number;
  nearMisses: number;
  offTopic: number;
  points: CurvePoint[];
}

const weigh = (share: number | null, n: number) => (share ?? 0) * n;

/** The curves of several libraries as one: at each threshold, every share weighed by its library's count. */
export function poolCurves(curves: CountedCurve[]): CountedCurve {
  const sum = (f: (c: CountedCurve) => number) => curves.reduce((s, c) => s + f(c), 0);
  const [answers, nearMisses, offTopic] = [sum((c) => c.answers), sum((c) => c.nearMisses), sum((c) => c.offTopic)];
  const thresholds = curves[0]?.points.map((p) => p.threshold) ?? [];
  const at = (c: CountedCurve, t: number) => {
    const p = c.points.find((x) => x.threshold === t);
    if (!p) throw new Error(`a curve has no point at ${t}`);
    return p;
  };
  const share = (total: number, f: (c: CountedCurve) => number) => (total ? sum(f) / total : null);
  return {
    answers,
    nearMisses,
    offTopic,
    points: thresholds.map((t) => ({
      threshold: t,
      answerRight: share(answers, (c) => weigh(at(c, t).answerRight, c.answers)),
      answerFallback: share(answers, (c) => weigh(at(c, t).answerFallback, c.answers)),
      nearMissFallback: share(nearMisses, (c) => weigh(at(c, t).nearMissFallback, c.nearMisses)),
      offTopicFallback: share(offTopic, (c) => weigh(at(c, t).offTopicFallback, c.offTopic)),
    })),
  };
}

/**
 * The curve's answerable right and fallback where its near-miss fallback is `near`, linearly between the two
 * thresholds around it (the near-miss fallback rises with the threshold); null outside the curve.
 */
export function atNearMiss(points: CurvePoint[], near: number): { answerRight: number; answerFallback: number } | null {
  for (let i = 0; i < points.length; i++) {
    const hi = points[i]!;
    if ((hi.nearMissFallback ?? -1) < near) continue;
    if (i === 0 || hi.nearMissFallback === near) return { answerRight: hi.answerRight ?? 0, answerFallback: hi.answerFallback ?? 0 };
    const lo = points[i - 1]!;
    const x = (near - lo.nearMissFallback!) / (hi.nearMissFallback! - lo.nearMissFallback!);
    const mix = (a: number | null, b: number | null) => (a ?? 0) + x * ((b ?? 0) - (a ?? 0));
    return { answerRight: mix(lo.answerRight, hi.answerRight), answerFallback: mix(lo.answerFallback, hi.answerFallback) };
  }
  return null;
}
