import { describe, expect, test } from 'bun:test';
import { CALIBRATION_KNOTS, calibrated, throughKnots } from './calibration';

const scores = Array.from({ length: 10001 }, (_, i) => i / 100);

describe('the shown confidence keeps the decisions of the evidence score', () => {
  test('below the fallback threshold the score is shown as it is (those answers fall back)', () => {
    for (const s of [0, 5, 12.5, 29.99]) expect(calibrated(s)).toBe(s);
  });
  test('a score at 30 or more is never shown under 30, and one under 80 is never shown at 80 or more', () => {
    for (const s of scores) {
      if (s >= 30) expect(calibrated(s)).toBeGreaterThanOrEqual(30);
      if (s < 80) expect(calibrated(s)).toBeLessThan(80);
      else expect(calibrated(s)).toBeGreaterThanOrEqual(80);
    }
  });
  test('it rises with the score (the likelier answer is never shown as the less likely) and never says 100 %', () => {
    for (let i = 1; i < scores.length; i++) expect(calibrated(scores[i])).toBeGreaterThan(calibrated(scores[i - 1]));
    expect(calibrated(100)).toBeLessThan(100);
  });
  test('the knots are in order, and the map goes through them', () => {
    for (let i = 1; i < CALIBRATION_KNOTS.length; i++) expect(CALIBRATION_KNOTS[i][0]).toBeGreaterThan(CALIBRATION_KNOTS[i - 1][0]);
    for (const [x, y] of CALIBRATION_KNOTS) expect(calibrated(x)).toBeCloseTo(y, 6);
  });
  test('linear between knots, flat past the last', () => {
    const knots = [
      [30, 60],
      [70, 70],
    ] as const;
    expect(throughKnots(knots, 50)).toBe(65);
    expect(throughKnots(knots, 90)).toBe(70);
    expect(throughKnots(knots, 20)).toBe(20);
  });
});
