// The lexical search's row cache: a search whose rows were partly cached answers every row whole, even when
// fetching the missing ones evicts the cached ones (a large library searched widely, or searches running at once).
import { afterAll, expect, test } from 'bun:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as lancedb from '@lancedb/lancedb';
import { FTS_OPTIONS, TOKENS_COLUMN } from './index-schema.ts';
import { cachedLexicalSearch } from './lexical-search.ts';

const dir = mkdtempSync(join(tmpdir(), 'askreg-lexical-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

test('rows cached before a search and evicted while its missing rows are fetched still come back whole', async () => {
  const db = await lancedb.connect(dir);
  // Rows 0–1 hold "ค่าเทอม" and "หอพัก"; rows 2–4 hold "หอพัก" only.
  const rows = Array.from({ length: 5 }, (_, i) => ({
    hit: `passage ${i}`,
    isActive: true,
    [TOKENS_COLUMN]: i < 2 ? 'ค่าเทอม หอพัก' : 'หอพัก',
  }));
  const table = await db.createTable('chunks', rows);
  await table.createIndex(TOKENS_COLUMN, { config: lancedb.Index.fts(FTS_OPTIONS) });
  const search = cachedLexicalSearch(table, ['hit'], { cacheRows: 4, memoryRows: 0 });
  const filter = { includeInactive: true };
  // Enough repeated searches of the two rows for the cache's hit rate to choose the id-first path; a different
  // k each time so that no kept result answers instead of the table.
  for (let k = 2; k < 12; k++) expect((await search('ค่าเทอม', filter, k)).map((r) => r.hit)).toHaveLength(2);
  // Five rows: two cached, three fetched into a cache of four, which evicts a cached one.
  const all = await search('หอพัก', filter, 5);
  expect(all).toHaveLength(5);
  expect(all.map((r) => r.hit).sort()).toEqual(rows.map((r) => r.hit).sort());
});

test('the same search asked while it runs waits for it: one query of the table; asked again after a write, the table is searched again', async () => {
  const db = await lancedb.connect(dir);
  const table = await db.createTable('pages', [{ hit: 'หน้า ๑', isActive: true, [TOKENS_COLUMN]: 'ค่าเทอม หอพัก' }]);
  await table.createIndex(TOKENS_COLUMN, { config: lancedb.Index.fts(FTS_OPTIONS) });
  let queries = 0;
  const query = table.query.bind(table);
  table.query = () => (queries++, query());
  const search = cachedLexicalSearch(table, ['hit'], { memoryRows: 0 });
  const filter = { includeInactive: true };
  const asked = await Promise.all(Array.from({ length: 5 }, () => search('หอพัก', filter, 3)));
  expect(asked.map((rows) => rows.map((r) => r.hit))).toEqual(Array.from({ length: 5 }, () => ['หน้า ๑']));
  expect(queries).toBe(1);
  asked[0]![0]!.hit = 'changed by a caller';
  expect((await search('หอพัก', filter, 3))[0]!.hit).toBe('หน้า ๑');
  // a write starts while the search runs: a search asked after it does not wait for the one before
  const before = search('ค่าเทอม', filter, 3);
  const ended = search.writing();
  await table.add([{ hit: 'หน้า ๒', isActive: true, [TOKENS_COLUMN]: 'ค่าเทอม' }]);
  ended();
  await table.optimize();
  const after = await search('ค่าเทอม', filter, 3);
  await before;
  expect(after.map((r) => r.hit).sort()).toEqual(['หน้า ๑', 'หน้า ๒']);
});
