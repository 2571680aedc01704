// Bulk indexing for the maintainer CLI: documents stored with `deferIndexing` (rows 'indexing', pages in
// SQLite) are chunked the same way as the per-document job and written to the index in one batch, then
// marked ready. When the batch write fails, each document is written alone, so one document the index
// refuses fails by itself and the rest of the batch is kept. A process that dies first leaves them
// 'indexing', and start-up reconciliation queues them like any interrupted job.
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { AppContext } from '../../src/context';
import { chunkDocument, knowledgeIndex } from '../knowledge';
import { loadDocumentsWithPages } from './read';
import { inTransaction, prepareNamed } from '../../src/db/client';
import type { ProgressEvent } from './jobs';

export const INDEX_FAILED = 'สร้างดัชนีเอกสารไม่สำเร็จ กรุณาลองใหม่อีกครั้ง';

type Indexed = Parameters<Awaited<ReturnType<typeof knowledgeIndex>>['indexDocuments']>[0][number];

export interface BatchOptions {
  signal?: AbortSignal;
  /** a condition on the row its status is written under (the writer's jobs: the row as claimed); none by default */
  fence?: (id: string) => SQL | undefined;
  /** each document's progress (the writer's jobs: the console's progress stream) */
  report?: (id: string, e: ProgressEvent) => void;
  /** between the index write and the statuses (the writer's jobs: documents deleted or switched meanwhile) */
  afterWrite?: (written: Array<{ documentId: string; isActive: boolean }>) => Promise<void>;
}

/**
 * Indexes the given stored documents, in one index write when it succeeds. Returns each indexed document's
 * chunk count; a document that could not be indexed is marked failed with its reason and left out.
 */
export async function indexBatch(ctx: AppContext, ids: string[], signalOrOptions?: AbortSignal | BatchOptions): Promise<Map<string, number>> {
  const opts: BatchOptions = signalOrOptions instanceof AbortSignal ? { signal: signalOrOptions } : (signalOrOptions ?? {});
  const { signal, fence = () => undefined, report = () => undefined } = opts;
  const { documents } = ctx.tables;
  const failed = async (id: string, e: unknown) => {
    if (signal?.aborted) throw e;
    const message = e instanceof Error ? e.message : String(e);
    ctx.log.error('document indexing failed', { documentId: id, error: e as Error });
    await ctx.db
      .update(documents)
      .set({ status: 'failed', statusError: message.slice(0, 500) })
      .where(and(eq(documents.id, id), fence(id)));
    report(id, { stage: 'failed', done: 0, total: 0, message: INDEX_FAILED });
  };
  const batch: Indexed[] = [];
  // Two queries for the whole batch (one pair per document cost more than the index write).
  const loaded = await loadDocumentsWithPages(ctx, [...new Set(ids)]);
  for (const [id, row] of loaded) {
    try {
      report(id, { stage: 'chunking', done: 0, total: 0 });
      const pages = row.pages.map((p) => ({ page: p.page, text: p.content }));
      const meta = { documentId: id, title: row.doc.fileName, category: row.category, isActive: row.doc.isActive, fileType: row.doc.fileType, pages };
      batch.push({ meta, chunks: chunkDocument({ title: row.doc.fileName, pages }) });
    } catch (e) {
      await failed(id, e);
    }
  }
  const index = await knowledgeIndex(ctx);
  let written = batch;
  for (const d of batch) report(d.meta.documentId, { stage: 'embedding', done: 0, total: d.chunks.length });
  try {
    await index.indexDocuments(batch, signal);
  } catch (e) {
    if (signal?.aborted) throw e;
    if (batch.length === 1) await failed(batch[0]!.meta.documentId, e);
    else ctx.log.warn('batch indexing failed; indexing its documents one at a time', { documents: batch.length, error: e as Error });
    written = [];
    for (const doc of batch.length > 1 ? batch : []) {
      try {
        await index.indexDocuments([doc], signal);
        written.push(doc);
      } catch (e) {
        await failed(doc.meta.documentId, e);
      }
    }
  }
  signal?.throwIfAborted();
  if (opts.afterWrite) await opts.afterWrite(written.map((d) => d.meta));
  const counts = new Map(written.map((d) => [d.meta.documentId, d.chunks.length]));
  // One transaction and one statement, prepared once, for the batch (fenced: one statement a document).
  const done = await inTransaction(ctx, async (tx) => {
    const ready = prepareNamed(
      tx
        .update(documents)
        .set({ status: 'ready', statusError: null, chunkCount: sql.placeholder('chunks') as unknown as number })
        .where(eq(documents.id, sql.placeholder('id'))),
      'index-batch-ready',
    );
    const marked: string[] = [];
    for (const [id, chunks] of counts) {
      const where = fence(id);
      if (!where) await ready.execute({ id, chunks });
      else if (
        (
          await tx
            .update(documents)
            .set({ status: 'ready', statusError: null, chunkCount: chunks })
            .where(and(eq(documents.id, id), where))
            .returning({ id: documents.id })
        ).length === 0
      )
        continue;
      marked.push(id);
    }
    return marked;
  });
  for (const id of done) report(id, { stage: 'ready', done: counts.get(id)!, total: counts.get(id)! });
  return counts;
}
