// Indexing jobs shared by several instances on Postgres (issue 36 step 3). The job is the document row itself: a
// document in status 'indexing' is waiting to be indexed (no jobs table). Only the instance elected to write the index
// (src/cluster writer lock) runs jobs through this instance's IndexQueue (progress, cancel, idle), up to JOB_BATCH_MAX
// waiting jobs claimed at once and written to the index in one write (a folder ingest is not one write a document):
//
// - an upload or edit on any instance sets the status and sends `index_jobs`; the writer also looks every few seconds,
//   so a message missed (the writer was being elected) costs seconds, not the job;
// - a job is claimed with `SELECT … FOR UPDATE SKIP LOCKED` and leased by a session advisory lock taken on the writer's
//   own lock session: the lease ends exactly when that session does (the writer killed or cut off), and the next writer
//   claims the job again. Re-indexing a document replaces its rows in one commit, so a job run twice leaves it once;
// - the job's end is fenced on the row's `updated_at` as claimed: a document edited or replaced on another instance
//   meanwhile keeps status 'indexing' and is claimed again with its new text;
// - a cancel (delete, replace) on any instance reaches the writer (`index_cancel`), and progress events go back to
//   every instance (`index_progress`) so the console's progress stream works wherever it is open.
import type { SQL } from 'bun';
import { eq } from 'drizzle-orm';
import { perApp, type AppContext } from '../../src/context';
import { clusterBus, indexWriter } from '../../src/cluster';
import { LOCK_CLASS } from '../../src/cluster/writer-lock';
import type { IndexQueue, ProgressEvent } from './jobs';

/** The job leases' advisory lock class (the writer lock's class + 1), keyed by hashtext(document id). */
export const JOB_LOCK_CLASS = LOCK_CLASS + 1;
/** how often the writer looks for jobs no message announced */
export const JOB_POLL_MS = 3000;
/** how often idle() looks again for rows still waiting for the writer */
const IDLE_POLL_MS = 50;
const CLAIM_BATCH = 16;
/**
 * At most this many jobs are claimed and indexed as one batch (one index write, e.g. a folder ingest's documents):
 * bounded so that a cancel, a lost lease or a failed write costs at most this many documents' work.
 */
export const JOB_BATCH_MAX = 8;

/** The `updated_at` each running job was claimed at: its end is written only if the row still has it. */
const claimedVersions = perApp(() => new Map<string, Date>());

export function claimedVersion(ctx: AppContext, id: string): Date | undefined {
  return claimedVersions(ctx).get(id);
}

/** Claims up to `max` documents to index (none: an empty list); `skip`: ones this pass already ran. */
async function claimNext(session: SQL, skip: Set<string>, max: number): Promise<Array<{ id: string; updatedAt: Date }>> {
  return await session.begin(async (tx) => {
    const rows = await tx`select id, updated_at from documents where status = 'indexing'
      order by updated_at, id limit ${CLAIM_BATCH + skip.size} for update skip locked`;
    const claimed: Array<{ id: string; updatedAt: Date }> = [];
    for (const r of rows as Array<{ id: string; updated_at: Date }>) {
      if (skip.has(r.id)) continue;
      const [lease] = await tx`select pg_try_advisory_lock(${JOB_LOCK_CLASS}::int, hashtext(${r.id})) as got`;
      if (lease.got) claimed.push({ id: r.id, updatedAt: r.updated_at });
      if (claimed.length === max) break;
    }
    return claimed;
  });
}

export interface SharedIndexJobs {
  /** a document was set to 'indexing' here: tell the writer (this instance, or another) */
  queued(id: string): Promise<void>;
  /** stops the document's job wherever it runs (the writer aborts it; its row keeps its status) */
  cancel(id: string): Promise<void>;
  /** resolves when no document is left to index, on this instance or the writer (tests, CLIs) */
  idle(): Promise<void>;
}

