// Answers in flight per requester and per client address (issue 34 finding 6: one cookie-less client opened
// 100 streamed chats and never read them, 100 model requests at once, and another user's answer went from 20 s
// to 31 s). The rate limit counts answers started a minute; this counts answers running now, so a client that
// holds its answers open cannot take the model from everyone else. Limits: config.inFlight.
import { perApp, type AppContext } from '../context';
import { AppError } from './errors';
import type { Requester } from './requester';

export const TOO_MANY_IN_FLIGHT = 'มีคำตอบที่กำลังสร้างอยู่หลายรายการแล้ว กรุณารอให้คำตอบก่อนหน้าเสร็จหรือกดหยุด แล้วลองใหม่อีกครั้ง';
/** What a refused client is told to wait (Retry-After): an answer takes seconds. */
const RETRY_AFTER_S = 5;

const running = perApp(() => new Map<string, number>());

/** Answers running now for this requester or this address (tests and metrics). */
export function answersInFlight(ctx: AppContext, key: string): number {
  return running(ctx).get(key) ?? 0;
}

function slotKeys(ctx: AppContext, who: Requester): Array<[string, number]> {
  const keys: Array<[string, number]> = [[`r:${who.limitKey}`, ctx.config.inFlight.perRequester]];
  if (who.address) keys.push([`a:${who.address}`, ctx.config.inFlight.perAddress]);
  return keys;
}

/** Throws 429 with the Thai text when `who` or its address has no answer slot free (checked before a body is read too). */
export function checkAnswerSlots(ctx: AppContext, who: Requester): void {
  const map = running(ctx);
  for (const [key, max] of slotKeys(ctx, who))
    if ((map.get(key) ?? 0) >= max) throw new AppError('rate_limited', TOO_MANY_IN_FLIGHT, { retryAfter: RETRY_AFTER_S, inFlight: max });
}

/**
 * Takes one answer slot for `who` (its requester key and its address); throws 429 with the Thai text when either
 * is full. Returns the release, which may be called more than once.
 */
export function holdAnswerSlot(ctx: AppContext, who: Requester): () => void {
  const map = running(ctx);
  checkAnswerSlots(ctx, who);
  const keys = slotKeys(ctx, who);
  for (const [key] of keys) map.set(key, (map.get(key) ?? 0) + 1);
  let held = true;
  return () => {
    if (!held) return;
    held = false;
    for (const [key] of keys) {
      const n = (map.get(key) ?? 1) - 1;
      if (n > 0) map.set(key, n);
      else map.delete(key);
    }
  };
}
