// Bulk ingest: documents stored with deferIndexing wait as 'indexing' until indexBatch writes them in one
// go; scripts/ingest.ts does that per batch of files.
import { afterAll, expect, test } from 'bun:test';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { loadConfig } from '../../src/config';
import { createContext } from '../../src/context';
import { knowledgeIndex } from '../knowledge/service';
import { indexBatch } from './batch-indexer';
import { stageLocalFile } from './local-file';
import { createDocument } from './pipeline';
import { documents } from './schema';

const root = mkdtempSync(join(tmpdir(), 'askreg-bulkdocs-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function writeNotices(folder: string, n: number): string[] {
  return Array.from({ length: n }, (_, i) => {
    const path = join(folder, `notice-${i}.txt`);
    writeFileSync(path, `ประกาศกองกิจการนักศึกษา เรื่อง การจองห้องประชุม รหัสประกาศ ${70000 + i}\n1. จองล่วงหน้าไม่น้อยกว่า ${i + 2} วันทำการ`);
    return path;
  });
}

test('deferred documents stay "indexing" and out of the index until their batch is written, then are ready and searchable', async () => {
  const dataDir = join(root, 'a');
  const ctx = createContext(loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' }));
  try {
    const ids: string[] = [];
    for (const path of writeNotices(root, 3)) {
      const file = await stageLocalFile(ctx, path);
      const fields = { fileName: path, description: '', category: null, isActive: true, fallbackContact: '', contents: '' };
      ids.push((await createDocument(ctx, file, fields, { allowTxt: true, allowIncompleteFields: true, deferIndexing: true })).id);
    }
    const status = () => ids.map((id) => ctx.db.select().from(documents).where(eq(documents.id, id)).get()!.status);
    const index = await knowledgeIndex(ctx);
    expect(status()).toEqual(['indexing', 'indexing', 'indexing']);
    expect(await index.count()).toBe(0);

    const counts = await indexBatch(ctx, ids);
    expect(status()).toEqual(['ready', 'ready', 'ready']);
    for (const id of ids) expect(ctx.db.select().from(documents).where(eq(documents.id, id)).get()!.chunkCount).toBe(counts.get(id)!);
    expect((await index.documentIds()).sort()).toEqual([...ids].sort());
    expect((await index.search('รหัสประกาศ 70002', { k: 1 }))[0]!.documentId).toBe(ids[2]!);
  } finally {
    await ctx.close();
  }
});

test('an aborted batch leaves its documents "indexing" (start-up reconciliation queues them) and writes nothing', async () => {
  const ctx = createContext(loadConfig({ DATA_DIR: join(root, 'b'), LOG_LEVEL: 'silent' }));
  try {
    const [path] = writeNotices(join(root), 1);
    const file = await stageLocalFile(ctx, path!);
    const { id } = await createDocument(
      ctx,
      file,
      { fileName: 'x', description: '', category: null, isActive: true, fallbackContact: '', contents: '' },
      { allowTxt: true, allowIncompleteFields: true, deferIndexing: true },
    );
    const aborted = AbortSignal.abort();
    await expect(indexBatch(ctx, [id], aborted)).rejects.toThrow();
    expect(ctx.db.select().from(documents).where(eq(documents.id, id)).get()!.status).toBe('indexing');
    expect(await (await knowledgeIndex(ctx)).count()).toBe(0);
  } finally {
    await ctx.close();
  }
});

test('scripts/ingest.ts indexes in batches: every file ready and searchable, a refused file reported, exit code 1', async () => {
  const folder = mkdtempSync(join(root, 'cli-'));
  const paths = writeNotices(folder, 5);
  const empty = join(folder, 'empty.txt');
  writeFileSync(empty, '');
  const dataDir = join(root, 'cli-data');
  const env = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' };
  const proc = Bun.spawn([process.execPath, join(import.meta.dir, '..', '..', 'scripts', 'ingest.ts'), '--batch', '2', ...paths, empty], {
    env,
    stdout: 'pipe',
    stderr: 'pipe',
  });
  const out = await new Response(proc.stdout).text();
  expect(await proc.exited).toBe(1);
  expect(out).toContain('5 of 6 in the library: 5 ingested, 0 already there, 1 refused');
  expect(out).toMatch(/empty\.txt .* refused: ไฟล์ว่างเปล่า/);
  expect(out.match(/notice-\d\.txt .* ready: 1 chunks/g)?.length).toBe(5);

  const ctx = createContext(loadConfig(env));
  try {
    const rows = ctx.db.select().from(documents).all();
    expect(rows.map((r) => r.status)).toEqual(['ready', 'ready', 'ready', 'ready', 'ready']);
    const index = await knowledgeIndex(ctx);
    expect((await index.documentIds()).length).toBe(5);
    expect((await index.search('รหัสประกาศ 70004', { k: 1 }))[0]!.title).toBe('notice-4');
  } finally {
    await ctx.close();
  }
});

test('a document the index refuses fails alone: the rest of its batch is ready, and an id given twice is written once', async () => {
  const ctx = createContext(loadConfig({ DATA_DIR: join(root, 'c'), LOG_LEVEL: 'silent' }));
  try {
    const ids: string[] = [];
    for (const path of writeNotices(mkdtempSync(join(root, 'c-')), 3)) {
      const fields = { fileName: path, description: '', category: null, isActive: true, fallbackContact: '', contents: '' };
      ids.push((await createDocument(ctx, await stageLocalFile(ctx, path), fields, { allowTxt: true, allowIncompleteFields: true, deferIndexing: true })).id);
    }
    const index = await knowledgeIndex(ctx);
    const write = index.indexDocuments;
    // The index refuses any write holding the second document (as a failing embedding call would).
    index.indexDocuments = (batch, signal) =>
      batch.some((d) => d.meta.documentId === ids[1]) ? Promise.reject(new Error('embedding failed')) : write(batch, signal);
    const counts = await indexBatch(ctx, [ids[0]!, ids[1]!, ids[2]!, ids[0]!]);
    index.indexDocuments = write;
    const rows = ids.map((id) => ctx.db.select().from(documents).where(eq(documents.id, id)).get()!);
    expect(rows.map((r) => r.status)).toEqual(['ready', 'failed', 'ready']);
    expect(rows[1]!.statusError).toBe('embedding failed');
    expect([...counts.keys()].sort()).toEqual([ids[0]!, ids[2]!].sort());
    expect((await index.documentIds()).sort()).toEqual([ids[0]!, ids[2]!].sort());
  } finally {
    await ctx.close();
  }
});
