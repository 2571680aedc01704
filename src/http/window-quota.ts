// Counts over a sliding window, for allowances longer than the token buckets' minute (rate-limit.ts): a day's
// votes from one address on one question (#34 finding 9), drafts an hour and a day per requester and per
// address (modules/assistant/drafting/quota.ts). In the app's limit store (limits/store.ts): in memory on the
// embedded default (a restart forgets the counts), in Postgres across instances.
import type { AppContext } from '../context';
import { limitClock, limitStore, then, type Allowance, type Maybe } from './limits/store';

export type { Allowance } from './limits/store';

/**
 * Takes one from each allowance, or from none: when one is used up, `{ index, wait }` says which (the first
 * in the list) and the seconds until it has room again; else null. The tests' clock is the rate limits'
 * (rateLimitClock).
 */
export function takeFromWindows(ctx: AppContext, allowances: Allowance[]): Maybe<{ index: number; wait: number } | null> {
  return limitStore(ctx).takeWindows(allowances, limitClock(ctx));
}

/** Takes one from `key`'s allowance of `limit` in `windowMs`: 0 when taken, else the seconds until one is free again (nothing taken). */
export function takeFromWindow(ctx: AppContext, key: string, limit: number, windowMs: number): Maybe<number> {
  return then(takeFromWindows(ctx, [{ key, limit, windowMs }]), (r) => r?.wait ?? 0);
}
