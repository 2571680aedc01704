// How many drafts one requester and one address may have made lately (issue 34, Also: a cookie-less script
// made 60 drafts in 6 s, each a DOCX kept 7 days). The chat's rate limit spreads requests over a minute; this
// caps what is stored: per requester (a browser or an account) and, since a client that drops its cookie is a
// new requester each time, per client address. Counted when a draft is asked for, in memory (a restart
// forgets the counts; the drafts themselves still age out after 7 days).
import { perApp, type AppContext } from '../../../src/context';
import { AppError } from '../../../src/http/errors';

const HOUR_MS = 3600_000;
const DAY_MS = 24 * HOUR_MS;

/** A student drafts a memo or a proposal a few times, revising; twenty an hour is far beyond that. */
export const DRAFTS_PER_HOUR_PER_REQUESTER = 20;
/** One address may be a campus NAT: many students, but drafting is rare next to asking. */
export const DRAFTS_PER_HOUR_PER_ADDRESS = 30;
export const DRAFTS_PER_DAY_PER_ADDRESS = 100;

export const DRAFT_QUOTA_TEXT = (n: number) => `คุณสร้างเอกสารร่างครบ ${n} ฉบับในหนึ่งชั่วโมงแล้ว กรุณาใช้ฉบับที่สร้างไว้ หรือรอสักครู่แล้วลองใหม่อีกครั้ง`;
export const ADDRESS_DRAFT_QUOTA_TEXT = 'มีการสร้างเอกสารร่างจากเครือข่ายนี้มากเกินไป กรุณารอสักครู่แล้วลองใหม่อีกครั้ง';

/** keys kept before those with nothing in the last day are dropped */
const MAX_KEYS = 20_000;

/** When each key's drafts were asked for, oldest first (at most the key's limit). */
const windows = perApp(() => new Map<string, number[]>());

/** Tests set the clock. */
export const draftQuotaClock = new WeakMap<AppContext, () => number>();

function recent(map: Map<string, number[]>, key: string, windowMs: number, now: number): number[] {
  const times = (map.get(key) ?? []).filter((t) => now - t < windowMs);
  if (times.length) map.set(key, times);
  else map.delete(key);
  return times;
}

/** The seconds until one of `times` leaves the window, when `limit` are in it; else 0. */
const waitFor = (times: number[], limit: number, windowMs: number, now: number) =>
  times.length >= limit ? Math.max(1, Math.ceil((times[times.length - limit]! + windowMs - now) / 1000)) : 0;

/** Takes one draft from the requester's and the address's allowance, or throws 429 with a Thai reason and Retry-After. */
export function takeDraftQuota(ctx: AppContext, requesterKey: string, address: string): void {
  const map = windows(ctx);
  const now = (draftQuotaClock.get(ctx) ?? Date.now)();
  if (map.size > MAX_KEYS) for (const [k, times] of map) if (now - times[times.length - 1]! >= DAY_MS) map.delete(k);
  const mine = recent(map, `r:${requesterKey}`, HOUR_MS, now);
  const wait = waitFor(mine, DRAFTS_PER_HOUR_PER_REQUESTER, HOUR_MS, now);
  if (wait) throw new AppError('rate_limited', DRAFT_QUOTA_TEXT(DRAFTS_PER_HOUR_PER_REQUESTER), { retryAfter: wait });
  const place = recent(map, `a:${address}`, DAY_MS, now);
  const lastHour = place.filter((t) => now - t < HOUR_MS);
  const placeWait = Math.max(waitFor(lastHour, DRAFTS_PER_HOUR_PER_ADDRESS, HOUR_MS, now), waitFor(place, DRAFTS_PER_DAY_PER_ADDRESS, DAY_MS, now));
  if (placeWait) throw new AppError('rate_limited', ADDRESS_DRAFT_QUOTA_TEXT, { retryAfter: placeWait });
  map.set(`r:${requesterKey}`, [...mine, now].slice(-DRAFTS_PER_HOUR_PER_REQUESTER));
  map.set(`a:${address}`, [...place, now].slice(-DRAFTS_PER_DAY_PER_ADDRESS));
}
