// scripts/reindex.ts on Postgres (several instances, issue 36). Only the elected index writer writes the shared index, so
// every document is queued as an indexing job, as after an upload: a running instance's writer re-indexes them, or this
// command when no instance runs (it joins the election). Deleting the index first (--fresh, or an index that cannot be
// opened) is done only by this command as the writer, hence with no instance running; with one running it refuses
// (exit 1) and says, in Thai and English, what to run instead.
import { rm } from 'node:fs/promises';
import { and, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../src/context';
import { indexWriter } from '../src/cluster';
import { embedderFor, knowledgeIndex } from '../modules/knowledge/service';
import { openKnowledgeIndex } from '../modules/knowledge/index/index-store';
import { reconcileDocuments, SWEEP_GRACE_MS } from '../modules/documents/reconcile';
import { announceIndexing, indexQueue } from '../modules/documents/indexer';

export const FRESH_REFUSED = [
  'ลบดัชนีแล้วสร้างใหม่ไม่ได้ขณะที่อินสแตนซ์ของระบบยังทำงานอยู่: อินสแตนซ์หนึ่งเป็นผู้เขียนดัชนีที่ใช้ร่วมกัน',
  'An Ask-Reg instance is running and writes the shared index: the index cannot be deleted under it.',
  'Run `ask-reg reindex` without --fresh (that instance re-indexes every document), or stop every instance and run `ask-reg reindex --fresh` again.',
].join('\n');

/** An unreadable index can only be rebuilt from scratch: the instance writing it must stop first (re-queueing alone would write into it). */
export const UNREADABLE_REFUSED = [
  'ดัชนีที่ใช้ร่วมกันอ่านไม่ได้ และยังมีอินสแตนซ์ของระบบทำงานอยู่: ต้องหยุดทุกอินสแตนซ์ก่อน แล้วจึงสั่ง `ask-reg reindex` เพื่อสร้างดัชนีใหม่',
  'The shared index cannot be read and an Ask-Reg instance is running: stop every instance, then run `ask-reg reindex` to rebuild it.',
].join('\n');

/** how long to try for the writer lock before a reset (an instance that runs holds it; a free lock is taken at once) */
const ELECTION_WAIT_MS = 3000;
const POLL_MS = 250;

async function indexReadable(ctx: AppContext): Promise<boolean> {
  try {
    const probe = await openKnowledgeIndex(ctx.paths.indexDir, await embedderFor(ctx));
    const health = await probe.health();
    await probe.close();
    if (!health.ok) throw new Error(health.error);
    return true;
  } catch (e) {
    console.warn(`index unreadable (${(e as Error).message}); rebuilding from scratch`);
    return false;
  }
}

/** Re-indexes every document through the index writer; returns the exit code. */
export async function reindexOnPostgres(ctx: AppContext, fresh: boolean): Promise<number> {
  const writer = indexWriter(ctx);
  const readable = fresh || (await indexReadable(ctx));
  if (fresh || !readable) {
    for (const end = Date.now() + ELECTION_WAIT_MS; !writer.isWriter && Date.now() < end; ) await Bun.sleep(100);
    if (!writer.isWriter) {
      // FRESH_REFUSED's way round (re-index without --fresh) needs a readable index
      console.error(readable ? FRESH_REFUSED : UNREADABLE_REFUSED);
      return 1;
    }
    await rm(ctx.paths.indexDir, { recursive: true, force: true });
  }
  indexQueue(ctx); // joins the shared jobs (this command indexes while it is the writer)
  // The writer's sweep of leftovers; an upload in progress on an instance started meanwhile is left alone.
  const report = writer.isWriter ? await reconcileDocuments(ctx, { requeue: false, tmp: false, settledBefore: new Date(Date.now() - SWEEP_GRACE_MS) }) : null;
  const { documents } = ctx.tables;
  const ids = (await ctx.db.select({ id: documents.id }).from(documents)).map((r) => r.id);
  const started = performance.now();
  if (ids.length) {
    await ctx.db.update(documents).set({ status: 'indexing', statusError: null });
    await announceIndexing(ctx, ids[0]!); // the writer takes every row waiting, not just this one
  }
  console.log(`${ids.length} documents queued; ${writer.isWriter ? 'this process writes the index' : "a running instance's index writer re-indexes them"}`);
  let logged = -1;
  for (;;) {
    const left = (
      await ctx.db
        .select({ id: documents.id })
        .from(documents)
        .where(and(inArray(documents.id, ids), eq(documents.status, 'indexing')))
    ).length;
    const done = ids.length - left;
    if (done !== logged) console.log(`${done}/${ids.length}`);
    logged = done;
    if (left === 0) break;
    await Bun.sleep(POLL_MS);
  }
  const failed = ids.length
    ? (
        await ctx.db
          .select({ id: documents.id })
          .from(documents)
          .where(and(inArray(documents.id, ids), eq(documents.status, 'failed')))
      ).length
    : 0;
  const index = await knowledgeIndex(ctx);
  if (writer.isWriter) await index.optimize();
  const secs = ((performance.now() - started) / 1000).toFixed(1);
  const swept = report ? `; removed ${report.orphanChunksRemoved.length} orphan chunk sets, ${report.orphanFilesRemoved.length} orphan files` : '';
  console.log(`reindexed ${ids.length - failed} of ${ids.length} documents in ${secs} s (${await index.count()} chunks)${swept}`);
  return failed ? 1 : 0;
}
