// The limits' one seam (issue 36): token buckets (rate-limit.ts), sliding windows of longer allowances (window-quota.ts)
// and answers in flight (in-flight.ts) all keep their state in a LimitStore. The embedded SQLite default keeps it in
// memory, synchronously, exactly as before (memory.ts); on Postgres it lives in the database so the limits hold across
// instances (postgres.ts). tests/postgres/limits.test.ts runs one table of cases against both.
import { perApp, type AppContext } from '../../context';
import { memoryLimits } from './memory';
import { pgLimits } from './postgres';

/** A value now (memory) or later (a database): callers await it; the memory store never makes a promise. */
export type Maybe<T> = T | Promise<T>;

export interface Allowance {
  key: string;
  limit: number;
  windowMs: number;
}

export interface LimitStore {
  /** Takes one token from `key`'s bucket of `perMinute` (refilled evenly over a minute): 0 when taken, else the seconds until one is. */
  takeToken(key: string, perMinute: number, now: number): Maybe<number>;
  /** Takes one from each allowance, or from none: null when taken, else which one is used up (the first) and the seconds until it has room. */
  takeWindows(allowances: Allowance[], now: number): Maybe<{ index: number; wait: number } | null>;
  /** The first of `slots` ([key, most at once]) that is full, or -1. */
  fullSlot(slots: Array<[string, number]>, now: number): Maybe<number>;
  /** Takes one slot of each key, or none: the release (callable more than once), or the index of the full one. */
  holdSlots(slots: Array<[string, number]>, now: number): Maybe<(() => Maybe<void>) | number>;
  /** Slots of `key` held now (tests and metrics). */
  slotsHeld(key: string, now: number): Maybe<number>;
}

/** Tests may set the limits' clock, so a refill does not depend on how fast the machine runs. */
export const rateLimitClock = new WeakMap<AppContext, () => number>();
export const limitClock = (ctx: AppContext): number => (rateLimitClock.get(ctx) ?? Date.now)();

/** Tests may lower the number of buckets at which full ones are dropped (memory store). */
export const rateLimitMaxKeys = new WeakMap<AppContext, number>();

/** This app's store: in memory on SQLite, the database's tables on Postgres. */
export const limitStore = perApp((ctx: AppContext): LimitStore => (ctx.dialect === 'postgres' ? pgLimits(ctx) : memoryLimits(ctx)));

/** Runs `fn` on a value now or on a promise's value later: the memory store's path stays synchronous. */
export function then<T, R>(v: Maybe<T>, fn: (v: T) => Maybe<R>): Maybe<R> {
  return v instanceof Promise ? v.then(fn) : fn(v);
}
