// Indexing jobs shared by instances on a real Postgres (issue 36 step 3): one shared index directory, one writer. A
// writer SIGKILLed inside a job it claimed leaves the job to the next writer, which indexes the document once; a
// document uploaded on an instance that does not write is indexed by the writer and found by both.
import { describe, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import { join } from 'node:path';
import type { AppContext } from '../../src/context';
import { indexWriter } from '../../src/cluster';
import { indexQueue, indexingIdle, queueIndexing } from '../../modules/documents/indexer';
import { JOB_LOCK_CLASS } from '../../modules/documents/index-jobs';
import { knowledgeIndex } from '../../modules/knowledge';
import { postgresUnavailable } from '../helpers/postgres';
import { insertDocument, sharedInstances } from '../helpers/shared-instances';
import { lineFrom, until } from './wait';

const unavailable = postgresUnavailable();
if (unavailable) console.warn(unavailable);

const TEXT = 'ข้อ ๑ นักศึกษาต้องลงทะเบียนเรียนภายในกำหนดเวลาที่มหาวิทยาลัยประกาศ\nข้อ ๒ การขอผ่อนผันค่าธรรมเนียมให้ยื่นคำร้องต่อคณบดี';

describe.skipIf(unavailable !== null)('indexing jobs on Postgres with a shared index', () => {
  const cluster = sharedInstances();
  const open = () => cluster.open();
  /** a reviewed document waiting to be indexed (what an upload leaves), written on `ctx` */
  const addDocument = (ctx: AppContext, name: string, text: string) => insertDocument(ctx, { name, text, status: 'indexing' });
  const statusOf = async (ctx: AppContext, id: string) =>
    (
      await ctx.db
        .select({ status: ctx.tables.documents.status, chunks: ctx.tables.documents.chunkCount })
        .from(ctx.tables.documents)
        .where(eq(ctx.tables.documents.id, id))
    )[0];
  const leases = async () =>
    Number((await cluster.admin()`select count(*) as n from pg_locks where locktype = 'advisory' and classid = ${JOB_LOCK_CLASS}`)[0].n);

  test('the writer is SIGKILLed inside a job it claimed: the next writer finishes it, and the document is indexed once', async () => {
    const a = await open();
    const id = await addDocument(a, 'ระเบียบการลงทะเบียน', TEXT);
    const child = Bun.spawn(['bun', join(import.meta.dir, 'index-child.ts'), cluster.pg.url, cluster.indexUri, cluster.filesDir], {
      env: { ...process.env, NODE_ENV: 'test', ASKREG_TEST_PAUSE: 'before-index' },
      stdout: 'pipe',
      stderr: 'inherit',
    });
    try {
      expect(await lineFrom(child, 'ASKREG_PAUSED before-index')).toBe(`ASKREG_PAUSED before-index ${id}`);
      expect(await leases()).toBe(1); // the child's lease on the job
      indexQueue(a); // A joins: it cannot write while the child holds the lock
      await Bun.sleep(500);
      expect(indexWriter(a).isWriter).toBe(false);
      expect((await statusOf(a, id))?.status).toBe('indexing');
      child.kill('SIGKILL');
      await child.exited;
      await until('A writes the index', () => indexWriter(a).isWriter);
      await until('A finished the job', async () => (await statusOf(a, id))?.status === 'ready');
    } finally {
      child.kill('SIGKILL');
    }
    await indexingIdle(a);
    const row = await statusOf(a, id);
    expect(row!.chunks).toBeGreaterThan(0);
    expect((await (await knowledgeIndex(a)).chunkCounts()).get(id)).toBe(row!.chunks); // once, not twice
    expect(await leases()).toBe(0);
  }, 90_000);

  test('a document uploaded on an instance that does not write is indexed by the writer, and both find it', async () => {
    const [a] = cluster.contexts;
    const b = await open();
    indexQueue(b);
    await Bun.sleep(300);
    expect(indexWriter(b).isWriter).toBe(false);
    const id = await addDocument(b, 'ประกาศค่าธรรมเนียม', 'ข้อ ๓ ค่าธรรมเนียมการใช้ห้องสมุดภาคฤดูร้อนให้ชำระที่กองคลัง');
    await queueIndexing(b, id);
    // b does not write: its idle waits for the writer's job, not only for its own (which it has none of)
    await indexingIdle(b);
    expect((await statusOf(b, id))?.status).toBe('ready');
    for (const ctx of [a!, b]) {
      const index = await knowledgeIndex(ctx);
      await until('found from each instance', async () => (await index.search('ห้องสมุดภาคฤดูร้อน', { k: 3 })).some((h) => h.documentId === id));
    }
  }, 60_000);
});
