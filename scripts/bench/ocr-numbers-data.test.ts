// The numbers people read on real scanned pages (scripts/eval/data/ocr_numbers/): each row names a page of a document
// the eval sets hold, and each number is one number as the bench splits an OCR text.
import { describe, expect, test } from 'bun:test';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { catalogueTable } from '../eval/catalogue';
import { numbersOf } from './number-recall';

const ROOT = resolve(import.meta.dir, '../..');
const rows = readFileSync(join(ROOT, 'scripts/eval/data/ocr_numbers/pages.jsonl'), 'utf8')
  .split('\n')
  .filter((l) => l.trim())
  .map((l) => JSON.parse(l));

describe('ocr_numbers pages.jsonl', () => {
  test('36 pages, ids unique, three halves, a page number within the document', () => {
    expect(rows).toHaveLength(36);
    expect(new Set(rows.map((r) => r.id)).size).toBe(rows.length);
    expect(new Set(rows.map((r) => r.half))).toEqual(new Set(['A', 'B', 'C']));
    for (const r of rows) expect(Number.isInteger(r.page) && r.page >= 1).toBe(true);
  });

  test('the halves are by document: no document has pages in both', () => {
    const halves = new Map<string, Set<string>>();
    for (const r of rows) halves.set(`${r.set}/${r.library}/${r.file}`, (halves.get(`${r.set}/${r.library}/${r.file}`) ?? new Set()).add(r.half));
    for (const [doc, h] of halves) expect([doc, h.size]).toEqual([doc, 1]);
  });

  test('every number is one number as the bench splits a text, with at least one per page', () => {
    for (const r of rows) {
      expect(r.numbers.length).toBeGreaterThan(0);
      for (const { number } of r.numbers) expect([r.id, numbersOf(number).length]).toEqual([r.id, 1]);
    }
  });

  test('each page is a page of a document its set catalogues (halves A and B draw on no fresh held set, C only on them)', () => {
    for (const r of rows) {
      expect([r.id, r.set.startsWith('real_fresh')]).toEqual([r.id, r.half === 'C']);
      const root = r.set === 'real_dev' ? join(ROOT, '../shared/eval/real_dev') : join(ROOT, 'scripts/eval/data', r.set);
      const doc = catalogueTable(root).find((c) => c.library === r.library && c.file === r.file);
      expect([r.id, doc ? r.page <= doc.pages : 'not catalogued']).toEqual([r.id, true]);
    }
  });
});
