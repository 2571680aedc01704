// The index keeps the results of recent searches (lexical-search.ts): a search asked again after the library
// changed must see the change, whichever write it was.
import { afterAll, beforeAll, expect, test } from 'bun:test';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as lancedb from '@lancedb/lancedb';
import { chunkDocument } from './chunker.ts';
import { noEmbedder } from '../embedding/index.ts';
import { openKnowledgeIndex, type KnowledgeIndex } from './index-store.ts';

const FEES = { documentId: 'fees', title: 'ประกาศค่าธรรมเนียม', category: 'finance', isActive: true, fileType: 'docx' };
const LATE = { documentId: 'late', title: 'ประกาศค่าปรับ', category: 'finance', isActive: true, fileType: 'pdf' };
const chunks = (title: string, text: string) => chunkDocument({ title, pages: [{ page: 1, text }] });
const q = 'ชำระค่าธรรมเนียมล่าช้าเสียค่าปรับเท่าไร';

let dir: string;
let index: KnowledgeIndex;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'askreg-results-'));
  index = await openKnowledgeIndex(dir, noEmbedder);
  await index.indexDocument(FEES, chunks(FEES.title, 'ข้อ ๑ ค่าธรรมเนียมการลงทะเบียนเรียน หน่วยกิตละ ๕๐๐ บาท'));
});
afterAll(async () => {
  await index.close();
  await rm(dir, { recursive: true, force: true });
});

const found = async () => (await index.search(q, { k: 5 })).map((h) => `${h.documentId}:${h.chunkOrdinal}`);

test('a search asked again sees every write made since: a new document, one switched off, a new category, one removed', async () => {
  expect(await found()).toEqual(['fees:0']);
  expect(await found()).toEqual(['fees:0']);
  await index.indexDocument(LATE, chunks(LATE.title, 'ข้อ ๑ นักศึกษาที่ชำระค่าธรรมเนียมล่าช้า ต้องชำระค่าปรับวันละ ๕๐ บาท'));
  expect(await found()).toContain('late:0');
  await index.setActive(LATE.documentId, false);
  expect(await found()).toEqual(['fees:0']);
  await index.setActive(LATE.documentId, true);
  expect(await found()).toContain('late:0');
  await index.setCategory(LATE.documentId, 'activity');
  expect((await index.search(q, { k: 5, categories: ['finance'] })).map((h) => h.documentId)).toEqual(['fees']);
  await index.removeDocument(LATE.documentId);
  expect(await found()).toEqual(['fees:0']);
});

test('the same search gives equal hits each time, and what a caller does to them does not reach the next', async () => {
  const first = await index.search(q, { k: 5 });
  first[0]!.score = -1;
  const again = await index.search(q, { k: 5 });
  expect(again[0]!.score).not.toBe(-1);
  expect(await index.search(q, { k: 5 })).toEqual(again);
});

test('a document switched off before any search is never found, and is found once switched on', async () => {
  const OFF = { documentId: 'off', title: 'ประกาศค่าปรับล่าช้า', category: 'finance', isActive: false, fileType: 'pdf' };
  await index.indexDocument(OFF, chunks(OFF.title, 'ข้อ ๑ ผู้ชำระค่าธรรมเนียมล่าช้า เสียค่าปรับวันละ ๑๐๐ บาท'));
  expect(await found()).not.toContain('off:0');
  expect(await found()).not.toContain('off:0');
  await index.setActive(OFF.documentId, true);
  expect(await found()).toContain('off:0');
  await index.removeDocument(OFF.documentId);
});

test('an index another instance writes: its new document is found within 5 s (docs/scaling.md), not only after a write of our own', async () => {
  const shared = await mkdtemp(join(tmpdir(), 'askreg-results-shared-'));
  const reader = await openKnowledgeIndex(shared, noEmbedder);
  const writer = await openKnowledgeIndex(shared, noEmbedder);
  try {
    await reader.indexDocument(FEES, chunks(FEES.title, 'ข้อ ๑ ค่าธรรมเนียมการลงทะเบียนเรียน หน่วยกิตละ ๕๐๐ บาท'));
    const ids = async () => (await reader.search(q, { k: 5 })).map((h) => h.documentId);
    expect(await ids()).toEqual(['fees']);
    await writer.indexDocument(LATE, chunks(LATE.title, 'ข้อ ๑ นักศึกษาที่ชำระค่าธรรมเนียมล่าช้า ต้องชำระค่าปรับวันละ ๕๐ บาท'));
    await Bun.sleep(5_200);
    expect(await ids()).toContain('late');
  } finally {
    await writer.close();
    await reader.close();
    await rm(shared, { recursive: true, force: true });
  }
}, 30_000);

test('maintenance changes no row a search finds: a search asked again after an optimize is answered from the kept results', async () => {
  // every table of the index is a LanceDB LocalTable: its query() is counted from here on
  const probe = await mkdtemp(join(tmpdir(), 'askreg-results-probe-'));
  const db = await lancedb.connect(probe);
  const LocalTable = Object.getPrototypeOf(await db.createTable('t', [{ id: 1 }])) as { query: (...a: unknown[]) => unknown };
  const query = LocalTable.query;
  let queries = 0;
  LocalTable.query = function (this: unknown, ...a: unknown[]) {
    queries++;
    return query.apply(this, a);
  };
  try {
    await index.indexDocument(LATE, chunks(LATE.title, 'ข้อ ๑ นักศึกษาที่ชำระค่าธรรมเนียมล่าช้า ต้องชำระค่าปรับวันละ ๕๐ บาท'));
    const before = await found();
    await index.optimize();
    queries = 0;
    expect(await found()).toEqual(before);
    expect(queries).toBe(0);
    // a write of rows is seen at once, as before
    await index.removeDocument(LATE.documentId);
    expect(await found()).toEqual(['fees:0']);
    expect(queries).toBeGreaterThan(0);
  } finally {
    LocalTable.query = query;
    db.close();
    await rm(probe, { recursive: true, force: true });
  }
});
