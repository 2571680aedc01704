// Backup and restore of the several-instance shape on a real Postgres (issue 36 step 6): pg_dump of the database in
// the snapshot the documents' state is read in, the shared files and index; restored into a fresh database and empty
// folders, a new instance answers from it. A document the dump calls ready but the index copy lacks comes back
// 'indexing' (the writer indexes it again).
import { describe, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AppContext } from '../../src/context';
import { createPgBackup, restorePgBackup } from '../../src/ops/backup-pg';
import { indexingIdle, indexQueue, queueIndexing } from '../../modules/documents/indexer';
import { knowledgeIndex } from '../../modules/knowledge';
import { postgresUnavailable } from '../helpers/postgres';
import { insertDocument, sharedInstances } from '../helpers/shared-instances';
import { until } from './wait';

const unavailable = postgresUnavailable();
if (unavailable) console.warn(unavailable);

describe.skipIf(unavailable !== null)('backup and restore on Postgres', () => {
  const cluster = sharedInstances('askreg-pgbackup-');
  /** an instance on database `url` whose files and index are in `dir` */
  const open = (url: string, dir: string) => cluster.open({ url, indexUri: join(dir, 'index'), filesDir: dir });
  const addDocument = (ctx: AppContext, text: string, status: 'indexing' | 'ready', chunkCount = 0) =>
    insertDocument(ctx, { text, status, chunkCount, withFile: true });
  const statusOf = async (ctx: AppContext, id: string) =>
    (await ctx.db.select({ status: ctx.tables.documents.status }).from(ctx.tables.documents).where(eq(ctx.tables.documents.id, id)))[0]?.status;

  test('backs up the database, files and index, and restores them into a fresh database that a new instance answers from', async () => {
    const { pg, root } = cluster;
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

    await cluster.admin()`create database restored`;
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
