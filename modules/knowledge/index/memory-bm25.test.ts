// The in-process BM25 ranks as LanceDB's full-text search does: one table of queries, run against LanceDB's FTS and
// against the held index over the same rows (a table small enough for LanceDB to index it in one partition, where its
// statistics are the whole table's).
import { afterAll, describe, expect, test } from 'bun:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as lancedb from '@lancedb/lancedb';
import { FTS_OPTIONS, TOKENS_COLUMN } from './index-schema.ts';
import { buildMemoryIndex, firstK } from './memory-bm25.ts';

const dir = mkdtempSync(join(tmpdir(), 'askreg-memory-bm25-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// a token of 22 Thai letters is 66 bytes: LanceDB drops it (64 bytes or more), in a passage and in a query
const LONG = 'ก'.repeat(22);
const rows = [
  { id: 'a', isActive: true, [TOKENS_COLUMN]: 'ค่า ธรรมเนียม การ ศึกษา ภาค ละ ๘,๐๐๐ บาท ค่า ธรรมเนียม' },
  { id: 'b', isActive: true, [TOKENS_COLUMN]: 'นักศึกษา ลา ป่วย ได้ ไม่ เกิน ๑๕ วัน ลา ป่วย' },
  { id: 'c', isActive: true, [TOKENS_COLUMN]: `หอพัก นักศึกษา ค่า หอพัก ภาค ละ ๔,๕๐๐ บาท ${LONG}` },
  { id: 'd', isActive: false, [TOKENS_COLUMN]: 'ค่า ธรรมเนียม หอพัก ยกเลิก แล้ว' },
  { id: 'e', isActive: true, [TOKENS_COLUMN]: 'TOEIC Score ๕๐๐ คะแนน ภาษา อังกฤษ การ ศึกษา' },
  { id: 'f', isActive: true, [TOKENS_COLUMN]: 'การ ลง ทะเบียน เรียน ภาค ฤดู ร้อน ไม่ เกิน ๙ หน่วยกิต' },
  { id: 'g', isActive: true, [TOKENS_COLUMN]: 'ลา พัก การ ศึกษา ครั้ง ละ ไม่ เกิน หนึ่ง ภาค การ ศึกษา' },
];
const QUERIES = [
  'ค่า ธรรมเนียม',
  'ลา ป่วย ลา', // a repeated term counts again
  'หอพัก ค่า บาท',
  'toeic score', // lower-cased, as the index is
  'การ ศึกษา ภาค',
  `${LONG} หอพัก`, // the long token is no term
  'ไม่ มี คำ นี้',
];

async function lanceTable() {
  const db = await lancedb.connect(dir);
  const table = await db.createTable(`t${Math.random().toString(36).slice(2)}`, rows);
  await table.createIndex(TOKENS_COLUMN, { config: lancedb.Index.fts(FTS_OPTIONS) });
  return table;
}

describe('the held BM25 beside LanceDB', async () => {
  const table = await lanceTable();
  const held = await buildMemoryIndex(rows.map((r) => ({ tokens: r[TOKENS_COLUMN], active: r.isActive, row: { id: r.id } })));

  test.each(QUERIES.flatMap((q) => [[q, false] as const, [q, true] as const]))(
    '"%s" (active rows only: %p) ranks and scores as LanceDB',
    async (query, activeOnly) => {
      let q = table.query().fullTextSearch(new lancedb.MatchQuery(query, TOKENS_COLUMN)).select(['id', '_score']);
      if (activeOnly) q = q.where('`isActive` = true');
      const theirs = (await q.limit(10).toArray()) as Array<{ id: string; _score: number }>;
      const mine = held.search(query, { activeOnly }, 10) as Array<{ id: string; _score: number }>;
      expect(mine.map((r) => r.id)).toEqual(theirs.map((r) => r.id));
      mine.forEach((r, i) => expect(r._score).toBeCloseTo(theirs[i]!._score, 4));
    },
  );

  test('k bounds the rows; a switched-off row is left out only where asked', () => {
    expect(held.search('ค่า ธรรมเนียม หอพัก', { activeOnly: false }, 2)).toHaveLength(2);
    expect(held.search('ยกเลิก', { activeOnly: false }, 10).map((r) => r.id)).toEqual(['d']);
    expect(held.search('ยกเลิก', { activeOnly: true }, 10)).toEqual([]);
  });

  test('a search gives copies: a caller changing a row changes no later search', () => {
    const [first] = held.search('ลา ป่วย', { activeOnly: false }, 1);
    first!.id = 'changed';
    expect(held.search('ลา ป่วย', { activeOnly: false }, 1)[0]!.id).toBe('b');
  });
});

test('the first k rows are those a full sort puts first, ties in the table order, only allowed rows', () => {
  let seed = 7;
  const rand = () => (seed = (seed * 1664525 + 1013904223) % 4294967296) / 4294967296;
  for (let round = 0; round < 200; round++) {
    const n = 1 + Math.floor(rand() * 60);
    // few distinct scores, so that ties are common
    const scores = Float64Array.from({ length: n }, () => Math.floor(rand() * 5) / 4);
    const rows = Int32Array.from({ length: n }, (_, d) => d).sort(() => rand() - 0.5);
    const allowed = round % 2 ? Array.from({ length: n }, () => rand() < 0.7) : null;
    const k = Math.floor(rand() * (n + 3));
    const expected = [...rows]
      .filter((d) => !allowed || allowed[d])
      .sort((a, b) => scores[b]! - scores[a]! || a - b)
      .slice(0, k)
      .map((d) => ({ d, score: scores[d]! }));
    expect(firstK(rows, scores, allowed, k)).toEqual(expected);
  }
});

// The held index is searched for as long as the table is unchanged: it must keep its postings and rows only, not what
// they were read from. A search's closure made inside the reading's async function kept that function's whole scope,
// the source among it, and through it a LanceDB read's Arrow table, tokens and all (97 of the 183 MB held at 10,000
// synthetic chunks, scripts/bench/retrieval.ts's index).
test('the held index keeps nothing of the source it was read from', async () => {
  // in a process of its own (memory-bm25-release.ts says why)
  const child = Bun.spawn([process.execPath, join(import.meta.dir, 'memory-bm25-release.ts')], { stdout: 'pipe', stderr: 'pipe' });
  const [out, code] = await Promise.all([new Response(child.stdout).text(), child.exited]);
  expect(code).toBe(0);
  expect(JSON.parse(out.trim().split('\n').at(-1)!)).toEqual({ found: 'b', released: true });
});
