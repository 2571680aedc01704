// Rate limits on chat, drafting (also on saved conversation turns), sign-in and uploads: 429 with the
// Thai text and Retry-After, nothing stored for a refused upload, and service again once the bucket
// refills (60/min = one per second).
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { readdirSync } from 'node:fs';
import { createTestApp, type TestApp } from '../helpers/server';
import { MESSAGES } from '../../src/http/errors';
import { categoryFor, fixture, multipartBody, storedState } from '../../modules/documents/testing/helpers';
import { indexingIdle } from '../../modules/documents/indexer';
import { rateLimitClock } from '../../src/http/rate-limit';

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

/** Checks a refusal: 429, the Thai message and a Retry-After (returned, in seconds). */
async function expectRefused(res: Response): Promise<number> {
  expect(res.status).toBe(429);
  const body = await res.json();
  expect(body).toMatchObject({ status: 'error', code: 'rate_limited', message: MESSAGES.rateLimited });
  expect(body.message).toMatch(/[\u0E00-\u0E7F]/); // Thai
  const wait = Number(res.headers.get('retry-after'));
  expect(wait).toBeGreaterThanOrEqual(1);
  return wait;
}

// The limits' clock moves only when a test says so: on Postgres under load a bucket's 60 requests take seconds, each
// a token back, and the refusal never came.
let clockNow = Date.now();

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
  const wait = await expectRefused(await send());
  expect(wait).toBeLessThanOrEqual(2);
  clockNow += wait * 1000 + 50;
  const again = await send();
  expect(again.status).not.toBe(429);
  await again.body?.cancel().catch(() => {});
}

describe('rate limits', () => {
  beforeAll(() => rateLimitClock.set(h.ctx, () => clockNow));
  test('chat', async () => {
    const { cookie } = await h.signIn('chatty@example.ac.th');
    await exhaust(
      () => h.request('/api/chat', { cookie, json: { message: 'สวัสดี' } }),
      (s) => s === 200,
    );
  });

  test('drafting', async () => {
    const { cookie } = await h.signIn('drafty@example.ac.th');
    // Drafting shares the caller's budget with chat; spend it with cheap chats, then draft.
    const chat = () => h.request('/api/chat', { cookie, json: { message: 'สวัสดี' } });
    await exhaust(
      () => h.request('/api/draft', { cookie, json: { brief: 'ร่างบันทึก', document_type: 'internal_memo', with_sources: false } }),
      (s) => s === 200,
      chat,
    );
  });

  test('sign-in start (/api/auth/login)', async () => {
    await exhaust(
      () => h.request('/api/auth/login', { redirect: 'manual' }),
      (s) => s === 302,
    );
  });

  test('sign-in callback (/api/auth/callback): guessing codes is throttled', async () => {
    await exhaust(
      () => h.request('/api/auth/callback?code=guess&state=guess'),
      (s) => s === 400,
    );
  });

  test('uploads and extractions: a refused upload stores nothing', async () => {
    const admin = (await h.signIn('uploader@example.ac.th', 'admin')).cookie;
    const category = await categoryFor(h.ctx);

    const upload = () => {
      const { body, headers } = multipartBody('r.pdf', fixture('regulation.pdf'), { contents: 'ข้อ ๑ ทดสอบ', category });
      return h.request('/api/files/upload', { method: 'POST', cookie: admin, headers, body });
    };
    // Extractions share the admin's budget: spend most of it there (cheap: wrong type → 415).
    const extract = () => {
      const { body, headers } = multipartBody('x.txt', new TextEncoder().encode('x'), null);
      return h.request('/api/extract', { method: 'POST', cookie: admin, headers, body });
    };
    for (let i = 0; i < PER_MINUTE - 1; i++) expect((await extract()).status).toBe(415);
    expect((await upload()).status).toBe(200);
    await indexingIdle(h.ctx);
    const before = await storedState(h.ctx);
    const wait = await expectRefused(await upload());
    expect(wait).toBeLessThanOrEqual(2);
    await expectRefused(await extract());
    expect(await storedState(h.ctx)).toEqual(before);
    expect(readdirSync(h.ctx.paths.tmpDir)).toEqual([]);
    // Another admin is not affected.
    const other = (await h.signIn('uploader2@example.ac.th', 'admin')).cookie;
    const { body, headers } = multipartBody('x.txt', new TextEncoder().encode('x'), null);
    expect((await h.request('/api/extract', { method: 'POST', cookie: other, headers, body })).status).toBe(415);
    clockNow += wait * 1000 + 50;
    expect((await upload()).status).toBe(200);
    await indexingIdle(h.ctx);
  });
});

type Turn = { conversationId: string; conversationDetailId: string };

describe('rate limits on saved conversation turns', () => {
  let app: TestApp;
  let now = Date.now();
  beforeAll(async () => {
    app = await createTestApp({ CHAT_RATE_PER_MINUTE: '2', CHAT_RATE_PER_MINUTE_IP: '100000' });
    rateLimitClock.set(app.ctx, () => now); // time moves only when the test says so
  });
  afterAll(() => app.close());

  test('answer and draft (/api/conversations/:id/details/:detailId/…) spend the chat budget', async () => {
    const { cookie } = await app.signIn('turns@example.ac.th');
    const create = async (query: string, as = cookie): Promise<Turn> => {
      const res = await app.request('/api/conversations/create', { cookie: as, json: { query } });
      expect(res.status).toBe(200); // saving a turn is not model work: its own quota, not the chat budget
      return (await res.json()).data;
    };
    const turnPath = (t: Turn, what: 'answer' | 'draft') => `/api/conversations/${t.conversationId}/details/${t.conversationDetailId}/${what}`;
    const answer = (t: Turn, as = cookie) => app.request(turnPath(t, 'answer'), { cookie: as, json: {} });
    const draft = (t: Turn) => app.request(turnPath(t, 'draft'), { cookie, json: { document_type: 'internal_memo', with_sources: false } });
    const ok = async (res: Response) => {
      expect(res.status).toBe(200);
      expect((await res.json()).status).toBe('success');
    };
    const question = await create('ต้องเสนอโครงการล่วงหน้ากี่วัน');
    const memo = await create('ช่วยร่างบันทึกข้อความขออนุมัติจัดกิจกรรม');
    const question2 = await create('ขอเบิกค่าใช้จ่ายได้เมื่อไร');
    const memo2 = await create('ช่วยร่างบันทึกข้อความขอใช้ห้องประชุม');

    // The budget (2/min) is shared by both routes: one answer and one draft spend it.
    await ok(await answer(question));
    await ok(await draft(memo));
    const wait = await expectRefused(await answer(question2));
    expect(wait).toBe(30); // one token per 60/2 s
    expect(await expectRefused(await draft(memo2))).toBe(30);

    // Another user is not affected.
    const other = (await app.signIn('turns-other@example.ac.th')).cookie;
    await ok(await answer(await create('สวัสดี', other), other));

    // Not quite refilled, then one token back: the refused turns were left untouched and can now run.
    now += wait * 1000 - 10;
    await expectRefused(await answer(question2));
    now += 10;
    await ok(await answer(question2));
    await expectRefused(await draft(memo2)); // that token is spent again
    now += 30_000;
    await ok(await draft(memo2));
  });
});
