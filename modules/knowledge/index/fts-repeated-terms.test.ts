// What the plain lists assume of LanceDB's text search (scoring/plain-fusion.ts plainTerms keeps a question's
// repeated words and trigrams): a term written twice in the query counts twice, as in the reference rankers
// (wink-bm25 sums a query token once per occurrence, scripts/eval/reference-rankers.ts). Were it counted once, a
// question that repeats a word would be read differently by the index and by the reference.
import { afterAll, expect, test } from 'bun:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as lancedb from '@lancedb/lancedb';
import { FTS_OPTIONS, TOKENS_COLUMN } from './index-schema.ts';

const dir = mkdtempSync(join(tmpdir(), 'askreg-fts-repeat-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// page a holds ลา three times and ป่วย once, page b the other way round; three more pages hold neither
const rows = [
  { id: 'a', [TOKENS_COLUMN]: 'ลา ลา ลา ป่วย ข้อ หนึ่ง' },
  { id: 'b', [TOKENS_COLUMN]: 'ป่วย ป่วย ป่วย ลา ข้อ หนึ่ง' },
  { id: 'c', [TOKENS_COLUMN]: 'สอบ ข้อ' },
  { id: 'd', [TOKENS_COLUMN]: 'สอบ หนึ่ง' },
  { id: 'e', [TOKENS_COLUMN]: 'หอพัก' },
];

test.each([
  ['ลา ป่วย', null],
  ['ลา ลา ป่วย', 'a'],
  ['ลา ป่วย ป่วย', 'b'],
  ['ป่วย ลา ลา ลา', 'a'],
])('the query "%s" ranks first: %p (a repeated term counts again; none repeated: a tie)', async (terms, first) => {
  const db = await lancedb.connect(dir);
  const table = await db.createTable(`t${Math.random().toString(36).slice(2)}`, rows);
  await table.createIndex(TOKENS_COLUMN, { config: lancedb.Index.fts({ ...FTS_OPTIONS, withPosition: false }) });
  const found = (await table.query().fullTextSearch(new lancedb.MatchQuery(terms, TOKENS_COLUMN)).select(['id', '_score']).limit(2).toArray()) as Array<{
    id: string;
    _score: number;
  }>;
  expect(found.map((r) => r.id).sort()).toEqual(['a', 'b']);
  if (first === null) expect(found[0]!._score).toBeCloseTo(found[1]!._score, 6);
  else {
    expect(found[0]!.id).toBe(first);
    expect(found[0]!._score).toBeGreaterThan(found[1]!._score);
  }
});
