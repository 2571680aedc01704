// How many drafts one requester and one address may have made lately (issue 34, Also: a cookie-less script
// made 60 drafts in 6 s, each a DOCX kept 7 days). The chat's rate limit spreads requests over a minute; this
// caps what is stored: per requester (a browser or an account) and, since a client that drops its cookie is a
// new requester each time, per client address. Counted when a draft is asked for, in memory over sliding
// windows (src/http/window-quota.ts; a restart forgets the counts, the drafts still age out after 7 days).
import type { AppContext } from '../../../src/context';
import { AppError } from '../../../src/http/errors';
import { takeFromWindows } from '../../../src/http/window-quota';
import { then, type Maybe } from '../../../src/http/limits/store';

const HOUR_MS = 3600_000;
const DAY_MS = 24 * HOUR_MS;

/** A student drafts a memo or a proposal a few times, revising; twenty an hour is far beyond that. */
export const DRAFTS_PER_HOUR_PER_REQUESTER = 20;
/** One address may be a campus NAT: many students, but drafting is rare next to asking. */
export const DRAFTS_PER_HOUR_PER_ADDRESS = 30;
export const DRAFTS_PER_DAY_PER_ADDRESS = 100;

export const DRAFT_QUOTA_TEXT = (n: number) => `คุณสร้างเอกสารร่างครบ ${n} ฉบับในหนึ่งชั่วโมงแล้ว กรุณาใช้ฉบับที่สร้างไว้ หรือรอสักครู่แล้วลองใหม่อีกครั้ง`;
export const ADDRESS_DRAFT_QUOTA_TEXT = 'มีการสร้างเอกสารร่างจากเครือข่ายนี้มากเกินไป กรุณารอสักครู่แล้วลองใหม่อีกครั้ง';

/** Takes one draft from the requester's and the address's allowances, or throws 429 with a Thai reason and Retry-After (nothing taken). */
export function takeDraftQuota(ctx: AppContext, requesterKey: string, address: string): Maybe<void> {
  const taken = takeFromWindows(ctx, [
    { key: `draft:r:${requesterKey}`, limit: DRAFTS_PER_HOUR_PER_REQUESTER, windowMs: HOUR_MS },
    { key: `draft:a-hour:${address}`, limit: DRAFTS_PER_HOUR_PER_ADDRESS, windowMs: HOUR_MS },
    { key: `draft:a-day:${address}`, limit: DRAFTS_PER_DAY_PER_ADDRESS, windowMs: DAY_MS },
  ]);
  return then(taken, (refused) => {
    if (refused)
      throw new AppError('rate_limited', refused.index === 0 ? DRAFT_QUOTA_TEXT(DRAFTS_PER_HOUR_PER_REQUESTER) : ADDRESS_DRAFT_QUOTA_TEXT, {
        retryAfter: refused.wait,
      });
  });
}
