// real_extra's files are what its README says: every question parses with the fields of its kind, every gold (and
// also_gold, conflicts) file is in its library (real_dev's or real_more's library.txt) and its catalogue, every gold page
// exists in that document (the catalogue's page count, so no document is needed); the whole set is held out
// (realDevHalf), and the runs name their libraries and questions.
import { describe, expect, test } from 'bun:test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { realDevHalf } from './real-dev';
import { CALIBRATION_SPLIT_SALTS, calibrationSplitHalf } from './calibration-split';
import { REAL_EXTRA_LIBRARIES, REAL_EXTRA_ROOT, REAL_EXTRA_UNIONS, realExtraQueries, realExtraRuns, realExtraUnionOf } from './real-extra';
import { REAL_MORE_ROOT } from './real-more';
import { catalogueRows, expectQuestionShape } from './real-set-shape';

const REAL_DEV_ROOT = join(import.meta.dir, '..', '..', '..', 'shared', 'eval', 'real_dev');
const isDev = (u: string) => ['crru', 'sut', 'ssru'].includes(u);
const setRoot = (u: string) => (isDev(u) ? REAL_DEV_ROOT : REAL_MORE_ROOT);

const PAGES = new Map([...catalogueRows(REAL_DEV_ROOT), ...catalogueRows(REAL_MORE_ROOT)]);

const lines = (u: string) =>
  readFileSync(join(REAL_EXTRA_ROOT, u, 'queries.jsonl'), 'utf8')
    .split('\n')
    .filter((l) => l.trim());
const library = (u: string) =>
  readFileSync(join(setRoot(u), u, 'library.txt'), 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);

describe.each([...REAL_EXTRA_LIBRARIES])('%s', (u) => {
  test('every question parses, with the fields of its kind, and every gold place exists', () => {
    const files = new Set(library(u));
    const ids = new Set<string>();
    const all = lines(u);
    expect(all.length).toBeGreaterThanOrEqual(10);
    for (const line of all) {
      const q = JSON.parse(line);
      expect(q.id).toMatch(new RegExp(`^rx-${u}-[ano]-\\d{3}$`));
      expectQuestionShape(q, ids, files, (file) => PAGES.get(u)?.get(file)?.pages);
    }
  });
});

test('real_extra is halved by the registered split, and its runs name their libraries and questions', () => {
  const all = REAL_EXTRA_LIBRARIES.flatMap((u) => realExtraQueries(REAL_EXTRA_ROOT, u));
  expect(all.length).toBe(REAL_EXTRA_LIBRARIES.reduce((n, u) => n + lines(u).length, 0));
  expect(all.every((q) => q.id.startsWith('rx-'))).toBe(true);
  // the primary salt's halves (calibration-split.ts), about half each way
  expect(all.every((q) => realDevHalf(q.id) === calibrationSplitHalf(q.id, CALIBRATION_SPLIT_SALTS[0]))).toBe(true);
  const fit = all.filter((q) => realDevHalf(q.id) === 'fit').length;
  expect(Math.abs(fit / all.length - 0.5)).toBeLessThan(0.15);
  const fitRuns = realExtraRuns(REAL_EXTRA_ROOT, REAL_DEV_ROOT, ['union_dev', 'union_more'], 'fit');
  expect(fitRuns.flatMap((r) => r.queries).every((q) => realDevHalf(q.id) === 'fit')).toBe(true);
  const runs = realExtraRuns(REAL_EXTRA_ROOT, REAL_DEV_ROOT, [...REAL_EXTRA_LIBRARIES, 'union_dev', 'union_more']);
  const count = (us: readonly string[]) => us.reduce((n, u) => n + lines(u).length, 0);
  expect(runs.map((r) => [r.name, r.queries.length])).toEqual([
    ...REAL_EXTRA_LIBRARIES.map((u) => [u, lines(u).length]),
    ['union_dev', count(REAL_EXTRA_UNIONS.union_dev)],
    ['union_more', count(REAL_EXTRA_UNIONS.union_more)],
  ]);
  expect(realExtraUnionOf('sut')).toBe('union_dev');
  expect(realExtraUnionOf('ku')).toBe('union_more');
  const [fitMore, heldMore] = (['fit', 'held'] as const).map((h) => realExtraRuns(REAL_EXTRA_ROOT, REAL_DEV_ROOT, ['union_more'], h)[0]!.queries.length);
  expect(fitMore! + heldMore!).toBe(count(REAL_EXTRA_UNIONS.union_more));
  expect(() => realExtraRuns(REAL_EXTRA_ROOT, REAL_DEV_ROOT, ['union'])).toThrow();
});