/** `written(ids)`: a job (or a batch of them) ended on this writer (every instance is told to read that document again). */
export function sharedIndexJobs(ctx: AppContext, queue: IndexQueue, written: (ids: string[]) => Promise<unknown>): SharedIndexJobs {
  const writer = indexWriter(ctx);
  const bus = clusterBus(ctx);
  let draining: Promise<void> | null = null;
  let again = false;
  let closed = false;
  let running: string[] | null = null;

  async function drain(): Promise<void> {
    const ran = new Set<string>();
    while (!closed && writer.isWriter) {
      const jobs = await writer
        .onSession((s) => claimNext(s, ran, JOB_BATCH_MAX))
        .catch((e: Error) => {
          ctx.log.warn('indexing job not claimed', { error: e.message });
          return [];
        });
      if (jobs.length === 0) return;
      const ids = jobs.map((j) => j.id);
      const cancelledBefore = queue.cancelledRuns;
      const unsubscribes = jobs.map((job) => {
        ran.add(job.id);
        claimedVersions(ctx).set(job.id, job.updatedAt);
        return queue.subscribe(job.id, (e) => void bus.publish('index_progress', { id: job.id, e }).catch(() => undefined));
      });
      try {
        running = ids;
        queue.enqueueBatch(ids);
        await queue.idle();
      } finally {
        running = null;
        for (const unsubscribe of unsubscribes) unsubscribe();
        for (const id of ids) claimedVersions(ctx).delete(id);
        void written(ids);
        // a lost session already ended the leases
        for (const id of ids) await writer.onSession((s) => s`select pg_advisory_unlock(${JOB_LOCK_CLASS}::int, hashtext(${id}))`).catch(() => undefined);
      }
      // a batch stopped for one of its documents (deleted, replaced): the others are claimed again in a new pass
      if (ids.length > 1 && queue.cancelledRuns !== cancelledBefore) again = true;
    }
  }

  const wake = () => {
    if (closed) return;
    if (draining) {
      again = true;
      return;
    }
    draining = drain().finally(() => {
      draining = null;
      if (again) {
        again = false;
        wake();
      }
    });
  };

  const stops: Array<() => Promise<void>> = [];
  const ready = Promise.all([
    bus.subscribe('index_jobs', wake),
    bus.subscribe('index_cancel', (m) => typeof m.id === 'string' && void queue.cancel(m.id)),
    bus.subscribe('index_progress', (m) => typeof m.id === 'string' && m.e && queue.publish(m.id, m.e as ProgressEvent)),
  ]).then((s) => void stops.push(...s));
  ready.catch((e) => ctx.log.error('indexing jobs of other instances not followed', { error: e as Error }));
  const unwatch = writer.onChange((w) => {
    if (w) wake();
    // no longer the writer: stop the running job at once (its lease is gone; the next writer runs it)
    else if (running) void queue.cancel(running[0]!).catch(() => undefined);
  });
  const poll = setInterval(wake, JOB_POLL_MS);
  poll.unref?.();
  wake();
  ctx.onClose(async () => {
    closed = true;
    clearInterval(poll);
    unwatch();
    await ready.catch(() => undefined);
    for (const stop of stops) await stop().catch(() => undefined);
    await queue.close(); // the running job stops; its row stays 'indexing' for the next writer
    await draining;
  });

  return {
    async queued(id) {
      await bus.publish('index_jobs', { id });
      wake();
    },
    async cancel(id) {
      await bus.publish('index_cancel', { id });
    },
    // Every job anywhere has ended: no row is left 'indexing'. The local drain alone is not enough: an instance
    // not (yet) elected writer drains nothing, so an upload right after start looked indexed while it was not.
    async idle() {
      const { documents } = ctx.tables;
      for (;;) {
        while (draining) await draining;
        await queue.idle();
        if (closed) return;
        const [left] = await ctx.db.select({ id: documents.id }).from(documents).where(eq(documents.status, 'indexing')).limit(1);
        if (!left) return;
        wake();
        await Bun.sleep(IDLE_POLL_MS);
      }
    },
  };
}
