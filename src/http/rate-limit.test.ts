// Token buckets per caller and per address (rate-limit.ts) on the app's limit store: in memory on SQLite, the
// database under TEST_DATABASE=postgres, where a second instance on the same database spends the same budget.
// The memory store's map of buckets is shared by every limit (chat per caller, chat per IP, sign-in, uploads);
// when it is full, only buckets that are full by their own rate may be dropped: dropping a partly spent bucket
// refills it early.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { createTestApp, type TestApp } from '../../tests/helpers/server';
import { onPostgres } from '../../tests/helpers/test-database';
import { AppError } from './errors';
import { checkLimit, checkRateLimit, clientIp, rateLimitClock, rateLimitMaxKeys } from './rate-limit';
import { testConfig } from '../../tests/helpers/server';
import type { AppContext } from '../context';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ CHAT_RATE_PER_MINUTE: '2', CHAT_RATE_PER_MINUTE_IP: '10' });
  const now = Date.now();
  rateLimitClock.set(app.ctx, () => now); // time stands still: nothing refills by itself
});
afterAll(() => app.close());

/** The seconds to wait when refused, else 0. */
async function refusal(fn: () => unknown): Promise<number> {
  try {
    await fn();
    return 0;
  } catch (err) {
    if (!(err instanceof AppError) || err.code !== 'rate_limited') throw err;
    return err.details?.retryAfter as number;
  }
}

describe("a caller's and an address's chat budgets", () => {
  test('a caller past its rate is refused, saying when; its refused requests spend nothing of the address', async () => {
    const ask = (caller: string) => refusal(() => checkRateLimit(app.ctx, caller, '203.0.113.80'));
    for (let i = 0; i < 2; i++) expect(await ask('user-budget')).toBe(0);
    expect(await ask('user-budget')).toBe(30); // one token per 60/2 s
    for (let i = 0; i < 5; i++) expect(await ask('user-budget')).toBe(30);
    // 2 of the address's 10 spent: eight more callers behind it get one answer each, then the address is refused
    for (let i = 0; i < 8; i++) expect(await ask(`guest-budget-${i}`)).toBe(0);
    expect(await ask('guest-budget-last')).toBe(6);
  });
});

// SQLite: one server per DATA_DIR (src/ops/data-lock.ts), whose buckets are in its memory; there is no second instance.
describe.skipIf(!onPostgres)('two instances on one database (issue 36: "a rate limit spent on A holds on B")', () => {
  let other: TestApp;
  beforeAll(async () => {
    const database = app.ctx.config.database;
    if (database.kind !== 'postgres') throw new Error('two instances share a Postgres database');
    other = await createTestApp({ DATABASE_URL: database.url, CHAT_RATE_PER_MINUTE: '2', CHAT_RATE_PER_MINUTE_IP: '10' });
    const now = Date.now();
    rateLimitClock.set(other.ctx, () => now);
  });
  afterAll(() => other.close());

  test("a caller's budget spent on one instance is spent on the other", async () => {
    expect(await refusal(() => checkRateLimit(app.ctx, 'user-across', '203.0.113.81'))).toBe(0);
    expect(await refusal(() => checkRateLimit(other.ctx, 'user-across', '203.0.113.81'))).toBe(0);
    expect(await refusal(() => checkRateLimit(app.ctx, 'user-across', '203.0.113.81'))).toBeGreaterThan(0);
    expect(await refusal(() => checkRateLimit(other.ctx, 'user-across', '203.0.113.81'))).toBeGreaterThan(0);
  });
});

// The memory store only: Postgres keeps its buckets in a table, with no map to fill and prune.
describe.skipIf(onPostgres)('pruning the bucket map', () => {
  beforeAll(() => void rateLimitMaxKeys.set(app.ctx, 2)); // every call below finds the map "full" and prunes it

  test('a chat call does not drop a partly spent IP bucket (looser rate) and so refill it', async () => {
    // A script with a fresh guest key per request: each caller bucket is new, the IP one (10/min) is not.
    const ask = (i: number) => refusal(() => checkRateLimit(app.ctx, `guest-${i}`, '198.51.100.7'));
    // With 2, 3, ... tokens left the IP bucket holds at least a full chat bucket (2), yet it is not full.
    for (let i = 0; i < 10; i++) expect(await ask(i)).toBe(0);
    expect(await ask(10)).toBe(6); // one token per 60/10 s
  });

  test('a chat call does not drop a partly spent sign-in bucket', async () => {
    const signIn = () => refusal(() => checkLimit(app.ctx, 'auth:203.0.113.5', 5));
    for (let i = 0; i < 3; i++) expect(await signIn()).toBe(0);
    // 2 tokens left: full by the chat rate (2/min), not by its own (5/min).
    for (let i = 0; i < 4; i++) await refusal(() => checkRateLimit(app.ctx, `user-${i}`, `192.0.2.${i}`));
    expect(await signIn()).toBe(0);
    expect(await signIn()).toBe(0);
    expect(await signIn()).toBe(12); // one token per 60/5 s
  });
});

describe('the client address behind TRUST_PROXY (issue 34 finding 2)', () => {
  const ctxWith = (env: Record<string, string>) => ({ config: testConfig(env) }) as unknown as AppContext;
  const req = (...xff: string[]) => {
    const headers = new Headers();
    for (const h of xff) headers.append('x-forwarded-for', h);
    headers.set('x-real-ip', '198.51.100.66');
    return new Request('http://app/api/chat', { headers });
  };
  const one = ctxWith({ TRUST_PROXY: 'true' });
  const two = ctxWith({ TRUST_PROXY: 'true', TRUSTED_PROXY_HOPS: '2' });

  test('the address our proxy appended, never what the client wrote to its left', () => {
    // nginx's $proxy_add_x_forwarded_for appends the address it saw to what the client sent
    expect(clientIp(one, req('1.2.3.4, 203.0.113.7'), '127.0.0.1')).toBe('203.0.113.7');
    expect(clientIp(one, req('6.6.6.6', '1.2.3.4, 203.0.113.7'), '127.0.0.1')).toBe('203.0.113.7');
    expect(clientIp(one, req('203.0.113.7'), '127.0.0.1')).toBe('203.0.113.7');
    // a load balancer in front of nginx: the client is two from the right
    expect(clientIp(two, req('9.9.9.9, 203.0.113.7, 10.0.0.2'), '127.0.0.1')).toBe('203.0.113.7');
    expect(clientIp(two, req('203.0.113.7'), '127.0.0.1')).toBe('203.0.113.7');
  });

  test('X-Real-IP is never read, and without TRUST_PROXY neither is X-Forwarded-For', () => {
    expect(clientIp(one, req(), '127.0.0.1')).toBe('127.0.0.1');
    expect(clientIp(ctxWith({}), req('203.0.113.7'), '10.1.1.1')).toBe('10.1.1.1');
  });
});
