import { afterAll, expect, test } from 'bun:test';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { battery, compareRows, pageFloor, pooled } from './battery-summary.ts';

const dir = mkdtempSync(join(tmpdir(), 'askreg-battery-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

test("reads an answer set's libraries and a retrieval set's product beside its floor; a set that wrote nothing is left out", () => {
  const library = {
    answer: { n: 40, right: 0.875, fallback: 0.025 },
    nearMiss: { fallback: 0.8333 },
    offTopic: { fallback: 1 },
    ece: 0.159,
    highPrecision: null,
    highShareOfAnswerable: 0.525,
    pages: { product: { mrr10: 0.887, p95Ms: 9.2 }, bm25_rrf: { mrr10: 0.831 } },
  };
  writeFileSync(join(dir, 'campus_dev.json'), JSON.stringify({ libraries: { A: library, B: { ...library, ece: 0.116 } } }));
  writeFileSync(join(dir, 'act.json'), JSON.stringify({ hit10: 0.924, mrr10: 0.806, reference: { bm25_rrf: { hit10: 0.9, mrr10: 0.75 } } }));
  writeFileSync(join(dir, 'real_tu.json'), '');
  const half = (numbers: number, recall: number) => ({ pages: 9, numbers, recall, precision: 0.8 });
  writeFileSync(
    join(dir, 'ocr_numbers.json'),
    JSON.stringify({ ocr_numbers: { all: { A: half(206, 0.84), C: half(162, 0.914), all: half(368, 0.872) }, seconds: 9 } }),
  );
  const rows = battery(dir);
  expect([...rows.keys()]).toEqual(['act', 'campus_dev A', 'campus_dev B', 'ocr_numbers A', 'ocr_numbers C', 'ocr_numbers all']);
  expect(rows.get('ocr_numbers C')).toEqual({ numbers: 162, recall: 0.914 });
  expect(rows.get('campus_dev B')).toMatchObject({
    right: 0.875,
    ansFb: 0.025,
    nearFb: 0.8333,
    offFb: 1,
    ece: 0.116,
    hiP: null,
    pageMrr: 0.887,
    rrfMrr: 0.831,
  });
  expect(rows.get('act')).toMatchObject({ hit10: 0.924, mrr10: 0.806, rrfHit10: 0.9, rrfMrr: 0.75 });
});

test("pools each real university's library once by its questions (no union, no held half twice), and the sets held out whole apart", () => {
  const lib = (n: number, right: number, fallback: number, near: number, nearFb: number, yesLed = 0, yesAgree = 0) => ({
    answer: { n, right, fallback },
    nearMiss: { n: near, fallback: nearFb },
    yesNoLeads: { shown: 5, yes: { led: yesLed, agree: yesAgree }, no: { led: 1, agree: 1 } },
    directLeads: { led: 4, holds: 3 },
  });
  const dir = mkdtempSync(join(tmpdir(), 'askreg-pooled-'));
  try {
    writeFileSync(join(dir, 'real_dev.json'), JSON.stringify({ libraries: { crru: lib(30, 0.5, 0.1, 8, 0.5, 3, 2), union: lib(75, 0.1, 0.9, 20, 0, 9, 0) } }));
    writeFileSync(join(dir, 'real_dev_held.json'), JSON.stringify({ libraries: { crru: lib(18, 0, 1, 4, 0) } }));
    writeFileSync(join(dir, 'real_fresh_c.json'), JSON.stringify({ libraries: { vru: lib(10, 0.1, 0.4, 2, 1, 2, 1), union_all: lib(10, 0, 0, 2, 0) } }));
    writeFileSync(join(dir, 'real_tu.json'), JSON.stringify({ libraries: { tu: lib(10, 0.5, 0, 2, 0.5), union_all: lib(10, 0, 0, 2, 0) } }));
    writeFileSync(join(dir, 'real_cal_dev.json'), JSON.stringify({ libraries: { kmutt: lib(20, 0.25, 0.2, 4, 0.25), union: lib(20, 0, 1, 4, 0) } }));
    writeFileSync(join(dir, 'campus_dev.json'), JSON.stringify({ libraries: { A: lib(40, 1, 0, 12, 1) } }));
    const rows = pooled(dir);
    const leads = (yesLed: number, yesAgree: number, noLed: number) => ({ yesLed, yesAgree, noLed, noAgree: noLed, led: 4 * noLed, leadHolds: 3 * noLed });
    expect(rows.get('pooled: every real library')).toEqual({
      answerable: 70,
      right: (15 + 1 + 5 + 5) / 70,
      ansFb: (3 + 4 + 0 + 4) / 70,
      nearFb: (4 + 2 + 1 + 1) / 16,
      ...leads(5, 3, 4),
    });
    expect(rows.get('pooled: the sets held out whole')).toEqual({ answerable: 20, right: (1 + 5) / 20, ansFb: 4 / 20, nearFb: (2 + 1) / 4, ...leads(2, 1, 2) });
    expect(rows.has('pooled: asked across languages')).toBe(false);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('pools a fresh set named with two letters (real_fresh_za) as it pools real_fresh_c, held out whole', () => {
  const lib = (n: number, right: number) => ({ answer: { n, right, fallback: 0 }, nearMiss: { n: 2, fallback: 0.5 } });
  const dir = mkdtempSync(join(tmpdir(), 'askreg-pooled-names-'));
  try {
    writeFileSync(join(dir, 'real_fresh_c.json'), JSON.stringify({ libraries: { vru: lib(10, 0.1), union: lib(10, 0) } }));
    writeFileSync(join(dir, 'real_fresh_za.json'), JSON.stringify({ libraries: { kmutnbaa: lib(10, 0.5), union: lib(20, 0) } }));
    const rows = pooled(dir);
    expect(rows.get('pooled: every real library')).toMatchObject({ answerable: 20, right: (1 + 5) / 20 });
    expect(rows.get('pooled: the sets held out whole')).toMatchObject({ answerable: 20, right: (1 + 5) / 20 });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('pools the questions asked across languages over every real library, once each', () => {
  const lib = (byLanguage: Record<string, { n: number; right: number; fallback: number }>) => ({ answer: { n: 10, right: 0.5, fallback: 0.1 }, byLanguage });
  const dir = mkdtempSync(join(tmpdir(), 'askreg-languages-'));
  try {
    const ku = lib({ 'th→en': { n: 4, right: 0.25, fallback: 0.5 }, 'th→th': { n: 6, right: 1, fallback: 0 } });
    const sskru = lib({ 'en→th': { n: 2, right: 0, fallback: 1 }, 'th→th': { n: 8, right: 0.5, fallback: 0 } });
    // the union holds the same questions again: not pooled twice
    const union = lib({ 'th→en': { n: 4, right: 0, fallback: 1 }, 'en→th': { n: 2, right: 0, fallback: 1 } });
    writeFileSync(join(dir, 'real_extra.json'), JSON.stringify({ libraries: { ku, sskru, union_more: union } }));
    expect(pooled(dir).get('pooled: asked across languages')).toMatchObject({ answerable: 6, right: 1 / 6, ansFb: 4 / 6 });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a comparison marks the rows one battery lacks and stars a pool of another size (a battery still running)', () => {
  const finished = new Map([
    ['real_fresh_b uru', { right: 0.733 }],
    ['real_fresh_c vru', { right: 0.133 }],
    ['pooled: the sets held out whole', { answerable: 132, right: 0.492 }],
  ]);
  const running = new Map([
    ['real_fresh_b uru', { right: 0.733 }],
    ['pooled: the sets held out whole', { answerable: 102, right: 0.598 }],
    ['real_tu tu', { right: 0.5 }],
  ]);
  const lines = compareRows(finished, running);
  expect(lines).toEqual([
    `${'real_fresh_b uru'.padEnd(28)} right .733`,
    `${'real_fresh_c vru'.padEnd(28)} right .133  * only in the first battery`,
    `${'pooled: the sets held out whole'.padEnd(28)} answerable 132→102 *  right .492→.598 *`,
    `${'real_tu tu'.padEnd(28)} * only in the second battery`,
  ]);
  expect(compareRows(finished, null)[2]).toBe(`${'pooled: the sets held out whole'.padEnd(28)} answerable 132  right .492`);
});

test("counts the page rows under the plain fusion: an answer set's libraries that rank pages, not a retrieval set", () => {
  const rows = new Map([
    ['campus_dev A', { pageMrr: 0.919, rrfMrr: 0.831 }],
    ['real_dev sut', { pageMrr: 0.839, rrfMrr: 0.84 }],
    ['real_fresh_q vruq', { pageMrr: 0.737, rrfMrr: 0.737 }],
    ['real_fresh_n sdun', { pageMrr: null, rrfMrr: 0.7 }],
    ['act', { mrr10: 0.7, rrfMrr: 0.8 }],
  ]);
  // a tie is no loss; a library without a page ranking and a retrieval set are no page rows
  expect(pageFloor(rows)).toEqual({ pageRows: 3, underFusion: 1 });
});
