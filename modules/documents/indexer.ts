// The background half of an upload or edit: reviewed pages (SQLite) → chunks → vectors → index,
// then status ready/failed. Reads everything from SQLite so a re-queued job after a crash is the same job.
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../src/context';
import { perApp } from '../../src/context';
import { indexDocumentFromPages, knowledgeIndex, removeFromIndex, setActiveInIndex } from '../knowledge';
import { IndexQueue, type ProgressEvent } from './jobs';
import { testPause } from './test-hooks';
import { loadDocumentWithPages } from './read';

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
    await ctx.db.update(documents).set({ status: 'ready', statusError: null, chunkCount: chunks }).where(eq(documents.id, id));
    report({ stage: 'ready', done: chunks, total: chunks });
  } catch (e) {
    // Shutdown: leave the row in 'indexing'; start-up reconciliation queues it again.
    if (signal.aborted) throw e;
    const message = e instanceof Error ? e.message : String(e);
    ctx.log.error('indexing failed', { documentId: id, error: e as Error });
    await ctx.db
      .update(documents)
      .set({ status: 'failed', statusError: message.slice(0, 500) })
      .where(eq(documents.id, id));
    report({ stage: 'failed', done: 0, total: 0, message: 'สร้างดัชนีเอกสารไม่สำเร็จ กรุณาลองใหม่อีกครั้ง' });
  }
}

export const indexQueue = perApp((ctx: AppContext) => {
  // Open the index first so its closer is registered earlier and therefore runs after ours:
  // the queue stops its job before the index closes underneath it.
  void knowledgeIndex(ctx).catch(() => undefined);
  const queue = new IndexQueue(
    (id, signal, report) => runIndexJob(ctx, id, signal, report),
    (id, e) => ctx.log.error('indexing job crashed', { documentId: id, error: e as Error }),
  );
  ctx.onClose(() => queue.close());
  return queue;
});

/** Marks the row as being indexed and queues the job. */
export async function queueIndexing(ctx: AppContext, id: string): Promise<void> {
  const { documents } = ctx.tables;
  await ctx.db.update(documents).set({ status: 'indexing', statusError: null }).where(eq(documents.id, id));
  indexQueue(ctx).enqueue(id);
}
