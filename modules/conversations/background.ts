// Work that outlives the request that started it (server-run answers, titles). Tracked per app so
// shutdown can stop it and wait before the database closes, instead of writing into a closed handle.
import { perApp, type AppContext } from '../../src/context';

const SHUTDOWN_WAIT_MS = 5_000;

interface Tracker {
  jobs: Set<Promise<unknown>>;
  /** Aborted at shutdown: running answers end as 'failed' rather than hang. */
  shutdown: AbortController;
}

const tracker = perApp((ctx: AppContext): Tracker => {
  const t: Tracker = { jobs: new Set(), shutdown: new AbortController() };
  ctx.onClose(async () => {
    t.shutdown.abort(new Error('shutting down'));
    await Promise.race([Promise.allSettled([...t.jobs]), Bun.sleep(SHUTDOWN_WAIT_MS)]);
  });
  return t;
});

export function runInBackground<T>(ctx: AppContext, work: () => Promise<T>): Promise<T> {
  const t = tracker(ctx);
  const job = work();
  t.jobs.add(job);
  const forget = () => t.jobs.delete(job);
  job.then(forget, forget);
  return job;
}

export function shutdownSignal(ctx: AppContext): AbortSignal {
  return tracker(ctx).shutdown.signal;
}

/** Resolves once every job started so far (and any they started) has settled. */
export async function settleBackground(ctx: AppContext): Promise<void> {
  const t = tracker(ctx);
  while (t.jobs.size) await Promise.allSettled([...t.jobs]);
}
