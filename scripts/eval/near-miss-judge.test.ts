import { describe, expect, test } from 'bun:test';
import { carries, fitWeight, halfFigures, nearMissAuroc, scoreWith, type NearMissRow } from './near-miss-judge';

const row = (kind: NearMissRow['kind'], right: boolean, shipped: number, x: number): NearMissRow => ({
  set: 's',
  library: 'l',
  id: 'rd-x',
  kind,
  quoted: true,
  right,
  shipped,
  f: {},
  c: { x },
});

describe('near-miss judge', () => {
  test('a candidate firing only on wrong answers gets a negative weight and sends them back', () => {
    const rows = [
      ...Array.from({ length: 6 }, () => row('near_miss', false, 60, 1)),
      ...Array.from({ length: 6 }, () => row('answer', true, 60, 0)),
      row('answer', false, 60, 0),
      row('answer', true, 60, 1),
    ];
    const w = fitWeight(rows, 'x');
    expect(w).toBeLessThan(0);
    const before = halfFigures(rows, (r) => r.shipped);
    const after = halfFigures(rows, (r) => scoreWith(r, 'x', w));
    expect(after.nearMissFallback!).toBeGreaterThan(before.nearMissFallback!);
    expect(nearMissAuroc(rows, 'x', w)).toBeCloseTo((6 * 6 + 6 * 1 * 0.5) / 42, 6);
  });

  test('nothing quoted or nothing covered stays at 0 whatever the weight', () => {
    expect(scoreWith({ ...row('answer', false, 0, 1) }, 'x', 5)).toBe(0);
    expect(scoreWith({ ...row('answer', false, 50, 1), quoted: false }, 'x', 5)).toBe(0);
  });

  test.each([
    ['near-misses gained, answers kept', { nearMissFallback: 0.5, answerableFallback: 0.2, answerableRight: 0.4 }, true],
    ['near-misses gained, answerable fallback +.03', { nearMissFallback: 0.5, answerableFallback: 0.23, answerableRight: 0.4 }, false],
    ['near-misses gained, right −.03', { nearMissFallback: 0.5, answerableFallback: 0.2, answerableRight: 0.37 }, false],
    ['no near-miss gained', { nearMissFallback: 0.4, answerableFallback: 0.2, answerableRight: 0.4 }, false],
  ])('the registered rule: %s', (_, after, expected) => {
    expect(carries({ nearMissFallback: 0.4, answerableFallback: 0.2, answerableRight: 0.4 }, after)).toBe(expected);
  });
});
