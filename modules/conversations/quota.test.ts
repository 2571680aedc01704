// Quotas per account: questions saved per minute, new conversations per day, and the size of what one
// account stores — each refused with 429, a Thai text and Retry-After, and nothing half-stored.
import { afterEach, describe, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../tests/helpers/server';
import { rateLimitClock } from '../../src/http/rate-limit';
import { MESSAGES } from '../../src/http/errors';
import { conversations } from '../../tests/helpers/tables';
import { DAILY_LIMIT_TEXT, STORAGE_FULL_TEXT, storedBytes } from './quota';

const apps: TestApp[] = [];
afterEach(async () => {
  for (const a of apps.splice(0)) await a.close();
});
async function app(env: Record<string, string>) {
  const t = await createTestApp(env);
  apps.push(t);
  return t;
}
const create = (t: TestApp, cookie: string, query = 'ค่าบำรุงกิจกรรมเท่าไร') => t.request('/api/conversations/create', { cookie, json: { query } });

describe('conversation quotas', () => {
  test('new conversations per day: the next one is refused until the oldest of the day ages out; other accounts are not affected', async () => {
    const t = await app({ CONVERSATIONS_PER_DAY: '3', CHAT_RATE_PER_MINUTE: '1000' });
    const { cookie, userId } = await t.signIn('busy@uni.ac.th');
    for (let i = 0; i < 3; i++) expect((await create(t, cookie)).status).toBe(200);
    const refused = await create(t, cookie);
    expect(refused.status).toBe(429);
    expect((await refused.json()).message).toBe(DAILY_LIMIT_TEXT(3));
    const wait = Number(refused.headers.get('retry-after'));
    expect(wait).toBeGreaterThan(23 * 3600);
    expect(wait).toBeLessThanOrEqual(24 * 3600);
    expect(await t.ctx.db.select().from(conversations).where(eq(conversations.userId, userId))).toHaveLength(3); // nothing half-stored
    expect((await create(t, (await t.signIn('other@uni.ac.th')).cookie)).status).toBe(200);
    // a conversation started more than a day ago no longer counts
    await t.ctx.db
      .update(conversations)
      .set({ createdAt: new Date(Date.now() - 25 * 3600_000) })
      .where(eq(conversations.userId, userId));
    expect((await create(t, cookie)).status).toBe(200);
  });

  test('questions saved per minute: refused past CONVERSATION_TURNS_PER_MINUTE, with Retry-After and recovery', async () => {
    const t = await app({ CONVERSATION_TURNS_PER_MINUTE: '3' });
    let now = Date.now();
    rateLimitClock.set(t.ctx, () => now);
    const { cookie } = await t.signIn('fast@uni.ac.th');
    const first = (await (await create(t, cookie)).json()).data.conversationId as string;
    for (let i = 0; i < 2; i++) expect((await t.request(`/api/conversations/${first}/query`, { cookie, json: { query: `ถามต่อ ${i}` } })).status).toBe(200);
    const refused = await t.request(`/api/conversations/${first}/query`, { cookie, json: { query: 'อีกข้อ' } });
    expect(refused.status).toBe(429);
    expect((await refused.json()).message).toBe(MESSAGES.rateLimited);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    now += 61_000;
    expect((await t.request(`/api/conversations/${first}/query`, { cookie, json: { query: 'อีกข้อ' } })).status).toBe(200);
  });

  test('stored size: a question that would go past the quota is refused; deleting old conversations frees it', async () => {
    const t = await app({ CONVERSATION_STORAGE_MB: '1', CHAT_RATE_PER_MINUTE: '1000' });
    const { cookie, userId } = await t.signIn('big@uni.ac.th');
    const long = 'ก'.repeat(19_000); // 57 KB of UTF-8 each
    const made: string[] = [];
    let res: Response;
    for (;;) {
      res = await create(t, cookie, long);
      if (res.status !== 200) break;
      made.push((await res.json()).data.conversationId);
      expect(made.length).toBeLessThan(40);
    }
    expect(res.status).toBe(429);
    expect((await res.json()).message).toBe(STORAGE_FULL_TEXT);
    expect(res.headers.get('retry-after')).not.toBeNull();
    expect(await storedBytes(t.ctx, userId)).toBeLessThanOrEqual(1024 * 1024);
    expect(made.length).toBe(Math.floor((1024 * 1024) / Buffer.byteLength(long)));
    expect((await t.request(`/api/conversations/${made[0]}/delete`, { method: 'DELETE', cookie })).status).toBe(200);
    expect((await create(t, cookie, long)).status).toBe(200);
  });
});
