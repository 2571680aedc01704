import { expect, test } from 'bun:test';
import { join } from 'node:path';
import { readQueries, REAL_DEV_UNIVERSITIES, realDevHalf } from './real-dev';

test('the fit/held split is fixed by the id alone and splits every university about in half', () => {
  expect(realDevHalf('rd-cr-a-001')).toBe(realDevHalf('rd-cr-a-001'));
  const root = join(import.meta.dir, '..', '..', '..', 'shared', 'eval', 'real_dev');
  for (const u of REAL_DEV_UNIVERSITIES) {
    const qs = readQueries(join(root, u, 'queries.jsonl'));
    const fit = qs.filter((q) => realDevHalf(q.id) === 'fit').length;
    expect(fit / qs.length).toBeGreaterThan(0.3);
    expect(fit / qs.length).toBeLessThan(0.7);
  }
});
