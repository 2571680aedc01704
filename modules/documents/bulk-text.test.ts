// Plain-text files stored in bulk (scripts/ingest.ts): read in this process, one transaction per batch,
// the same stored document as a single upload; a batch whose insert fails keeps no row, page, file or chunk.
import { afterAll, afterEach, expect, test } from 'bun:test';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { count, eq } from 'drizzle-orm';
import { loadConfig } from '../../src/config';
import { createContext } from '../../src/context';
import { knowledgeIndex } from '../knowledge/service';
import { indexBatch } from './batch-indexer';
import { bulkTextTestHooks, storeTextFiles } from './bulk-text';
import { EMPTY_FILE } from './pipeline';
import { documentPages, documents } from './schema';
import { absoluteStoragePath } from './storage';

const root = mkdtempSync(join(tmpdir(), 'askreg-bulktext-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
afterEach(() => (bulkTextTestHooks.beforeCommit = null));

function files(folder: string, texts: Array<string | Uint8Array>) {
  mkdirSync(folder, { recursive: true });
  return texts.map((t, i) => {
    const path = join(folder, `notice-${i}.txt`);
    writeFileSync(path, t);
    return { path, clientName: `notice-${i}.txt`, fileName: `notice-${i}` };
  });
}
const notice = (i: number) => `ประกาศกองกิจการนักศึกษา เรื่อง การจองห้องประชุม รหัสประกาศ ${70000 + i}\n1. จองล่วงหน้าไม่น้อยกว่า ${i + 2} วันทำการ`;
const open = (name: string) => createContext(loadConfig({ DATA_DIR: join(root, name), LOG_LEVEL: 'silent' }));

test('a batch is stored as rows awaiting indexing with their pages and files; a bad file is refused alone; indexBatch makes them searchable', async () => {
  const ctx = open('a');
  try {
    const inputs = files(join(root, 'in-a'), [notice(1), new Uint8Array([0xff, 0xfe, 0x41]), '', notice(2)]);
    const out = await storeTextFiles(ctx, inputs, { category: null, isActive: true });
    expect(out.map((o) => o.status)).toEqual(['stored', 'refused', 'refused', 'stored']);
    expect(out[2]).toMatchObject({ message: EMPTY_FILE });
    const ids = out.flatMap((o) => (o.status === 'stored' ? [o.id] : []));
    for (const [k, id] of ids.entries()) {
      const row = ctx.db.select().from(documents).where(eq(documents.id, id)).get()!;
      expect(row).toMatchObject({ status: 'indexing', fileType: 'txt', extractionMethod: 'txt', fileName: `notice-${k * 3}`, usedOcr: false });
      expect(readFileSync(absoluteStoragePath(ctx, row.storagePath), 'utf8')).toBe(notice(k + 1));
      expect(ctx.db.select().from(documentPages).where(eq(documentPages.documentId, id)).all()).toEqual([{ documentId: id, page: 1, content: notice(k + 1) }]);
    }
    const counts = await indexBatch(ctx, ids);
    expect([...counts.keys()].sort()).toEqual([...ids].sort());
    expect(ctx.db.select().from(documents).where(eq(documents.status, 'ready')).all().length).toBe(2);
    expect((await (await knowledgeIndex(ctx)).search('รหัสประกาศ 70002', { k: 1 }))[0]!.documentId).toBe(ids[1]!);

    // The same bytes again: already there, nothing new stored.
    const again = await storeTextFiles(ctx, files(join(root, 'in-a2'), [notice(2)]), { category: null, isActive: true });
    expect(again).toEqual([expect.objectContaining({ status: 'exists', id: ids[1], ready: true })]);
    expect(ctx.db.select({ n: count() }).from(documents).get()!.n).toBe(2);
  } finally {
    await ctx.close();
  }
});

test('a batch whose insert fails leaves no row, page, file or index entry', async () => {
  const ctx = open('b');
  try {
    const inputs = files(join(root, 'in-b'), [notice(1), notice(2), notice(3)]);
    bulkTextTestHooks.beforeCommit = () => {
      throw new Error('disk full');
    };
    const out = await storeTextFiles(ctx, inputs, { category: null, isActive: true });
    expect(out.map((o) => o.status)).toEqual(['refused', 'refused', 'refused']);
    expect(out[0]).toMatchObject({ message: 'disk full' });
    expect(ctx.db.select({ n: count() }).from(documents).get()!.n).toBe(0);
    expect(ctx.db.select({ n: count() }).from(documentPages).get()!.n).toBe(0);
    expect(readdirSync(ctx.paths.filesDir)).toEqual([]);
    expect(await (await knowledgeIndex(ctx)).count()).toBe(0);

    // The next batch is unharmed.
    bulkTextTestHooks.beforeCommit = null;
    const next = await storeTextFiles(ctx, inputs, { category: null, isActive: true });
    expect(next.map((o) => o.status)).toEqual(['stored', 'stored', 'stored']);
    for (const o of next) if (o.status === 'stored') expect(existsSync(join(ctx.paths.filesDir, o.id))).toBe(true);
  } finally {
    await ctx.close();
  }
});

test('an unknown category refuses the batch before anything is written', async () => {
  const ctx = open('c');
  try {
    await expect(storeTextFiles(ctx, files(join(root, 'in-c'), [notice(1)]), { category: 'ไม่มีหมวดนี้', isActive: true })).rejects.toThrow();
    expect(ctx.db.select({ n: count() }).from(documents).get()!.n).toBe(0);
    expect(readdirSync(ctx.paths.filesDir)).toEqual([]);
  } finally {
    await ctx.close();
  }
});
