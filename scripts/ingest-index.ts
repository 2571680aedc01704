// The indexing half of scripts/ingest.ts, by shape. SQLite (one process per DATA_DIR): this process writes the index,
// a batch of documents in one write (indexBatch). Postgres (several instances, issue 36): only the elected index writer
// writes the shared index, so the stored documents are indexing jobs like any upload's (their rows in status
// 'indexing'): the running instances' writer indexes them, or this process when no instance runs (it joins the
// election), up to JOB_BATCH_MAX of them in one index write (modules/documents/index-jobs.ts); the command waits until
// each one is ready or failed.
import { eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../src/context';
import { indexWriter } from '../src/cluster';
import { indexBatch } from '../modules/documents/batch-indexer';
import { announceIndexing, indexQueue, queueIndexing } from '../modules/documents/indexer';

const WAIT_POLL_MS = 200;

/** Indexes the stored documents; returns each indexed one's chunk count (one not indexed has its reason in its row). */
export async function indexStored(ctx: AppContext, ids: string[], note: (text: string) => void): Promise<Map<string, number>> {
  if (ctx.dialect !== 'postgres') return await indexBatch(ctx, ids);
  const { documents } = ctx.tables;
  const writer = indexWriter(ctx);
  indexQueue(ctx); // joins the election and the shared jobs
  const rowsOf = () =>
    ctx.db.select({ id: documents.id, status: documents.status, chunkCount: documents.chunkCount }).from(documents).where(inArray(documents.id, ids));
  for (const r of await rowsOf()) {
    // stored now ('indexing'): announced; one whose indexing failed before: queued again
    if (r.status === 'indexing') await announceIndexing(ctx, r.id);
    else if (r.status !== 'ready') await queueIndexing(ctx, r.id);
  }
  for (let polls = 0; ; polls++) {
    const rows = await rowsOf();
    if (rows.every((r) => r.status !== 'indexing')) {
      note(writer.isWriter ? 'indexed by this process (no instance is the index writer)' : "indexed by the running instances' index writer");
      return new Map(rows.filter((r) => r.status === 'ready').map((r) => [r.id, r.chunkCount]));
    }
    if (polls === 25)
      note(writer.isWriter ? 'this process writes the index (no instance is the index writer)' : "waiting for the running instances' index writer");
    await Bun.sleep(WAIT_POLL_MS);
  }
}

/** Why a document was not indexed (its row's reason). */
export async function notIndexedReason(ctx: AppContext, id: string): Promise<string | null> {
  const { documents } = ctx.tables;
  const [row] = await ctx.db.select({ e: documents.statusError }).from(documents).where(eq(documents.id, id));
  return row?.e ?? null;
}
