// The background half of an upload or edit: reviewed pages (SQLite) → chunks → vectors → index,
// then status ready/failed. Reads everything from SQLite so a re-queued job after a crash is the same job.
import { and, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../src/context';
import { perApp } from '../../src/context';
import { indexDocumentFromPages, knowledgeIndex, removeFromIndex, setActiveInIndex } from '../knowledge';
import { IndexQueue, type ProgressEvent } from './jobs';
import { claimedVersion, sharedIndexJobs, type SharedIndexJobs } from './index-jobs';
import { testPause } from './test-hooks';
import { sharedIndexWrites } from './index-writes';
import { loadDocumentWithPages } from './read';
import { indexBatch } from './batch-indexer';

async function runIndexJob(ctx: AppContext, id: string, signal: AbortSignal, report: (e: ProgressEvent) => void): Promise<void> {
  const { documents } = ctx.tables;
  const row = await loadDocumentWithPages(ctx, id);
  if (!row) return;
  const { pages } = row;
  await testPause(ctx, 'before-index', id);
  try {
    const { chunks } = await indexDocumentFromPages(
      ctx,
      {
        documentId: id,
        title: row.doc.fileName,
        category: row.category,
        isActive: row.doc.isActive,
        fileType: row.doc.fileType,
        pages: pages.map((p) => ({ page: p.page, text: p.content })),
      },
      { onProgress: (p) => report(p), signal },
    );
    signal.throwIfAborted();
    // The admin may have toggled or deleted the document while it was being indexed.
    const [now] = await ctx.db.select({ isActive: documents.isActive }).from(documents).where(eq(documents.id, id));
    if (!now) return removeFromIndex(ctx, id);
    if (now.isActive !== row.doc.isActive) await setActiveInIndex(ctx, id, now.isActive);
    const done = await ctx.db
      .update(documents)
      .set({ status: 'ready', statusError: null, chunkCount: chunks })
      .where(and(eq(documents.id, id), sameVersion(ctx, id)))
      .returning({ id: documents.id });
    // Postgres: edited or replaced on another instance meanwhile; the row stays 'indexing' and is claimed again
    if (done.length === 0) return;
    report({ stage: 'ready', done: chunks, total: chunks });
  } catch (e) {
    // Shutdown: leave the row in 'indexing'; start-up reconciliation queues it again.
    if (signal.aborted) throw e;
    const message = e instanceof Error ? e.message : String(e);
    ctx.log.error('indexing failed', { documentId: id, error: e as Error });
    await ctx.db
      .update(documents)
      .set({ status: 'failed', statusError: message.slice(0, 500) })
      .where(and(eq(documents.id, id), sameVersion(ctx, id)));
    report({ stage: 'failed', done: 0, total: 0, message: 'สร้างดัชนีเอกสารไม่สำเร็จ กรุณาลองใหม่อีกครั้ง' });
  }
}

/** Postgres (issue 36): the row as the job was claimed (index-jobs.ts); no condition on SQLite (one process, cancels awaited). */
function sameVersion(ctx: AppContext, id: string) {
  const claimed = claimedVersion(ctx, id);
  return claimed ? eq(ctx.tables.documents.updatedAt, claimed) : undefined;
}

/**
 * Postgres (issue 36): several jobs the writer claimed at once (a folder ingest), written to the index in one write
 * (indexBatch), each row's status fenced on its claimed version like a single job's. A document deleted or switched
 * on another instance meanwhile is taken out or switched in the index after the write, as a single job does.
 */
async function runIndexBatch(ctx: AppContext, ids: string[], signal: AbortSignal, report: (id: string, e: ProgressEvent) => void): Promise<void> {
  const { documents } = ctx.tables;
  await testPause(ctx, 'before-index', ids.join(' '));
  const afterWrite = async (written: Array<{ documentId: string; isActive: boolean }>) => {
    await testPause(ctx, 'batch-written', written.map((d) => d.documentId).join(' '));
    const ids = written.map((d) => d.documentId);
    const now = new Map(
      (await ctx.db.select({ id: documents.id, isActive: documents.isActive }).from(documents).where(inArray(documents.id, ids))).map((r) => [
        r.id,
        r.isActive,
      ]),
    );
    for (const { documentId: id, isActive } of written) {
      const active = now.get(id);
      if (active === undefined) await removeFromIndex(ctx, id);
      else if (active !== isActive) await setActiveInIndex(ctx, id, active);
    }
  };
  await indexBatch(ctx, ids, { signal, fence: (id) => sameVersion(ctx, id), report, afterWrite });
}

/** Postgres (issue 36): jobs run on the elected index writer, claimed from the rows (index-jobs.ts). Null on SQLite. */
const sharedJobs = new WeakMap<AppContext, SharedIndexJobs>();

export const indexQueue = perApp((ctx: AppContext) => {
  // Open the index first so its closer is registered earlier and therefore runs after ours:
  // the queue stops its job before the index closes underneath it.
  void knowledgeIndex(ctx).catch(() => undefined);
  const queue = new IndexQueue(
    (id, signal, report) => runIndexJob(ctx, id, signal, report),
    (id, e) => ctx.log.error('indexing job crashed', { documentId: id, error: e as Error }),
    (ids, signal, report) => runIndexBatch(ctx, ids, signal, report),
  );
  ctx.onClose(() => queue.close());
  if (ctx.dialect === 'postgres') {
    // listening from the start: as the writer it answers other instances' index writes before any job of its own
    const writes = sharedIndexWrites(ctx);
    sharedJobs.set(
      ctx,
      sharedIndexJobs(ctx, queue, (ids) => writes.announce(ids)),
    );
  }
  return queue;
});

/** Every job of this app has ended: the local queue's, and on Postgres the writer's drain here (tests, CLIs). */
export async function indexingIdle(ctx: AppContext): Promise<void> {
  const queue = indexQueue(ctx);
  await (sharedJobs.get(ctx)?.idle() ?? queue.idle());
}

/** Stops the document's indexing job, wherever it runs, before a delete or a replace (waits here; on Postgres the writer is told). */
export async function cancelIndexing(ctx: AppContext, id: string): Promise<void> {
  const queue = indexQueue(ctx);
  await queue.cancel(id);
  await sharedJobs.get(ctx)?.cancel(id);
}

/** A row stored with `deferIndexing` is 'indexing' already: tells whoever indexes (this queue; on Postgres the elected writer). */
export async function announceIndexing(ctx: AppContext, id: string): Promise<void> {
  const queue = indexQueue(ctx);
  const shared = sharedJobs.get(ctx);
  if (shared) await shared.queued(id);
  else queue.enqueue(id);
}

/** Marks the row as being indexed and queues the job. */
export async function queueIndexing(ctx: AppContext, id: string): Promise<void> {
  const { documents } = ctx.tables;
  await ctx.db.update(documents).set({ status: 'indexing', statusError: null }).where(eq(documents.id, id));
  await announceIndexing(ctx, id);
}
