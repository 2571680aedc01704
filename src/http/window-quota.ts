// Counts over a sliding window, for allowances longer than the token buckets' minute (rate-limit.ts): a day's
// votes from one address on one question (#34 finding 9). In memory per app: a restart forgets the counts.
import { perApp, type AppContext } from '../context';
import { rateLimitClock } from './rate-limit';

/** keys kept before those whose window is empty are dropped */
const MAX_KEYS = 20_000;

/** When each key's allowance was used, oldest first (at most its limit). */
const windows = perApp(() => new Map<string, { times: number[]; windowMs: number }>());

/**
 * Takes one from `key`'s allowance of `limit` in `windowMs`: 0 when taken, else the seconds until one is free
 * again (nothing taken). The tests' clock is the rate limits' (rateLimitClock).
 */
export function takeFromWindow(ctx: AppContext, key: string, limit: number, windowMs: number): number {
  const map = windows(ctx);
  const now = (rateLimitClock.get(ctx) ?? Date.now)();
  if (map.size > MAX_KEYS) for (const [k, w] of map) if (now - w.times[w.times.length - 1]! >= w.windowMs) map.delete(k);
  const times = (map.get(key)?.times ?? []).filter((t) => now - t < windowMs);
  if (times.length >= limit) {
    map.set(key, { times, windowMs });
    return Math.max(1, Math.ceil((times[times.length - limit]! + windowMs - now) / 1000));
  }
  map.set(key, { times: [...times, now].slice(-limit), windowMs });
  return 0;
}
