import { expect, test } from 'bun:test';
import { join } from 'node:path';
import { readableOutcome, readQueries, REAL_DEV_UNIVERSITIES, realDevHalf } from './real-dev';

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

test('an eval prints single outcomes of the fit half only, and none in a held run', () => {
  const ids = Array.from({ length: 40 }, (_, i) => `rd-cr-a-${String(i + 1).padStart(3, '0')}`);
  const fit = ids.filter((id) => realDevHalf(id) === 'fit');
  expect(fit.length).toBeGreaterThan(0);
  expect(fit.length).toBeLessThan(ids.length);
  expect(ids.filter((id) => readableOutcome(id, { held: false, realDev: true }))).toEqual(fit);
  expect(ids.filter((id) => readableOutcome(id, { held: true, realDev: true }))).toEqual([]);
  // real_more and real_extra by the registered split's primary salt: its held half is never printed
  expect(readableOutcome('rm-ku-a-001', { held: false, realDev: true })).toBe(false);
  expect(readableOutcome('rm-ku-a-004', { held: false, realDev: true })).toBe(true);
  expect(readableOutcome('rn-up-a-001', { held: false, realDev: true })).toBe(false);
  // a set of one's own, not held: every outcome is readable
  expect(ids.every((id) => readableOutcome(id, { held: false, realDev: false }))).toBe(true);
});
