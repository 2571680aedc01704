// real_extra's files are what its README says: every question parses with the fields of its kind, every gold (and
// also_gold, conflicts) file is in its library (real_dev's or real_more's library.txt) and its catalogue, every gold page
// exists in that document (the catalogue's page count, so no document is needed); the whole set is held out
// (realDevHalf), and the runs name their libraries and questions.
import { describe, expect, test } from 'bun:test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { realDevHalf } from './real-dev';
import { REAL_EXTRA_LIBRARIES, REAL_EXTRA_ROOT, REAL_EXTRA_UNIONS, realExtraQueries, realExtraRuns, realExtraUnionOf } from './real-extra';
import { REAL_MORE_ROOT } from './real-more';

const REAL_DEV_ROOT = join(import.meta.dir, '..', '..', '..', 'shared', 'eval', 'real_dev');
const isDev = (u: string) => ['crru', 'sut', 'ssru'].includes(u);
const setRoot = (u: string) => (isDev(u) ? REAL_DEV_ROOT : REAL_MORE_ROOT);

/** A set's CATALOGUE.md rows by library and file: the page count of each file. */
function pagesOf(root: string): Map<string, Map<string, number>> {
  const byLibrary = new Map<string, Map<string, number>>();
  for (const line of readFileSync(join(root, 'CATALOGUE.md'), 'utf8').split('\n')) {
    const cells = line.split('|').map((c) => c.trim());
    const file = /^`([a-z]+)\/(.+)`$/.exec(cells[2] ?? '');
    if (!file) continue;
    if (!byLibrary.has(file[1]!)) byLibrary.set(file[1]!, new Map());
    byLibrary.get(file[1]!)!.set(file[2]!, Number(cells[7]));
  }
  return byLibrary;
}
const PAGES = new Map([...pagesOf(REAL_DEV_ROOT), ...pagesOf(REAL_MORE_ROOT)]);

const lines = (u: string) =>
  readFileSync(join(REAL_EXTRA_ROOT, u, 'queries.jsonl'), 'utf8')
    .split('\n')
    .filter((l) => l.trim());
const library = (u: string) =>
  readFileSync(join(setRoot(u), u, 'library.txt'), 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);

const TYPES = ['number_date_amount', 'table_row', 'person', 'list', 'yes_no', 'open'];

describe.each([...REAL_EXTRA_LIBRARIES])('%s', (u) => {
  test('every question parses, with the fields of its kind, and every gold place exists', () => {
    const files = new Set(library(u));
    const ids = new Set<string>();
    const place = (p: { file: string; page?: number | null }) => {
      expect(files.has(p.file)).toBe(true);
      if (p.page != null) {
        const pages = PAGES.get(u)?.get(p.file);
        expect(Number.isInteger(pages)).toBe(true);
        expect(Number.isInteger(p.page) && p.page >= 1).toBe(true);
        expect(p.page).toBeLessThanOrEqual(pages!);
      }
    };
    const all = lines(u);
    expect(all.length).toBeGreaterThanOrEqual(10);
    for (const line of all) {
      const q = JSON.parse(line);
      expect(q.id).toMatch(new RegExp(`^rx-${u}-[ano]-\\d{3}$`));
      expect(ids.has(q.id)).toBe(false);
      ids.add(q.id);
      expect(typeof q.text === 'string' && q.text.trim().length > 0).toBe(true);
      expect(['answer', 'near_miss', 'off_topic']).toContain(q.kind);
      expect(q.id.includes(`-${q.kind[0]}-`)).toBe(true);
      expect(typeof q.note).toBe('string');
      if (q.kind !== 'answer') continue;
      place({ file: q.gold_file, page: q.gold_page });
      expect(q.gold_page).toBeGreaterThanOrEqual(1);
      expect(q.gold_clause === null || /^ข้อ \d+$/.test(q.gold_clause)).toBe(true);
      expect(q.answer_keywords.length).toBeGreaterThanOrEqual(1);
      expect(q.answer_keywords.length).toBeLessThanOrEqual(3);
      expect(['close', 'far']).toContain(q.paraphrase);
      expect(TYPES).toContain(q.question_type);
      if (q.question_type === 'yes_no') expect(['yes', 'no', 'conditional']).toContain(q.expected_yes_no);
      expect(['scan', 'text']).toContain(q.source_type);
      for (const k of Object.keys(q.answer_keyword_alternatives ?? {})) expect(q.answer_keywords).toContain(k);
      for (const g of [...(q.also_gold ?? []), ...(q.conflicts ?? [])]) place(g);
    }
  });
});

test('real_extra is held out as a whole, and its runs name their libraries and questions', () => {
  const all = REAL_EXTRA_LIBRARIES.flatMap((u) => realExtraQueries(REAL_EXTRA_ROOT, u));
  expect(all.length).toBe(REAL_EXTRA_LIBRARIES.reduce((n, u) => n + lines(u).length, 0));
  expect(all.every((q) => q.id.startsWith('rx-') && realDevHalf(q.id) === 'held')).toBe(true);
  const runs = realExtraRuns(REAL_EXTRA_ROOT, REAL_DEV_ROOT, [...REAL_EXTRA_LIBRARIES, 'union_dev', 'union_more']);
  const count = (us: readonly string[]) => us.reduce((n, u) => n + lines(u).length, 0);
  expect(runs.map((r) => [r.name, r.queries.length])).toEqual([
    ...REAL_EXTRA_LIBRARIES.map((u) => [u, lines(u).length]),
    ['union_dev', count(REAL_EXTRA_UNIONS.union_dev)],
    ['union_more', count(REAL_EXTRA_UNIONS.union_more)],
  ]);
  expect(realExtraUnionOf('sut')).toBe('union_dev');
  expect(realExtraUnionOf('ku')).toBe('union_more');
  expect(realExtraRuns(REAL_EXTRA_ROOT, REAL_DEV_ROOT, ['union_more'], 'fit')[0]!.queries).toHaveLength(0);
  expect(() => realExtraRuns(REAL_EXTRA_ROOT, REAL_DEV_ROOT, ['union'])).toThrow();
});
