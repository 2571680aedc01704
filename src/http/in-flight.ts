// Answers in flight per requester and per client address (issue 34 finding 6: one cookie-less client opened
// 100 streamed chats and never read them, 100 model requests at once, and another user's answer went from 20 s
// to 31 s). The rate limit counts answers started a minute; this counts answers running now, so a client that
// holds its answers open cannot take the model from everyone else. Limits: config.inFlight. Counted in the app's
// limit store (limits/store.ts): in memory on the embedded default, in Postgres across instances.
import type { AppContext } from '../context';
import { AppError } from './errors';
import { limitClock, limitStore, then, type Maybe } from './limits/store';
import type { Requester } from './requester';

export const TOO_MANY_IN_FLIGHT = 'มีคำตอบที่กำลังสร้างอยู่หลายรายการแล้ว กรุณารอให้คำตอบก่อนหน้าเสร็จหรือกดหยุด แล้วลองใหม่อีกครั้ง';
/** What a refused client is told to wait (Retry-After): an answer takes seconds. */
const RETRY_AFTER_S = 5;

/** Answers running now for this requester or this address (tests and metrics). */
export function answersInFlight(ctx: AppContext, key: string): Maybe<number> {
  return limitStore(ctx).slotsHeld(key, limitClock(ctx));
}

function slotKeys(ctx: AppContext, who: Requester): Array<[string, number]> {
  const keys: Array<[string, number]> = [[`r:${who.limitKey}`, ctx.config.inFlight.perRequester]];
  if (who.address) keys.push([`a:${who.address}`, ctx.config.inFlight.perAddress]);
  return keys;
}

const tooMany = (max: number) => new AppError('rate_limited', TOO_MANY_IN_FLIGHT, { retryAfter: RETRY_AFTER_S, inFlight: max });

/** Throws 429 with the Thai text when `who` or its address has no answer slot free (checked before a body is read too). */
export function checkAnswerSlots(ctx: AppContext, who: Requester): Maybe<void> {
  const keys = slotKeys(ctx, who);
  return then(limitStore(ctx).fullSlot(keys, limitClock(ctx)), (full) => {
    if (full >= 0) throw tooMany(keys[full]![1]);
  });
}

/**
 * Takes one answer slot for `who` (its requester key and its address); throws 429 with the Thai text when either
 * is full. Returns the release, which may be called more than once.
 */
export function holdAnswerSlot(ctx: AppContext, who: Requester): Maybe<() => void> {
  const keys = slotKeys(ctx, who);
  return then(limitStore(ctx).holdSlots(keys, limitClock(ctx)), (held) => {
    if (typeof held === 'number') throw tooMany(keys[held]![1]);
    return () => void held();
  });
}
