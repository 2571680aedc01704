// Backup and restore of the several-instance shape on a real Postgres (issue 36 step 6): pg_dump of the database in
// the snapshot the documents' state is read in, the shared files and index; restored into a fresh database and empty
// folders, a new instance answers from it. A document the dump calls ready but the index copy lacks comes back
// 'indexing' (the writer indexes it again).
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { SQL } from 'bun';
import { eq } from 'drizzle-orm';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openContext, type AppContext } from '../../src/context';
import { createPgBackup, restorePgBackup } from '../../src/ops/backup-pg';
import { indexingIdle, indexQueue, queueIndexing } from '../../modules/documents/indexer';
import { knowledgeIndex } from '../../modules/knowledge';
import { testConfig } from '../helpers/server';
import { postgresUnavailable, startPostgres, type TestPostgres } from '../helpers/postgres';
import { until } from './wait';

const unavailable = postgresUnavailable();
if (unavailable) console.warn(unavailable);

describe.skipIf(unavailable !== null)('backup and restore on Postgres', () => {
  let pg: TestPostgres;
  let root: string;
  const contexts: AppContext[] = [];
  const open = async (url: string, dir: string) => {
    const ctx = await openContext({ ...testConfig({ INDEX_URI: join(dir, 'index'), FILES_DIR: dir }), database: { kind: 'postgres', url } });
    contexts.push(ctx);
    return ctx;
  };
  const addDocument = async (ctx: AppContext, text: string, status: 'indexing' | 'ready', chunkCount = 0) => {
    const id = crypto.randomUUID();
    const { documents, documentPages } = ctx.tables;
    const now = new Date();
    await ctx.db.insert(documents).values({
      id,
      fileName: `เอกสาร ${id.slice(0, 4)}`,
      rawFileName: 'a.txt',
      fileType: 'txt',
      mimeType: 'text/plain',
      fileSize: text.length,
      storagePath: `${id}/a.txt`,
      sha256: id,
      status,
      chunkCount,
      createdAt: now,
      updatedAt: now,
    });
    await ctx.db.insert(documentPages).values({ documentId: id, page: 1, content: text });
    mkdirSync(join(ctx.paths.filesDir, id), { recursive: true });
    writeFileSync(join(ctx.paths.filesDir, id, 'a.txt'), text);
    return id;
  };
  const statusOf = async (ctx: AppContext, id: string) =>
    (await ctx.db.select({ status: ctx.tables.documents.status }).from(ctx.tables.documents).where(eq(ctx.tables.documents.id, id)))[0]?.status;

  beforeAll(async () => {
    pg = await startPostgres();
    root = mkdtempSync(join(tmpdir(), 'askreg-pgbackup-'));
  }, 60_000);
  afterAll(async () => {
    for (const ctx of contexts.reverse()) {
      await ctx.close();
      rmSync(ctx.config.dataDir, { recursive: true, force: true });
    }
    await pg?.stop();
    rmSync(root, { recursive: true, force: true });
  });

  test('backs up the database, files and index, and restores them into a fresh database that a new instance answers from', async () => {
    const source = join(root, 'source');
    const a = await open(pg.url, source);
    const indexed = await addDocument(a, 'ข้อ ๑ ค่าธรรมเนียมการใช้ห้องสมุดภาคฤดูร้อนให้ชำระที่กองคลัง', 'indexing');
    indexQueue(a);
    await queueIndexing(a, indexed);
    await until('indexed', async () => (await statusOf(a, indexed)) === 'ready');
    await indexingIdle(a);
    const notInIndex = await addDocument(a, 'ข้อ ๒ เอกสารที่ฐานข้อมูลบอกว่าพร้อมแต่ดัชนียังไม่มี', 'ready', 1);
    const archive = join(root, 'backup.tar.gz');
    const manifest = await createPgBackup(pg.url, { filesDir: source, indexDir: join(source, 'index') }, archive);
    expect(manifest.tables.documents).toBe(2);
    expect(manifest.files).toBe(2);
    expect(manifest.reindexOnRestore).toEqual([notInIndex]);

    // an instance still running on the source database holds the writer lock: a restore there is refused
    await expect(restorePgBackup(archive, pg.url, { filesDir: source, indexDir: join(source, 'index') }, { force: true })).rejects.toThrow(
      'stop every instance',
    );

    const admin = new SQL(pg.url, { max: 1 });
    await admin`create database restored`;
    await admin.close();
    const restoredUrl = pg.url.replace(/\/askreg$/, '/restored');
    const target = join(root, 'target');
    await restorePgBackup(archive, restoredUrl, { filesDir: target, indexDir: join(target, 'index') });
    expect(readFileSync(join(target, 'files', indexed, 'a.txt'), 'utf8')).toContain('ห้องสมุด');

    const b = await open(restoredUrl, target);
    expect(await statusOf(b, indexed)).toBe('ready');
    expect(await statusOf(b, notInIndex)).toBe('indexing');
    const hits = await (await knowledgeIndex(b)).search('ห้องสมุดภาคฤดูร้อน', { k: 3 });
    expect(hits.map((h) => h.documentId)).toContain(indexed);
    // a second restore over it is refused unless forced; forced keeps the folders aside
    await expect(restorePgBackup(archive, restoredUrl, { filesDir: target, indexDir: join(target, 'index') })).rejects.toThrow('already holds tables');
    expect(existsSync(join(target, 'index'))).toBe(true);
  }, 120_000);
});
