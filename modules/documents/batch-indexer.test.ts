// Bulk ingest: documents stored with deferIndexing wait as 'indexing' until indexBatch writes them in one
// go; scripts/ingest.ts does that per batch of files.
import { afterAll, afterEach, expect, test } from 'bun:test';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { openContext, type AppContext } from '../../src/context';
import { firstRow } from '../../src/db/client';
import { createTestContext, testConfig, type TestContext } from '../../tests/helpers/server';
import { documents } from '../../tests/helpers/tables';
import { knowledgeIndex } from '../knowledge/service';
import { indexBatch } from './batch-indexer';
import { stageLocalFile } from './local-file';
import { createDocument } from './pipeline';

const root = mkdtempSync(join(tmpdir(), 'askreg-bulkdocs-'));
const opened: TestContext[] = [];
afterAll(() => rmSync(root, { recursive: true, force: true }));
afterEach(async () => {
  for (const t of opened.splice(0)) await t.close();
});

/** A context on the test database (SQLite or Postgres), closed after the test. */
async function open(): Promise<TestContext> {
  const t = await createTestContext({ LOG_LEVEL: 'silent' });
  opened.push(t);
  return t;
}
const rowOf = async (ctx: AppContext, id: string) => (await firstRow(ctx.db.select().from(documents).where(eq(documents.id, id))))!;

function writeNotices(folder: string, n: number): string[] {
  return Array.from({ length: n }, (_, i) => {
    const path = join(folder, `notice-${i}.txt`);
    writeFileSync(path, `ประกาศกองกิจการนักศึกษา เรื่อง การจองห้องประชุม รหัสประกาศ ${70000 + i}\n1. จองล่วงหน้าไม่น้อยกว่า ${i + 2} วันทำการ`);
    return path;
  });
}

test('deferred documents stay "indexing" and out of the index until their batch is written, then are ready and searchable', async () => {
  const { ctx } = await open();
  const ids: string[] = [];
  for (const path of writeNotices(root, 3)) {
    const file = await stageLocalFile(ctx, path);
    const fields = { fileName: path, description: '', category: null, isActive: true, fallbackContact: '', contents: '' };
    ids.push((await createDocument(ctx, file, fields, { allowTxt: true, allowIncompleteFields: true, deferIndexing: true })).id);
  }
  const status = async () => (await Promise.all(ids.map((id) => rowOf(ctx, id)))).map((r) => r.status);
  const index = await knowledgeIndex(ctx);
  expect(await status()).toEqual(['indexing', 'indexing', 'indexing']);
  expect(await index.count()).toBe(0);

  const counts = await indexBatch(ctx, ids);
  expect(await status()).toEqual(['ready', 'ready', 'ready']);
  for (const id of ids) expect((await rowOf(ctx, id)).chunkCount).toBe(counts.get(id)!);
  expect((await index.documentIds()).sort()).toEqual([...ids].sort());
  expect((await index.search('รหัสประกาศ 70002', { k: 1 }))[0]!.documentId).toBe(ids[2]!);
});

test('an aborted batch leaves its documents "indexing" (start-up reconciliation queues them) and writes nothing', async () => {
  const { ctx } = await open();
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
  expect((await rowOf(ctx, id)).status).toBe('indexing');
  expect(await (await knowledgeIndex(ctx)).count()).toBe(0);
});

test('scripts/ingest.ts indexes in batches: every file ready and searchable, a refused file reported, exit code 1', async () => {
  const folder = mkdtempSync(join(root, 'cli-'));
  const paths = writeNotices(folder, 5);
  const empty = join(folder, 'empty.txt');
  writeFileSync(empty, '');
  // the command line's data: SQLite in a DATA_DIR, or a Postgres database (scripts/ingest.ts follows DATABASE_URL)
  const data = await open();
  await data.ctx.close();
  const proc = Bun.spawn([process.execPath, join(import.meta.dir, '..', '..', 'scripts', 'ingest.ts'), '--batch', '2', ...paths, empty], {
    env: { ...process.env, ...data.env },
    stdout: 'pipe',
    stderr: 'pipe',
  });
  const out = await new Response(proc.stdout).text();
  expect(await proc.exited).toBe(1);
  expect(out).toContain('5 of 6 in the library: 5 ingested, 0 already there, 1 refused');
  expect(out).toMatch(/empty\.txt .* refused: ไฟล์ว่างเปล่า/);
  expect(out.match(/notice-\d\.txt .* ready: 1 chunks/g)?.length).toBe(5);

  const ctx = await openContext(testConfig(data.env));
  try {
    const rows = await ctx.db.select().from(documents);
    expect(rows.map((r) => r.status)).toEqual(['ready', 'ready', 'ready', 'ready', 'ready']);
    const index = await knowledgeIndex(ctx);
    expect((await index.documentIds()).length).toBe(5);
    // the file's own title; near the top, not first: on Postgres the writer indexes the files one by one, as uploads,
    // and over five near-identical notices the text index's partial statistics may rank a sibling (70001) above it
    const hits = await index.search('รหัสประกาศ 70004', { k: 2 });
    expect(hits.map((h) => h.title)).toContain('notice-4');
  } finally {
    await ctx.close();
  }
});

test('a document the index refuses fails alone: the rest of its batch is ready, and an id given twice is written once', async () => {
  const { ctx } = await open();
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
  const rows = await Promise.all(ids.map((id) => rowOf(ctx, id)));
  expect(rows.map((r) => r.status)).toEqual(['ready', 'failed', 'ready']);
  expect(rows[1]!.statusError).toBe('embedding failed');
  expect([...counts.keys()].sort()).toEqual([ids[0]!, ids[2]!].sort());
  expect((await index.documentIds()).sort()).toEqual([ids[0]!, ids[2]!].sort());
});
