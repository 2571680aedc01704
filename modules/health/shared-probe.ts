// A probe that is costly under load (the index check reads the LanceDB table: a row count, a row read and a
// full-text query) is shared: callers within FRESH_MS get the last result; a caller after that gets it too
// while one refresh runs behind it (never more than one at a time), so a load balancer polling /healthz
// during a burst does not queue index reads behind the burst. A result older than MAX_STALE_MS (no one asked
// for a while) is not served: that caller waits for a fresh one. Every answer says how old its reading is.
import type { HealthCheck } from './service';

export interface SharedProbeTimes {
  freshMs: number;
  maxStaleMs: number;
  now?: () => number;
}

export function sharedProbe(probe: () => Promise<HealthCheck>, times: SharedProbeTimes): () => Promise<HealthCheck> {
  const now = times.now ?? Date.now;
  let last: { at: number; result: HealthCheck } | null = null;
  let running: Promise<{ at: number; result: HealthCheck }> | null = null;
  const refresh = () => {
    running ??= probe()
      .catch((e): HealthCheck => ({ ok: false, error: (e as Error).message }))
      .then((result) => (last = { at: now(), result }))
      .finally(() => (running = null));
    return running;
  };
  const aged = (r: { at: number; result: HealthCheck }): HealthCheck => ({ ...r.result, checkedAgoMs: Math.max(0, now() - r.at) });
  return async () => {
    const age = last ? now() - last.at : Number.POSITIVE_INFINITY;
    if (last && age <= times.freshMs) return aged(last);
    if (last && age <= times.maxStaleMs) {
      void refresh();
      return aged(last);
    }
    return aged(await refresh());
  };
}
