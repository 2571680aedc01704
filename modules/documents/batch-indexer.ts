// Bulk indexing for the maintainer CLI: documents stored with `deferIndexing` (rows 'indexing', pages in
// SQLite) are chunked the same way as the per-document job and written to the index in one batch, then
// marked ready. When the batch write fails, each document is written alone, so one document the index
// refuses fails by itself and the rest of the batch is kept. A process that dies first leaves them
// 'indexing', and start-up reconciliation queues them like any interrupted job.
import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../src/context';
import { chunkDocument, knowledgeIndex } from '../knowledge';
import { loadDocumentsWithPages } from './read';
import { inTransaction, prepareNamed } from '../../src/db/client';

export const INDEX_FAILED = 'สร้างดัชนีเอกสารไม่สำเร็จ กรุณาลองใหม่อีกครั้ง';

type Indexed = Parameters<Awaited<ReturnType<typeof knowledgeIndex>>['indexDocuments']>[0][number];

/**
 * Indexes the given stored documents, in one index write when it succeeds. Returns each indexed document's
 * chunk count; a document that could not be indexed is marked failed with its reason and left out.
 */
export async function indexBatch(ctx: AppContext, ids: string[], signal?: AbortSignal): Promise<Map<string, number>> {
  const failed = (id: string, e: unknown) => {
    if (signal?.aborted) throw e;
    const message = e instanceof Error ? e.message : String(e);
    ctx.log.error('document indexing failed', { documentId: id, error: e as Error });
    return ctx.db
      .update(ctx.tables.documents)
      .set({ status: 'failed', statusError: message.slice(0, 500) })
      .where(eq(ctx.tables.documents.id, id));
  };
  const batch: Indexed[] = [];
  // Two queries for the whole batch (one pair per document cost more than the index write).
  const loaded = await loadDocumentsWithPages(ctx, [...new Set(ids)]);
  for (const [id, row] of loaded) {
    try {
      const pages = row.pages.map((p) => ({ page: p.page, text: p.content }));
      const meta = { documentId: id, title: row.doc.fileName, category: row.category, isActive: row.doc.isActive, fileType: row.doc.fileType, pages };
      batch.push({ meta, chunks: chunkDocument({ title: row.doc.fileName, pages }) });
    } catch (e) {
      await failed(id, e);
    }
  }
  const index = await knowledgeIndex(ctx);
  let written = batch;
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
  const counts = new Map(written.map((d) => [d.meta.documentId, d.chunks.length]));
  // One transaction and one statement, prepared once, for the batch.
  await inTransaction(ctx, async (tx) => {
    const { documents: docs } = ctx.tables;
    const ready = prepareNamed(
      tx
        .update(docs)
        .set({ status: 'ready', statusError: null, chunkCount: sql.placeholder('chunks') as unknown as number })
        .where(eq(docs.id, sql.placeholder('id'))),
      'index-batch-ready',
    );
    for (const [id, chunks] of counts) await ready.execute({ id, chunks });
  });
  return counts;
}
