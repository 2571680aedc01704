// Insights figures are cached per period (the days asked for) and invalidated by a fingerprint of what they
// were computed from: the questions in the window, the votes, the synonym groups (fingerprint.ts). The admin
// sees every new question at the next call; a call with nothing new costs one small query, not a grouping.
// Invalidated rather than bounded-stale: what changes the figures is cheap to fingerprint, and an admin who
// just added a synonym group or watches a day's questions come in expects them at once.
// Computations run one at a time (a queue): twelve admin tabs on twelve periods cost one computation's CPU at
// any moment, and callers of one period and fingerprint share one computation (single flight).
import { perApp, type AppContext } from '../../src/context';

/** Periods kept: the console asks for a handful (7, 30, 90 days); each entry is a few hundred KB at most. */
const MAX_ENTRIES = 8;

interface Entry {
  fingerprint: string;
  value: Promise<unknown>;
}

interface CacheState {
  entries: Map<string, Entry>;
  /** the tail of the queue of computations */
  queue: Promise<unknown>;
  /** computations started, for tests and the bench */
  computed: number;
}

const state = perApp((): CacheState => ({ entries: new Map(), queue: Promise.resolve(), computed: 0 }));

/** How many computations this app has started (a cached answer starts none). */
export const insightsComputations = (ctx: AppContext) => state(ctx).computed;

/**
 * The value cached under `key` when its fingerprint is unchanged, else `compute()`'s, run after any
 * computation already queued. A failed computation is not kept.
 */
export function cachedInsight<T>(ctx: AppContext, key: string, fingerprint: string, compute: () => Promise<T>): Promise<T> {
  const s = state(ctx);
  const hit = s.entries.get(key);
  if (hit && hit.fingerprint === fingerprint) {
    // most recently used last: the oldest entry is the first to go
    s.entries.delete(key);
    s.entries.set(key, hit);
    return hit.value as Promise<T>;
  }
  const value = s.queue.then(() => {
    s.computed++;
    return compute();
  });
  s.queue = value.catch(() => undefined);
  const entry: Entry = { fingerprint, value };
  s.entries.delete(key);
  s.entries.set(key, entry);
  value.catch(() => {
    if (s.entries.get(key) === entry) s.entries.delete(key);
  });
  while (s.entries.size > MAX_ENTRIES) s.entries.delete(s.entries.keys().next().value!);
  return value;
}
