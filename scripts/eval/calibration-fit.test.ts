import { describe, expect, test } from 'bun:test';
import { throughKnots } from '../../modules/knowledge/scoring/calibration';
import { fit, plattAt, plattFit, plattKnots, type Shown } from './calibration-fit';

// n answers at one evidence score, `right` of them right
const at = (evidence: number, n: number, right: number): Shown[] =>
  Array.from({ length: n }, (_, i) => ({ set: 's', library: 'A', evidence, right: i < right }));

describe('the calibration fit', () => {
  test('each band is shown at its fraction right, and a band right less often than the one below is pooled with it', () => {
    // 40: 6 of 10 right, 60: 5 of 10 (a violator: pooled to 55 %), 75: 8 of 10, 85 and 95: 10 of 10
    const knots = fit([...at(40, 10, 6), ...at(60, 10, 5), ...at(75, 10, 8), ...at(85, 10, 10), ...at(95, 10, 10)]);
    const y = (x: number) => knots.find((k) => k[0] === x)?.[1];
    expect(y(50)).toBe(55); // the pooled block sits at its mean score, 50
    expect(y(75)).toBe(78); // 80 % right, kept under the high band
  });

  test("an answer's weight counts as that many answers", () => {
    // the 60 band: 5 of 10 right at weight 1, or 1 right at weight 5 and 9 wrong at weight 5/9 (the same 50 %)
    const even = fit([...at(40, 10, 4), ...at(60, 10, 5), ...at(85, 10, 10)]);
    const weighted = fit([
      ...at(40, 10, 4),
      { set: 's', library: 'A', evidence: 60, right: true, w: 5 },
      ...Array.from({ length: 9 }, () => ({ set: 's', library: 'A', evidence: 60, right: false, w: 5 / 9 })),
      ...at(85, 10, 10),
    ]);
    expect(weighted).toEqual(even);
    // a weight of 0 leaves an answer out
    expect(fit([...at(40, 10, 4), ...at(60, 10, 5), ...at(85, 10, 10), { set: 's', library: 'A', evidence: 60, right: true, w: 0 }])).toEqual(even);
  });

  test('the band edges keep their meaning, and the map rises', () => {
    const knots = fit([...at(35, 10, 9), ...at(75, 10, 10), ...at(85, 10, 10), ...at(95, 10, 10)]);
    for (const [x, y] of knots) {
      if (x < 80) expect(y).toBeLessThan(80);
      else expect(y).toBeGreaterThanOrEqual(80);
      expect(y).toBeGreaterThanOrEqual(30);
      expect(y).toBeLessThanOrEqual(99);
    }
    for (let i = 1; i < knots.length; i++) {
      expect(knots[i][0]).toBeGreaterThan(knots[i - 1][0]);
      expect(knots[i][1]).toBeGreaterThan(knots[i - 1][1]);
    }
  });

  test('answers right less often than their score, as on real documents, keep the band edges too', () => {
    // every band right less often than its score says: the high band is pulled down to 80 and the rest towards 30
    const knots = fit([...at(35, 10, 1), ...at(60, 10, 3), ...at(75, 10, 4), ...at(85, 10, 5), ...at(95, 10, 5)]);
    for (const [x, y] of knots) {
      if (x < 80) expect(y).toBeLessThan(80);
      else expect(y).toBeGreaterThanOrEqual(80);
      expect(y).toBeGreaterThanOrEqual(30);
    }
    for (let i = 1; i < knots.length; i++) expect(knots[i][1]).toBeGreaterThan(knots[i - 1][1]);
  });
});

describe('the Platt calibration fit', () => {
  // answers whose chance of being right follows a known Platt curve, many at each score
  const curve = { a: -0.8, b: 0.9 };
  const drawn = [35, 45, 55, 65, 75, 85, 95].flatMap((score) => at(score, 200, Math.round(2 * plattAt(curve, score))));

  test('it finds the curve the answers follow', () => {
    const m = plattFit(drawn);
    expect(m.a).toBeCloseTo(curve.a, 1);
    expect(m.b).toBeCloseTo(curve.b, 1);
  });

  test('answers right less often than their score are shown lower, but never under 30 nor, under 80, at 80 or more', () => {
    const knots = plattKnots(plattFit(drawn));
    const shown = (x: number) => throughKnots(knots, x);
    expect(shown(70)).toBeLessThan(55); // about 48 % of the answers scored 70 are right
    expect(shown(70)).toBeGreaterThan(40);
    for (let x = 30; x <= 100; x += 0.01) {
      const y = shown(x);
      expect(y).toBeGreaterThanOrEqual(30);
      if (x < 80) expect(y).toBeLessThan(80);
      else expect(y).toBeGreaterThanOrEqual(80);
      expect(y).toBeLessThan(100);
      expect(y).toBeGreaterThan(shown(x - 0.01) - 1e-9);
    }
    expect(shown(25)).toBe(25); // below the fallback threshold the score is kept
  });

  test('carried through the high band, a score of 80 or more right less often is shown under 80, and nothing falls back', () => {
    const knots = plattKnots(plattFit(drawn), 'fitted');
    const shown = (x: number) => throughKnots(knots, x);
    // about 64 % of the answers scored 85 are right (the curve): under the high band now, kept at 80+ by default
    expect(shown(85)).toBeLessThan(80);
    expect(throughKnots(plattKnots(plattFit(drawn)), 85)).toBeGreaterThanOrEqual(80);
    for (let x = 30; x <= 100; x += 0.01) {
      const y = shown(x);
      expect(y).toBeGreaterThanOrEqual(30);
      expect(y).toBeLessThan(100);
      expect(y).toBeGreaterThan(shown(x - 0.01) - 1e-9);
    }
  });

  test('weights count as answers; a weight of 0 leaves an answer out', () => {
    const even = plattFit([...at(40, 10, 2), ...at(70, 10, 5)]);
    const weighted = plattFit([...at(40, 5, 1).map((r) => ({ ...r, w: 2 })), ...at(70, 10, 5), { set: 's', library: 'B', evidence: 90, right: false, w: 0 }]);
    expect(weighted.a).toBeCloseTo(even.a, 6);
    expect(weighted.b).toBeCloseTo(even.b, 6);
  });
});
