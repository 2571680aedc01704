import { expect, test } from 'bun:test';
import { fitRows, verdict } from './fit-calibration-pool';
import type { Row } from './confidence-rows';
import type { Tagged } from './fit-confidence-pool';

const setOf = (r: Row) => (r as Tagged).set;

// A row of a set and half, answered right or not; its scores are looked up by id (the map is a table here).
const row = (id: string, set: string, half: Tagged['half'], right: boolean): Tagged =>
  ({ id, set, half, kind: 'answer', right, source: set, f: null, refRight: right, keywordsRight: right, quoted: 0, goldRank: 0, candidates: [] }) as Tagged;

// Each group: ten rows scored 90 by the shipped score, half of them right (over-confident); a "better" map shows
// them at 50, a "worse" one at 95.
function group(set: string, half: Tagged['half']): Tagged[] {
  return Array.from({ length: 10 }, (_, i) => row(`${set}-${half}-${i}`, set, half, i % 2 === 0));
}

test('the map lands when it lowers the ECE of the held halves, of the whole-held sets pooled and of two thirds of them', () => {
  const rows = [...group('real_dev', 'held'), ...group('real_new', 'held'), ...group('real_tu', 'held'), ...group('real_fresh_a', 'held')];
  const identity = () => 90;
  const better = () => 50;
  expect(verdict(rows, identity, better).lands).toBe(true);
  // worse on one whole set of three (two thirds still lower): lands
  const oneWorse = (r: Row) => (setOf(r) === 'real_fresh_a' ? 95 : 50);
  const v = verdict(rows, identity, oneWorse);
  expect(v.whole.map((w) => w.set)).toEqual(['real_new', 'real_tu', 'real_fresh_a']);
  expect(v.lands).toBe(true);
  // worse on two of three: does not
  expect(verdict(rows, identity, (r) => (setOf(r) === 'real_dev' || setOf(r) === 'real_new' ? 50 : 95)).lands).toBe(false);
  // worse on the held halves: does not, whatever the whole sets say
  expect(verdict(rows, identity, (r) => (setOf(r) === 'real_dev' ? 95 : 50)).lands).toBe(false);
});

test('the fit reads the shown fit-half rows of the halved sets only, each set weighing the same', () => {
  const rows = [
    ...group('real_dev', 'fit'),
    ...group('real_scan', 'fit').slice(0, 5),
    ...group('real_dev', 'held'),
    ...group('real_new', 'held'),
    row('own-1', 'campus', 'own', true),
  ];
  const score = (r: Row) => (r.id.endsWith('-9') ? 20 : 70); // one real_dev fit row falls back
  const shown = fitRows(rows, score);
  expect(shown.length).toBe(9 + 5);
  const weight = (set: string) => shown.filter((s) => s.set === set).reduce((w, s) => w + s.w!, 0);
  expect(weight('real_dev')).toBeCloseTo(0.5);
  expect(weight('real_scan')).toBeCloseTo(0.5);
});
