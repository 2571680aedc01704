// Counts over a sliding window, for allowances longer than the token buckets' minute (rate-limit.ts): a day's
// votes from one address on one question (#34 finding 9), drafts an hour and a day per requester and per
// address (modules/assistant/drafting/quota.ts). In memory per app: a restart forgets the counts.
import { perApp, type AppContext } from '../context';
import { rateLimitClock } from './rate-limit';

/** keys kept before those whose window is empty are dropped */
const MAX_KEYS = 20_000;

/** When each key's allowance was used, oldest first (at most its limit). */
const windows = perApp(() => new Map<string, { times: number[]; windowMs: number }>());

export interface Allowance {
  key: string;
  limit: number;
  windowMs: number;
}

/**
 * Takes one from each allowance, or from none: when one is used up, `{ index, wait }` says which (the first
 * in the list) and the seconds until it has room again; else null. The tests' clock is the rate limits'
 * (rateLimitClock).
 */
export function takeFromWindows(ctx: AppContext, allowances: Allowance[]): { index: number; wait: number } | null {
  const map = windows(ctx);
  const now = (rateLimitClock.get(ctx) ?? Date.now)();
  if (map.size > MAX_KEYS) for (const [k, w] of map) if (now - w.times[w.times.length - 1]! >= w.windowMs) map.delete(k);
  const recent = allowances.map(({ key, windowMs }) => (map.get(key)?.times ?? []).filter((t) => now - t < windowMs));
  const index = allowances.findIndex((a, i) => recent[i]!.length >= a.limit);
  if (index >= 0) {
    const { limit, windowMs } = allowances[index]!;
    const times = recent[index]!;
    return { index, wait: Math.max(1, Math.ceil((times[times.length - limit]! + windowMs - now) / 1000)) };
  }
  allowances.forEach(({ key, limit, windowMs }, i) => map.set(key, { times: [...recent[i]!, now].slice(-limit), windowMs }));
  return null;
}

/** Takes one from `key`'s allowance of `limit` in `windowMs`: 0 when taken, else the seconds until one is free again (nothing taken). */
export function takeFromWindow(ctx: AppContext, key: string, limit: number, windowMs: number): number {
  return takeFromWindows(ctx, [{ key, limit, windowMs }])?.wait ?? 0;
}
