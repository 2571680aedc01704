// Bulk indexing for the maintainer CLI: documents stored with `deferIndexing` (rows 'indexing', pages in
// SQLite) are chunked the same way as the per-document job and written to the index in one batch, then
// marked ready. A batch that fails marks its documents failed, as the job does; a process that dies
// first leaves them 'indexing', and start-up reconciliation queues them like any interrupted job.
import { eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../src/context';
import { chunkDocument } from '../knowledge';
import { knowledgeIndex } from '../knowledge';
import { documents } from './schema';
import { loadDocumentWithPages } from './read';

export const INDEX_FAILED = 'สร้างดัชนีเอกสารไม่สำเร็จ กรุณาลองใหม่อีกครั้ง';

/** Indexes the given stored documents in one index write; returns each one's chunk count. */
export async function indexBatch(ctx: AppContext, ids: string[], signal?: AbortSignal): Promise<Map<string, number>> {
  const batch = ids.flatMap((id) => {
    const row = loadDocumentWithPages(ctx, id);
    if (!row) return [];
    const meta = { documentId: id, title: row.doc.fileName, category: row.category, isActive: row.doc.isActive, fileType: row.doc.fileType };
    return [{ meta, chunks: chunkDocument({ title: row.doc.fileName, pages: row.pages.map((p) => ({ page: p.page, text: p.content })) }) }];
  });
  const counts = new Map(batch.map((d) => [d.meta.documentId, d.chunks.length]));
  try {
    await (await knowledgeIndex(ctx)).indexDocuments(batch, signal);
  } catch (e) {
    if (signal?.aborted) throw e;
    const message = e instanceof Error ? e.message : String(e);
    ctx.log.error('batch indexing failed', { documents: ids.length, error: e as Error });
    ctx.db
      .update(documents)
      .set({ status: 'failed', statusError: message.slice(0, 500) })
      .where(inArray(documents.id, ids))
      .run();
    throw e;
  }
  ctx.db.transaction((tx) => {
    for (const [id, chunks] of counts) tx.update(documents).set({ status: 'ready', statusError: null, chunkCount: chunks }).where(eq(documents.id, id)).run();
  });
  return counts;
}
