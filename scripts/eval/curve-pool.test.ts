import { describe, expect, test } from 'bun:test';
import { atNearMiss, poolCurves, type CountedCurve } from './curve-pool';
import type { CurvePoint } from './threshold-curve';

const point = (threshold: number, answerRight: number, answerFallback: number, nearMissFallback: number, offTopicFallback = 1): CurvePoint => ({
  threshold,
  answerRight,
  answerFallback,
  nearMissFallback,
  offTopicFallback,
});

describe('pooled threshold curves', () => {
  test('each share is weighed by its library’s count of that kind', () => {
    const a: CountedCurve = { answers: 30, nearMisses: 10, offTopic: 0, points: [point(30, 0.5, 0.2, 1, 0)] };
    const b: CountedCurve = { answers: 10, nearMisses: 30, offTopic: 4, points: [point(30, 0.9, 0.1, 0.5, 0.5)] };
    const pooled = poolCurves([a, b]);
    expect(pooled).toMatchObject({ answers: 40, nearMisses: 40, offTopic: 4 });
    const p = pooled.points[0]!;
    expect(p.answerRight).toBeCloseTo((0.5 * 30 + 0.9 * 10) / 40);
    expect(p.answerFallback).toBeCloseTo((0.2 * 30 + 0.1 * 10) / 40);
    expect(p.nearMissFallback).toBeCloseTo((1 * 10 + 0.5 * 30) / 40);
    expect(p.offTopicFallback).toBeCloseTo(0.5);
  });

  test('a curve without a threshold the others have is refused', () => {
    const a: CountedCurve = { answers: 1, nearMisses: 1, offTopic: 1, points: [point(0, 1, 0, 0), point(30, 1, 0, 1)] };
    const b: CountedCurve = { answers: 1, nearMisses: 1, offTopic: 1, points: [point(0, 1, 0, 0)] };
    expect(() => poolCurves([a, b])).toThrow('no point at 30');
  });
});

describe('right at a matched near-miss fallback', () => {
  const curve = [point(0, 0.6, 0, 0), point(10, 0.55, 0.1, 0.4), point(20, 0.5, 0.2, 0.6), point(30, 0.4, 0.3, 0.8)];
  test.each([
    ['at a point', 0.6, { answerRight: 0.5, answerFallback: 0.2 }],
    ['between two points, linearly', 0.7, { answerRight: 0.45, answerFallback: 0.25 }],
    ['below the first point’s', 0, { answerRight: 0.6, answerFallback: 0 }],
  ])('%s', (_, near, expected) => {
    const got = atNearMiss(curve, near)!;
    expect(got.answerRight).toBeCloseTo(expected.answerRight);
    expect(got.answerFallback).toBeCloseTo(expected.answerFallback);
  });

  test('beyond the curve there is no figure', () => {
    expect(atNearMiss(curve, 0.9)).toBeNull();
  });
});
