// The registered split: real_dev keeps its fixed halves under every salt, real_more and real_extra are shared out by
// the salted hash (about half each way, and a different half under another salt), our own sets stay out of it.
import { describe, expect, test } from 'bun:test';
import { CALIBRATION_SPLIT_SALTS, calibrationSplitHalf, inPooledUnions } from './calibration-split';
import { realDevHalf } from './real-dev';

const ids = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}-q${i}`);

describe('calibrationSplitHalf', () => {
  test.each(CALIBRATION_SPLIT_SALTS.map((s) => [s]))('real_dev keeps its own half under salt %s', (salt) => {
    for (const id of ids('rd-crru', 40)) expect(calibrationSplitHalf(id, salt)).toBe(realDevHalf(id));
  });

  test.each([['rm-ku'], ['rx-sut']])('%s questions are shared out about evenly under every salt', (prefix) => {
    for (const salt of CALIBRATION_SPLIT_SALTS) {
      const fit = ids(prefix, 200).filter((id) => calibrationSplitHalf(id, salt) === 'fit').length;
      expect(fit).toBeGreaterThan(70);
      expect(fit).toBeLessThan(130);
    }
  });

  test('another salt is another split', () => {
    const [a, b] = CALIBRATION_SPLIT_SALTS;
    const differ = ids('rm-ku', 100).filter((id) => calibrationSplitHalf(id, a) !== calibrationSplitHalf(id, b)).length;
    expect(differ).toBeGreaterThan(20);
  });

  test('the same id and salt fall the same way every time', () => {
    for (const id of ids('rx-crru', 20)) expect(calibrationSplitHalf(id, 'calib-split-1')).toBe(calibrationSplitHalf(id, 'calib-split-1'));
  });

  test.each([['campus-A-q1'], ['dorm-3'], ['ex-12']])('our own question %s is not split', (id) => {
    expect(calibrationSplitHalf(id, CALIBRATION_SPLIT_SALTS[0])).toBe('own');
  });
});

describe('inPooledUnions', () => {
  test.each([
    ['real_dev', 'union', true],
    ['real_more', 'union', true],
    ['real_extra', 'union_dev', true],
    ['real_extra', 'union_more', true],
    ['real_dev', 'crru', false],
    ['real_more', 'union_all', false],
    ['real_extra', 'ku', false],
  ] as const)('%s %s pooled: %p', (set, library, pooled) => {
    expect(inPooledUnions(set, library)).toBe(pooled);
  });
});
