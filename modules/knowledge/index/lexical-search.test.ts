// The lexical search's row cache: a search whose rows were partly cached answers every row whole, even when
// fetching the missing ones evicts the cached ones (a large library searched widely, or searches running at once).
import { afterAll, expect, test } from 'bun:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as lancedb from '@lancedb/lancedb';
import { FTS_OPTIONS, searchFilter, TOKENS_COLUMN } from './index-schema.ts';
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
  const search = cachedLexicalSearch(table, ['hit'], 4);
  const filter = searchFilter({ includeInactive: true });
  // Enough repeated searches of the two rows for the cache's hit rate to choose the id-first path; a different
  // k each time so that no kept result answers instead of the table.
  for (let k = 2; k < 12; k++) expect((await search('ค่าเทอม', filter, k)).map((r) => r.hit)).toHaveLength(2);
  // Five rows: two cached, three fetched into a cache of four, which evicts a cached one.
  const all = await search('หอพัก', filter, 5);
  expect(all).toHaveLength(5);
  expect(all.map((r) => r.hit).sort()).toEqual(rows.map((r) => r.hit).sort());
});
