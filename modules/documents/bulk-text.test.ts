// Plain-text files stored in bulk (scripts/ingest.ts): read in this process, one transaction per batch,
// the same stored document as a single upload; a batch whose insert fails keeps no row, page, file or chunk.
import { afterAll, afterEach, expect, test } from 'bun:test';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { count, eq } from 'drizzle-orm';
import type { AppContext } from '../../src/context';
import { firstRow } from '../../src/db/client';
import { createTestContext, type TestContext } from '../../tests/helpers/server';
import { documentPages, documents } from '../../tests/helpers/tables';
import { knowledgeIndex } from '../knowledge/service';
import { indexBatch } from './batch-indexer';
import { bulkTextTestHooks, storeTextFiles } from './bulk-text';
import { EMPTY_FILE } from './pipeline';
import { absoluteStoragePath } from './storage';

const root = mkdtempSync(join(tmpdir(), 'askreg-bulktext-'));
const opened: TestContext[] = [];
afterAll(() => rmSync(root, { recursive: true, force: true }));
afterEach(async () => {
  bulkTextTestHooks.beforeCommit = null;
  for (const t of opened.splice(0)) await t.close();
});

function files(folder: string, texts: Array<string | Uint8Array>) {
  mkdirSync(folder, { recursive: true });
  return texts.map((t, i) => {
    const path = join(folder, `notice-${i}.txt`);
    writeFileSync(path, t);
    return { path, clientName: `notice-${i}.txt`, fileName: `notice-${i}` };
  });
}
const notice = (i: number) => `ประกาศกองกิจการนักศึกษา เรื่อง การจองห้องประชุม รหัสประกาศ ${70000 + i}\n1. จองล่วงหน้าไม่น้อยกว่า ${i + 2} วันทำการ`;
/** A context on the test database (SQLite or Postgres), closed after the test. */
async function open(): Promise<AppContext> {
  const t = await createTestContext({ LOG_LEVEL: 'silent' });
  opened.push(t);
  return t.ctx;
}
const documentCount = async (ctx: AppContext) => (await firstRow(ctx.db.select({ n: count() }).from(documents)))!.n;

test('a batch is stored as rows awaiting indexing with their pages and files; a bad file is refused alone; indexBatch makes them searchable', async () => {
  const ctx = await open();
  const inputs = files(join(root, 'in-a'), [notice(1), new Uint8Array([0xff, 0xfe, 0x41]), '', notice(2)]);
  const out = await storeTextFiles(ctx, inputs, { category: null, isActive: true });
  expect(out.map((o) => o.status)).toEqual(['stored', 'refused', 'refused', 'stored']);
  expect(out[2]).toMatchObject({ message: EMPTY_FILE });
  const ids = out.flatMap((o) => (o.status === 'stored' ? [o.id] : []));
  for (const [k, id] of ids.entries()) {
    const row = (await firstRow(ctx.db.select().from(documents).where(eq(documents.id, id))))!;
    expect(row).toMatchObject({ status: 'indexing', fileType: 'txt', extractionMethod: 'txt', fileName: `notice-${k * 3}`, usedOcr: false });
    expect(readFileSync(absoluteStoragePath(ctx, row.storagePath), 'utf8')).toBe(notice(k + 1));
    expect(await ctx.db.select().from(documentPages).where(eq(documentPages.documentId, id))).toEqual([{ documentId: id, page: 1, content: notice(k + 1) }]);
  }
  const counts = await indexBatch(ctx, ids);
  expect([...counts.keys()].sort()).toEqual([...ids].sort());
  expect((await ctx.db.select().from(documents).where(eq(documents.status, 'ready'))).length).toBe(2);
  expect((await (await knowledgeIndex(ctx)).search('รหัสประกาศ 70002', { k: 1 }))[0]!.documentId).toBe(ids[1]!);

  // The same bytes again: already there, nothing new stored.
  const again = await storeTextFiles(ctx, files(join(root, 'in-a2'), [notice(2)]), { category: null, isActive: true });
  expect(again).toEqual([expect.objectContaining({ status: 'exists', id: ids[1], ready: true })]);
  expect(await documentCount(ctx)).toBe(2);
});

test('a batch whose insert fails leaves no row, page, file or index entry', async () => {
  const ctx = await open();
  const inputs = files(join(root, 'in-b'), [notice(1), notice(2), notice(3)]);
  bulkTextTestHooks.beforeCommit = () => {
    throw new Error('disk full');
  };
  const out = await storeTextFiles(ctx, inputs, { category: null, isActive: true });
  expect(out.map((o) => o.status)).toEqual(['refused', 'refused', 'refused']);
  expect(out[0]).toMatchObject({ message: 'disk full' });
  expect(await documentCount(ctx)).toBe(0);
  expect((await firstRow(ctx.db.select({ n: count() }).from(documentPages)))!.n).toBe(0);
  expect(readdirSync(ctx.paths.filesDir)).toEqual([]);
  expect(await (await knowledgeIndex(ctx)).count()).toBe(0);

  // The next batch is unharmed.
  bulkTextTestHooks.beforeCommit = null;
  const next = await storeTextFiles(ctx, inputs, { category: null, isActive: true });
  expect(next.map((o) => o.status)).toEqual(['stored', 'stored', 'stored']);
  for (const o of next) if (o.status === 'stored') expect(existsSync(join(ctx.paths.filesDir, o.id))).toBe(true);
});

test('an unknown category refuses the batch before anything is written', async () => {
  const ctx = await open();
  await expect(storeTextFiles(ctx, files(join(root, 'in-c'), [notice(1)]), { category: 'ไม่มีหมวดนี้', isActive: true })).rejects.toThrow();
  expect(await documentCount(ctx)).toBe(0);
  expect(readdirSync(ctx.paths.filesDir)).toEqual([]);
});
