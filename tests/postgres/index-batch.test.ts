// The index writer takes waiting jobs as one batch (issue 36): documents queued together (a folder ingest) are written
// to the shared index in one write, not one write each; a writer SIGKILLed after the batch's index write but before its
// statuses leaves every document to the next writer, which indexes each once, none lost.
import { describe, expect, spyOn, test } from 'bun:test';
import { inArray } from 'drizzle-orm';
import { join } from 'node:path';
import type { AppContext } from '../../src/context';
import { indexWriter } from '../../src/cluster';
import { announceIndexing, indexingIdle, indexQueue } from '../../modules/documents/indexer';
import { JOB_BATCH_MAX, JOB_LOCK_CLASS } from '../../modules/documents/index-jobs';
import { knowledgeIndex } from '../../modules/knowledge';
import { postgresUnavailable } from '../helpers/postgres';
import { insertDocument, sharedInstances } from '../helpers/shared-instances';
import { lineFrom, until } from './wait';

const unavailable = postgresUnavailable();
if (unavailable) console.warn(unavailable);

const TEXTS = [
  'ข้อ ๑ นักศึกษาต้องลงทะเบียนเรียนภายในกำหนดเวลาที่มหาวิทยาลัยประกาศ',
  'ข้อ ๒ ค่าธรรมเนียมการใช้ห้องสมุดภาคฤดูร้อนให้ชำระที่กองคลัง',
  'ข้อ ๓ การขอผ่อนผันค่าธรรมเนียมให้ยื่นคำร้องต่อคณบดี',
];

describe.skipIf(unavailable !== null)('the index writer indexes waiting jobs in batches', () => {
  const cluster = sharedInstances();
  const addAll = (ctx: AppContext) => Promise.all(TEXTS.map((text, i) => insertDocument(ctx, { name: `เอกสาร ${i}`, text, status: 'indexing' })));
  const rows = async (ctx: AppContext, ids: string[]) => {
    const { documents } = ctx.tables;
    return await ctx.db.select({ id: documents.id, status: documents.status, chunks: documents.chunkCount }).from(documents).where(inArray(documents.id, ids));
  };
  const leases = async () =>
    Number((await cluster.admin()`select count(*) as n from pg_locks where locktype = 'advisory' and classid = ${JOB_LOCK_CLASS}`)[0].n);
  /** every document ready, in the index exactly as many chunks as its row counts (once, not twice) */
  const indexedOnce = async (ctx: AppContext, ids: string[]) => {
    const counts = await (await knowledgeIndex(ctx)).chunkCounts();
    for (const r of await rows(ctx, ids)) {
      expect(r.status).toBe('ready');
      expect(r.chunks).toBeGreaterThan(0);
      expect(counts.get(r.id)).toBe(r.chunks);
    }
    expect((await rows(ctx, ids)).length).toBe(ids.length);
  };

  test('the writer is SIGKILLed between a batch write and its statuses: the next writer indexes each document once', async () => {
    expect(TEXTS.length).toBeLessThanOrEqual(JOB_BATCH_MAX);
    const a = await cluster.open();
    const ids = await addAll(a);
    const child = Bun.spawn(['bun', join(import.meta.dir, 'index-child.ts'), cluster.pg.url, cluster.indexUri, cluster.filesDir], {
      env: { ...process.env, NODE_ENV: 'test', ASKREG_TEST_PAUSE: 'batch-written' },
      stdout: 'pipe',
      stderr: 'inherit',
    });
    try {
      // one batch, written to the index, its rows still 'indexing' and leased by the child
      const paused = (await lineFrom(child, 'ASKREG_PAUSED batch-written')).split(' ').slice(2);
      expect(paused.sort()).toEqual([...ids].sort());
      expect(await leases()).toBe(ids.length);
      expect((await rows(a, ids)).every((r) => r.status === 'indexing')).toBe(true);
      indexQueue(a);
      child.kill('SIGKILL');
      await child.exited;
      await until('A writes the index', () => indexWriter(a).isWriter);
      await until('A finished the jobs', async () => (await rows(a, ids)).every((r) => r.status === 'ready'));
    } finally {
      child.kill('SIGKILL');
    }
    await indexingIdle(a);
    await indexedOnce(a, ids);
    expect(await leases()).toBe(0);
  }, 90_000);

  test('documents queued together are written to the index in one write', async () => {
    const [a] = cluster.contexts;
    expect(indexWriter(a!).isWriter).toBe(true);
    const index = await knowledgeIndex(a!);
    const batches = spyOn(index, 'indexDocuments');
    const singles = spyOn(index, 'indexDocument');
    try {
      // stored as ready, then queued in one statement: the writer's poll cannot claim part of them
      const ids = await Promise.all(TEXTS.map((text, i) => insertDocument(a!, { name: `ชุด ${i}`, text, status: 'ready' })));
      await a!.db.update(a!.tables.documents).set({ status: 'indexing' }).where(inArray(a!.tables.documents.id, ids));
      for (const id of ids) await announceIndexing(a!, id);
      await indexingIdle(a!);
      await indexedOnce(a!, ids);
      expect(singles).not.toHaveBeenCalled();
      expect(batches).toHaveBeenCalledTimes(1);
      expect(batches.mock.calls[0]![0].map((d) => d.meta.documentId).sort()).toEqual([...ids].sort());
    } finally {
      batches.mockRestore();
      singles.mockRestore();
    }
  }, 60_000);
});
