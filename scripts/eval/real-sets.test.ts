import { describe, expect, test } from 'bun:test';
import { everyRealSet, pooledHalf } from './real-sets';
import { realDevHalf } from './real-dev';

describe('every real set, pooled', () => {
  const sets = everyRealSet();

  test('each real set’s library of all its documents, asked all its questions', () => {
    expect(sets.map((s) => s.name)).toEqual([
      'real_dev/union',
      'real_more/union',
      'real_extra/union_dev',
      'real_extra/union_more',
      'real_new/union',
      'real_scan/union',
      'real_reg/union',
      'real_tu/union',
      'real_fresh_a/union',
      'real_fresh_b/union',
      'real_fresh_c/union',
      'real_fresh_d/union',
      'real_fresh_e/union',
      'real_fresh_f/union',
      'real_vru_dev/union',
      'real_fresh_g/union',
      'real_fresh_h/union',
      'real_fresh_i/union',
      'real_fresh_k/union',
      'real_fresh_m/union',
      'real_fresh_l/union',
      'real_fresh_n/union',
      'real_fresh_o/union',
      'real_fresh_p/union',
      'real_fresh_q/union',
      'real_fresh_r/union',
      'real_fresh_s/union',
      'real_fresh_t/union',
      'real_fresh_u/union',
      'real_fresh_v/union',
      'real_fresh_w/union',
      'real_fresh_x/union',
      'real_fresh_y/union',
      'real_fresh_z/union',
      'real_fresh_za/union',
      'real_fresh_zb/union',
      'real_fresh_zc/union',
      'real_fresh_zd/union',
      'real_fresh_ze/union',
      'real_cal_dev/union',
      'real_cur_dev/union',
    ]);
    expect(sets.flatMap((s) => s.run.queries).filter((q) => q.kind === 'answer')).toHaveLength(
      [371, 28, 30, 30, 30, 24, 25, 26, 26, 26, 26, 26, 26, 26, 26, 26, 26, 26, 26, 26, 26, 44, 34, 34, 28, 26, 24, 24, 24, 24, 24, 24, 42, 29, 27, 29].reduce(
        (a, b) => a + b,
      ),
    );
  });

  test('real_dev keeps its own halves; a held set is split by a fixed hash, into two halves of some size', () => {
    for (const { name, run } of sets) {
      const answers = run.queries.filter((q) => q.kind === 'answer');
      if (name.startsWith('real_dev')) for (const q of answers) expect(pooledHalf(q.id)).toBe(realDevHalf(q.id) === 'fit' ? 'a' : 'b');
      const a = answers.filter((q) => pooledHalf(q.id) === 'a').length;
      expect(Math.min(a, answers.length - a)).toBeGreaterThan(answers.length / 4);
    }
    expect(pooledHalf('rx-ku-a-001')).toBe(pooledHalf('rx-ku-a-001'));
  });
});
