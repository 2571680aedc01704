import { describe, expect, test } from 'bun:test';
import type { Evidence } from '../../modules/knowledge/scoring/evidence';
import { trainingExamples, type Tagged } from './fit-confidence-pool.ts';

const f: Evidence = { wordCover: 0.8, gramCover: 0.7, margin: 0.2, typeMatch: 1, foreign: 0, otherYear: 0, otherSibling: 0, noRate: 0, countNoType: 0 };
let n = 0;
const row = (set: string, half: Tagged['half'], over: Partial<Tagged> = {}): Tagged => ({
  set,
  source: set,
  id: `q${++n}`,
  kind: 'answer',
  half,
  f,
  right: true,
  refRight: true,
  keywordsRight: true,
  quoted: 0,
  goldRank: 0,
  candidates: [],
  ...over,
});

const rows: Tagged[] = [
  // real_dev: three fit rows (one quoted nothing), one held
  row('real_dev', 'fit'),
  row('real_dev', 'fit', { right: false }),
  row('real_dev', 'fit', { f: null, right: false }),
  row('real_dev', 'held'),
  // real_scan: one fit row, one held
  row('real_scan', 'fit'),
  row('real_scan', 'held'),
  // a set held out whole: its rows read 'held' and it is no halved set
  row('real_fresh_a', 'held'),
  row('real_new', 'held'),
  // our own sets
  row('campus', 'own'),
  row('dorm', 'own', { right: false }),
];
const sum = (xs: { w: number }[]) => xs.reduce((s, x) => s + x.w, 0);

describe('the pooled confidence fit', () => {
  test('fits quoted fit-half rows of the halved real sets only, each set weighing the same', () => {
    const ex = trainingExamples(rows, 0);
    // real_dev's two quoted fit rows and real_scan's one; no held, no whole-held, no own row
    expect(ex).toHaveLength(3);
    expect(ex.map((e) => e.y).sort()).toEqual([0, 1, 1]);
    const devWeight = sum(ex.filter((e) => e.w < 0.5));
    const scanWeight = sum(ex.filter((e) => e.w === 0.5));
    expect(devWeight).toBeCloseTo(0.5);
    expect(scanWeight).toBeCloseTo(0.5);
    expect(sum(ex)).toBeCloseTo(1);
  });

  test('our own sets take the share asked, split between them', () => {
    const ex = trainingExamples(rows, 0.2);
    expect(ex).toHaveLength(5);
    expect(sum(ex)).toBeCloseTo(1);
    const own = ex.filter((e) => Math.abs(e.w - 0.1) < 1e-9);
    expect(own).toHaveLength(2);
  });

  test('a set left out (for choosing the regularisation) leaves the others its weight', () => {
    const ex = trainingExamples(rows, 0, 'real_scan');
    expect(ex).toHaveLength(2);
    expect(sum(ex)).toBeCloseTo(1);
  });
});
