// indexDocuments: the bulk write behind scripts/ingest.ts.
import { afterEach, beforeEach, expect, test } from 'bun:test';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as lancedb from '@lancedb/lancedb';
import { chunkDocument } from './chunker.ts';
import { noEmbedder } from '../embedding/index.ts';
import { openKnowledgeIndex, type KnowledgeIndex } from './index-store.ts';
import { TABLE_NAME } from './index-schema.ts';

let dir: string;
let index: KnowledgeIndex;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'askreg-batch-'));
  index = await openKnowledgeIndex(dir, noEmbedder);
});
afterEach(async () => {
  await index.close();
  await rm(dir, { recursive: true, force: true });
});

const doc = (id: string, text: string) => ({
  meta: { documentId: id, title: `ประกาศ ${id}`, category: null, isActive: true, fileType: 'txt' },
  chunks: chunkDocument({ title: `ประกาศ ${id}`, pages: [{ page: 1, text }] }),
});
const notice = (n: number) => doc(`n${n}`, `ประกาศเรื่องการใช้ห้องประชุม รหัสประกาศ ${70000 + n}\n1. จองล่วงหน้าไม่น้อยกว่า ${(n % 9) + 1} วันทำการ`);

async function tableVersion(): Promise<number> {
  const db = await lancedb.connect(dir);
  const table = await db.openTable(TABLE_NAME);
  try {
    return await table.version();
  } finally {
    table.close();
  }
}

test('a batch of new documents is one append: every document searchable, one table version for all', async () => {
  await index.indexDocument(notice(0).meta, notice(0).chunks); // first rows: the table's indexes are created here
  const before = await tableVersion();
  await index.indexDocuments(Array.from({ length: 40 }, (_, i) => notice(i + 1)));
  // Per-document writes made one version each (40); the batch makes one, plus at most one maintenance step.
  expect((await tableVersion()) - before).toBeLessThanOrEqual(2);
  expect((await index.documentIds()).length).toBe(41);
  for (const n of [1, 17, 40]) expect((await index.search(`รหัสประกาศ ${70000 + n}`, { k: 1 }))[0]!.documentId).toBe(`n${n}`);
});

test('documents already indexed are replaced, not duplicated; new ones in the same batch are added', async () => {
  await index.indexDocument(doc('old', 'ข้อ ๑ หอพักปิดประตูเวลา ๒๒.๐๐ นาฬิกา').meta, doc('old', 'ข้อ ๑ หอพักปิดประตูเวลา ๒๒.๐๐ นาฬิกา').chunks);
  const replaced = doc('old', 'ข้อ ๑ ห้องสมุดเปิดให้บริการถึงเวลา ๒๐.๐๐ นาฬิกา');
  await index.indexDocuments([replaced, notice(5)]);
  expect((await index.documentIds()).sort()).toEqual(['n5', 'old']);
  expect(await index.count()).toBe(replaced.chunks.length + notice(5).chunks.length);
  expect((await index.search('หอพักปิดประตู', { k: 5 })).some((h) => h.text.includes('หอพัก'))).toBe(false);
  expect((await index.search('ห้องสมุดเปิดให้บริการ', { k: 1 }))[0]!.documentId).toBe('old');
});

test('a batch naming a document twice is refused before anything is written', async () => {
  await expect(index.indexDocuments([notice(1), notice(2), notice(1)])).rejects.toThrow(/twice/);
  expect(await index.count()).toBe(0);
});

test('an empty batch writes nothing', async () => {
  await index.indexDocuments([]);
  expect(await index.count()).toBe(0);
});
