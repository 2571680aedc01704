import { afterAll, expect, test } from 'bun:test';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { battery } from './battery-summary.ts';

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
  const rows = battery(dir);
  expect([...rows.keys()]).toEqual(['act', 'campus_dev A', 'campus_dev B']);
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
