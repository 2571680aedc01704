// The bucket map is shared by every limit (chat per caller, chat per IP, sign-in, uploads). When it
// is full, only buckets that are full by their own rate may be dropped: dropping a partly spent
// bucket refills it early.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { createTestApp, type TestApp } from '../../tests/helpers/server';
import { AppError } from './errors';
import { checkLimit, checkRateLimit, rateLimitClock, rateLimitMaxKeys } from './rate-limit';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ CHAT_RATE_PER_MINUTE: '2', CHAT_RATE_PER_MINUTE_IP: '10' });
  const now = Date.now();
  rateLimitClock.set(app.ctx, () => now); // time stands still: nothing refills by itself
  rateLimitMaxKeys.set(app.ctx, 2); // every call below finds the map "full" and prunes it
});
afterAll(() => app.close());

/** The seconds to wait when refused, else 0. */
function refusal(fn: () => void): number {
  try {
    fn();
    return 0;
  } catch (err) {
    if (!(err instanceof AppError) || err.code !== 'rate_limited') throw err;
    return err.details?.retryAfter as number;
  }
}

describe('pruning the bucket map', () => {
  test('a chat call does not drop a partly spent IP bucket (looser rate) and so refill it', () => {
    // A script with a fresh guest key per request: each caller bucket is new, the IP one (10/min) is not.
    const ask = (i: number) => refusal(() => checkRateLimit(app.ctx, `guest-${i}`, '198.51.100.7'));
    // With 2, 3, ... tokens left the IP bucket holds at least a full chat bucket (2), yet it is not full.
    for (let i = 0; i < 10; i++) expect(ask(i)).toBe(0);
    expect(ask(10)).toBe(6); // one token per 60/10 s
  });

  test('a chat call does not drop a partly spent sign-in bucket', () => {
    const signIn = () => refusal(() => checkLimit(app.ctx, 'auth:203.0.113.5', 5));
    for (let i = 0; i < 3; i++) expect(signIn()).toBe(0);
    // 2 tokens left: full by the chat rate (2/min), not by its own (5/min).
    for (let i = 0; i < 4; i++) refusal(() => checkRateLimit(app.ctx, `user-${i}`, `192.0.2.${i}`));
    expect(signIn()).toBe(0);
    expect(signIn()).toBe(0);
    expect(signIn()).toBe(12); // one token per 60/5 s
  });
});
