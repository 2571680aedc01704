// Rate limits on chat, drafting, sign-in and uploads: 429 with the Thai text and Retry-After, nothing
// stored for a refused upload, and service again once the bucket refills (60/min = one per second).
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { readdirSync } from 'node:fs';
import { createTestApp, type TestApp } from '../helpers/server';
import { MESSAGES } from '../../src/http/errors';
import { fixture, multipartBody, storedState, testCategory } from '../../modules/documents/testing/helpers';
import { indexQueue } from '../../modules/documents/indexer';

const PER_MINUTE = 60;
let h: TestApp;
beforeAll(async () => {
  h = await createTestApp({
    CHAT_RATE_PER_MINUTE: String(PER_MINUTE),
    CHAT_RATE_PER_MINUTE_IP: '100000',
    AUTH_RATE_PER_MINUTE: String(PER_MINUTE),
    UPLOAD_RATE_PER_MINUTE: String(PER_MINUTE),
  });
});
afterAll(() => h.close());

/** Spends the whole bucket, checks the refusal, waits Retry-After and checks service is back. */
async function exhaust(send: () => Promise<Response>, ok: (status: number) => boolean, spend = send) {
  let limited = false;
  for (let i = 0; i < PER_MINUTE + 4 && !limited; i++) {
    const res = await spend();
    limited = res.status === 429;
    if (!limited) expect(ok(res.status)).toBe(true);
    await res.body?.cancel().catch(() => {});
  }
  expect(limited).toBe(true);
  const refused = await send();
  expect(refused.status).toBe(429);
  const body = await refused.json();
  expect(body).toMatchObject({ status: 'error', code: 'rate_limited', message: MESSAGES.rateLimited });
  expect(body.message).toMatch(/[\u0E00-\u0E7F]/); // Thai
  const wait = Number(refused.headers.get('retry-after'));
  expect(wait).toBeGreaterThanOrEqual(1);
  expect(wait).toBeLessThanOrEqual(2);
  await Bun.sleep(wait * 1000 + 50);
  const again = await send();
  expect(again.status).not.toBe(429);
  await again.body?.cancel().catch(() => {});
}

describe('rate limits', () => {
  test('chat', async () => {
    const { cookie } = h.signIn('chatty@example.ac.th');
    await exhaust(() => h.request('/api/chat', { cookie, json: { message: 'สวัสดี' } }), (s) => s === 200);
  });

  test('drafting', async () => {
    const { cookie } = h.signIn('drafty@example.ac.th');
    // Drafting shares the caller's budget with chat; spend it with cheap chats, then draft.
    const chat = () => h.request('/api/chat', { cookie, json: { message: 'สวัสดี' } });
    await exhaust(() => h.request('/api/draft', { cookie, json: { brief: 'ร่างบันทึก', document_type: 'internal_memo', with_sources: false } }), (s) => s === 200, chat);
  });

  test('sign-in start (/api/auth/login)', async () => {
    await exhaust(() => h.request('/api/auth/login', { redirect: 'manual' }), (s) => s === 302);
  });

  test('sign-in callback (/api/auth/callback): guessing codes is throttled', async () => {
    await exhaust(() => h.request('/api/auth/callback?code=guess&state=guess'), (s) => s === 400);
  });

  test('uploads and extractions: a refused upload stores nothing', async () => {
    const admin = h.signIn('uploader@example.ac.th', 'admin').cookie;
    const upload = () => {
      const { body, headers } = multipartBody('r.pdf', fixture('regulation.pdf'), { contents: 'ข้อ ๑ ทดสอบ', category: testCategory(h.ctx) });
      return h.request('/api/files/upload', { method: 'POST', cookie: admin, headers, body });
    };
    // Extractions share the admin's budget: spend most of it there (cheap: wrong type → 415).
    const extract = () => {
      const { body, headers } = multipartBody('x.txt', new TextEncoder().encode('x'), null);
      return h.request('/api/extract', { method: 'POST', cookie: admin, headers, body });
    };
    for (let i = 0; i < PER_MINUTE - 1; i++) expect((await extract()).status).toBe(415);
    expect((await upload()).status).toBe(200);
    await indexQueue(h.ctx).idle();
    const before = storedState(h.ctx);
    const refused = await upload();
    expect(refused.status).toBe(429);
    expect((await extract()).status).toBe(429);
    expect(storedState(h.ctx)).toEqual(before);
    expect(readdirSync(h.ctx.paths.tmpDir)).toEqual([]);
    // Another admin is not affected.
    const other = h.signIn('uploader2@example.ac.th', 'admin').cookie;
    const { body, headers } = multipartBody('x.txt', new TextEncoder().encode('x'), null);
    expect((await h.request('/api/extract', { method: 'POST', cookie: other, headers, body })).status).toBe(415);
    await Bun.sleep(Number(refused.headers.get('retry-after')) * 1000 + 50);
    expect((await upload()).status).toBe(200);
    await indexQueue(h.ctx).idle();
  });
});
