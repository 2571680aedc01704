// The anonymous question log and votes on answers (issue 17 items 1, 2): the real database (SQLite, or Postgres
// under TEST_DATABASE=postgres), the shared regulation in the index, answers without a model server.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { createTestApp, tempDataDir, testConfig, type TestApp } from '../../tests/helpers/server';
import { openContext } from '../../src/context';
import { freshPostgresDatabase, onPostgres } from '../../tests/helpers/test-database';
import { chatText } from '../../web/strings/chat';
import { readSse } from '../../web/lib/sse';
import { addRegulation } from '../assistant/test-corpus';
import { conversations, conversationDetails } from '../../tests/helpers/tables';
import { purgeQuestionLog, recordQuestion } from './service';
import { questionFeedback, questionLog } from '../../tests/helpers/tables';
import { MASKS } from './mask';
import { USER_TEXT_INVALID } from '../../contracts/user-text';
import { rateLimitClock } from '../../src/http/rate-limit';
import { VOTE_DAY_QUOTA_TEXT, VOTES_PER_QUESTION_PER_DAY_PER_ADDRESS } from './index';

const QUESTION = 'ต้องเสนอโครงการต่อกองพัฒนานักศึกษาล่วงหน้ากี่วัน';

const rows = async (app: TestApp) => await app.ctx.db.select().from(questionLog);
const votes = async (app: TestApp) => await app.ctx.db.select().from(questionFeedback);

async function chat(app: TestApp, message: string, cookie?: string) {
  const res = await app.request('/api/chat', { cookie, json: { message, show_regulation: false } });
  const guest = res.headers.get('set-cookie')?.split(';')[0];
  return { status: res.status, body: (await res.json()) as any, cookie: cookie ?? guest };
}

const vote = (app: TestApp, id: string, body: unknown, cookie?: string) => app.request(`/api/questions/${id}/feedback`, { cookie, json: body });

describe('with the log on (default 90 days)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({ CHAT_RATE_PER_MINUTE: '1000' });
    await addRegulation(app.ctx);
  });
  afterAll(() => app.close());

  test('a guest answer is logged with its figures, masked, and the body carries its question_id', async () => {
    const { status, body } = await chat(app, `${QUESTION} ติดต่อหนูที่ 081-234-5678 หรือ nok@student.ac.th`);
    expect(status).toBe(200);
    expect(body.question_id).toBeString();
    const row = (await rows(app)).find((r) => r.id === body.question_id)!;
    expect(row.question).toBe(`${QUESTION} ติดต่อหนูที่ ${MASKS.phone} หรือ ${MASKS.email}`);
    // the figures are the answer's, whatever the noise in the question did to it
    expect(row).toMatchObject({
      confidence: body.accuracy,
      band: body.confidence_band,
      fallback: body.fallback,
      answerLength: body.text.length,
      provider: 'extractive',
      channel: 'chat',
    });
    const plain = (await chat(app, QUESTION)).body;
    const answered = (await rows(app)).find((r) => r.id === plain.question_id)!;
    expect(answered).toMatchObject({ question: QUESTION, fallback: false, confidence: plain.accuracy, answerLength: plain.text.length });
    const sources = JSON.parse(answered.sources);
    expect(sources[0]).toMatchObject({ documentId: plain.references[0].documentId, clause: 'ข้อ ๕', page: 1 });
    // nothing about the asker: the row's columns are exactly these
    expect(Object.keys(row).sort()).toEqual(['answerLength', 'askedAt', 'band', 'channel', 'confidence', 'fallback', 'id', 'provider', 'question', 'sources']);
    // the guest's conversation never reaches the conversation store (chat.md §2)
    expect(await app.ctx.db.select().from(conversations)).toHaveLength(0);
    expect(await app.ctx.db.select().from(conversationDetails)).toHaveLength(0);
  });

  test('a fallback is logged as one, and the streamed done event carries the question_id', async () => {
    const res = await app.request('/api/chat', {
      json: { message: 'ผลฟุตบอลพรีเมียร์ลีกเมื่อคืนนี้', show_regulation: false },
      headers: { accept: 'text/event-stream' },
    });
    const events: any[] = [];
    for await (const e of readSse(res)) events.push(e);
    const done = events.find((e) => e.event === 'done')!.data;
    expect(done.fallback).toBe(true);
    expect(done.question_id).toBeString();
    const row = (await rows(app)).find((r) => r.id === done.question_id)!;
    expect(row).toMatchObject({ fallback: true, band: 'low', sources: '[]' });
  });

  test('control and bidi characters and lone surrogates never reach the log (issue 34 finding 10)', async () => {
    // JSON can carry a lone surrogate as an escape; the body is sent as typed
    const body = `{"message":"${QUESTION}\\u0000\\u202e\\ud800\\u2066ค่ะ\\u0007","show_regulation":false}`;
    const res = await app.request('/api/chat', { method: 'POST', body, headers: { 'content-type': 'application/json' } });
    expect(res.status).toBe(200);
    const id = ((await res.json()) as any).question_id;
    const row = (await rows(app)).find((r) => r.id === id)!;
    expect(row.question).toBe(`${QUESTION}ค่ะ`);
  });

  test("a signed-in user's saved turn is logged (channel conversation) and its done carries the question_id", async () => {
    const { cookie, userId } = await app.signIn('nok@example.ac.th');
    const created = (await (await app.request('/api/conversations/create', { cookie, json: { query: QUESTION } })).json()) as any;
    const { conversationId, conversationDetailId } = created.data;
    const res = await app.request(`/api/conversations/${conversationId}/details/${conversationDetailId}/answer`, {
      cookie,
      json: { show_regulation: true },
      headers: { accept: 'text/event-stream' },
    });
    const events: any[] = [];
    for await (const e of readSse(res)) events.push(e);
    const done = events.find((e) => e.event === 'done')!.data;
    expect(done.conversationDetailId).toBe(conversationDetailId);
    const row = (await rows(app)).find((r) => r.id === done.question_id)!;
    expect(row).toMatchObject({ question: QUESTION, channel: 'conversation', fallback: false });
    expect(JSON.stringify(row)).not.toContain(userId);
    expect(JSON.stringify(row)).not.toContain('nok@example.ac.th');
  });

  test("the quick buttons' own answers are logged too: templates and proposal check", async () => {
    const templates = (await (await app.request('/api/chat', { json: { message: 'ดาวน์โหลดแบบฟอร์ม', intent: 'templates' } })).json()) as any;
    expect((await rows(app)).find((r) => r.id === templates.question_id)).toMatchObject({
      question: 'ดาวน์โหลดแบบฟอร์ม',
      provider: 'templates',
      fallback: false,
    });
    const check = (await (
      await app.request('/api/chat', { json: { message: 'ชื่อโครงการ: ค่ายอาสา ผู้รับผิดชอบ โทร 0899999999', intent: 'proposal_check' } })
    ).json()) as any;
    expect((await rows(app)).find((r) => r.id === check.question_id)).toMatchObject({
      question: `ชื่อโครงการ: ค่ายอาสา ผู้รับผิดชอบ โทร ${MASKS.phone}`,
      provider: 'proposal-check',
    });
  });

  test('one vote per question per browser: a second vote replaces the first', async () => {
    const { body, cookie } = await chat(app, QUESTION);
    const id = body.question_id as string;
    const first = await vote(app, id, { rating: 'up' }, cookie);
    expect(first.status).toBe(200);
    expect(((await first.json()) as any).data).toEqual({ question_id: id, rating: 'up', comment: null });
    const second = await vote(app, id, { rating: 'down', comment: 'ไม่ตรงคำถาม โทร 0812345678' }, cookie);
    expect(((await second.json()) as any).data).toEqual({ question_id: id, rating: 'down', comment: `ไม่ตรงคำถาม โทร ${MASKS.phone}` });
    let mine = (await votes(app)).filter((v) => v.questionId === id);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ rating: 'down' });
    // the raw guest id is nowhere in the row
    const guestId = decodeURIComponent(cookie!.split('=')[1]).split('.')[0];
    expect(JSON.stringify(mine[0])).not.toContain(guestId);

    // another browser has its own vote; a signed-in account too
    const other = await chat(app, 'สวัสดี');
    expect((await vote(app, id, { rating: 'up' }, other.cookie)).status).toBe(200);
    const user = (await app.signIn('kaew@example.ac.th')).cookie;
    expect((await vote(app, id, { rating: 'up', comment: 'ดีมาก' }, user)).status).toBe(200);
    mine = (await votes(app)).filter((v) => v.questionId === id);
    expect(mine).toHaveLength(3);
    // an invisible-only comment is no comment
    const blank = await vote(app, id, { rating: 'down', comment: '\u200B\u2800 ' }, user);
    expect(((await blank.json()) as any).data.comment).toBeNull();
    await vote(app, id, { rating: 'up', comment: 'ดีมาก' }, user);
    mine = (await votes(app)).filter((v) => v.questionId === id);
    // a comment only goes with a down vote
    expect(mine.filter((v) => v.rating === 'up').map((v) => v.comment)).toEqual([null, null]);
  });

  test('refusals: unknown question, bad rating, long comment, another site', async () => {
    const { body, cookie } = await chat(app, QUESTION);
    const unknown = await vote(app, crypto.randomUUID(), { rating: 'up' }, cookie);
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as any).message).toContain('ไม่พบคำถาม');
    expect((await vote(app, body.question_id, { rating: 'meh' }, cookie)).status).toBeGreaterThanOrEqual(400);
    expect((await vote(app, body.question_id, { rating: 'down', comment: 'ก'.repeat(501) }, cookie)).status).toBeGreaterThanOrEqual(400);
    const bidi = await vote(app, body.question_id, { rating: 'down', comment: 'ผิด\u202Eexe.gpj' }, cookie);
    expect(bidi.status).toBe(400);
    expect(((await bidi.json()) as any).message).toBe(USER_TEXT_INVALID);
    const forged = await app.request(`/api/questions/${body.question_id}/feedback`, {
      cookie,
      json: { rating: 'up' },
      headers: { origin: 'https://evil.example' },
    });
    expect(forged.status).toBe(403);
    expect((await votes(app)).filter((v) => v.questionId === body.question_id)).toHaveLength(0);
  });

  test('the chat pages say questions are kept anonymously (PDPA notice)', async () => {
    const html = await (await app.request('/guest/chat')).text();
    expect(html).toContain(chatText.privacyNote);
  });

  test('purge by age removes old questions and their votes, keeps recent ones', async () => {
    const day = 24 * 3600 * 1000;
    const now = Date.now();
    const q = { accuracy: 50, band: 'medium' as const, fallback: false, references: [], answerText: 'x', provider: 'extractive', channel: 'chat' as const };
    const old = (await recordQuestion(app.ctx, { ...q, question: 'เก่ามาก' }, new Date(now - 91 * day)))!;
    const recent = (await recordQuestion(app.ctx, { ...q, question: 'เมื่อวาน' }, new Date(now - 89 * day)))!;
    await app.ctx.db
      .insert(questionFeedback)
      .values({ id: crypto.randomUUID(), questionId: old, voter: 'v', rating: 'down', createdAt: new Date(), updatedAt: new Date() });
    expect(await purgeQuestionLog(app.ctx, now)).toBe(1);
    const ids = (await rows(app)).map((r) => r.id);
    expect(ids).not.toContain(old);
    expect(ids).toContain(recent);
    expect((await votes(app)).filter((v) => v.questionId === old)).toHaveLength(0);
  });

  test('a long question is cut before it is masked: the log keeps the masked form of its first 2,000 typed characters, a number at the cut masked whole', async () => {
    const q = { accuracy: 50, band: 'medium' as const, fallback: false, references: [], answerText: 'x', provider: 'extractive', channel: 'chat' as const };
    // masks shorten what they replace: masking all 100,000 characters first pulled text from past the cut into the log
    const emails = 'somchai.jaidee.student@student.university.ac.th '.repeat(20);
    const typed = `${emails}${'ก'.repeat(2000 - emails.length - 6)}โทร 081-234-5678 ${'ข'.repeat(100_000)}`;
    const id = (await recordQuestion(app.ctx, { ...q, question: typed }))!;
    const kept = (await rows(app)).find((r) => r.id === id)!.question;
    expect(kept).toBe(`${`${MASKS.email} `.repeat(20)}${'ก'.repeat(2000 - emails.length - 6)}โทร ${MASKS.phone}`.slice(0, 2000));
    expect(kept).not.toMatch(/[0-9]/);
    expect(kept).not.toContain('ข');
  });
});

describe('QUESTION_LOG_DAYS=0', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({ CHAT_RATE_PER_MINUTE: '1000', QUESTION_LOG_DAYS: '0' });
    await addRegulation(app.ctx);
  });
  afterAll(() => app.close());

  test('nothing is logged, answers carry no question_id, and the purge removes what an earlier setting kept', async () => {
    const { status, body } = await chat(app, QUESTION);
    expect(status).toBe(200);
    expect(body.text).toContain('๓๐ วัน');
    expect(body.question_id).toBeUndefined();
    expect(await rows(app)).toHaveLength(0);
    await app.ctx.db
      .insert(questionLog)
      .values({ id: 'kept-before', askedAt: new Date(), question: 'q', confidence: 1, band: 'low', fallback: true, answerLength: 1, provider: 'x' });
    expect(await purgeQuestionLog(app.ctx)).toBe(1);
  });

  test('the chat pages show no notice', async () => {
    const html = await (await app.request('/guest/chat')).text();
    expect(html).toContain('chat-main');
    expect(html).not.toContain(chatText.privacyNote);
  });
});

describe('the daily purge', () => {
  test('runs at start: a question older than QUESTION_LOG_DAYS is gone once the app starts', async () => {
    const dir = tempDataDir();
    // the app of a previous run left the rows: SQLite in its DATA_DIR, or the same Postgres database
    const database = onPostgres ? await freshPostgresDatabase() : null;
    const env: Record<string, string> = { DATA_DIR: dir, ...(database ? { DATABASE_URL: database.url } : {}) };
    const before = await openContext(testConfig(env));
    const day = 24 * 3600 * 1000;
    const q = { accuracy: 50, band: 'medium' as const, fallback: false, references: [], answerText: 'x', provider: 'extractive', channel: 'chat' as const };
    await recordQuestion(before, { ...q, question: 'สามสิบเอ็ดวันก่อน' }, new Date(Date.now() - 31 * day));
    await recordQuestion(before, { ...q, question: 'เมื่อวาน' }, new Date(Date.now() - day));
    await before.close();
    const app = await createTestApp({ ...env, QUESTION_LOG_DAYS: '30' });
    try {
      // the purge starts with the app and runs without holding it up (an async query since issue 36)
      for (let i = 0; i < 100 && (await rows(app)).length > 1; i++) await Bun.sleep(10);
      expect((await rows(app)).map((r) => r.question)).toEqual(['เมื่อวาน']);
    } finally {
      await app.close();
      await database?.drop();
    }
  });
});

describe('vote stuffing (issue 34 finding 9)', () => {
  test('a vote with no guest cookie is refused; one address gets a few votes on one question, however many cookies it collects', async () => {
    const app = await createTestApp({ CHAT_RATE_PER_MINUTE: '1000', CHAT_RATE_PER_MINUTE_IP: '100000' });
    try {
      await addRegulation(app.ctx);
      const { body } = await chat(app, QUESTION);
      const id = body.question_id as string;
      const cookieless = await vote(app, id, { rating: 'down', comment: 'ก'.repeat(500) });
      expect(cookieless.status).toBe(403);
      expect(((await cookieless.json()) as any).message).toContain('เบราว์เซอร์นี้');
      const statuses: number[] = [];
      for (let i = 0; i < 30; i++) {
        const fresh = (await chat(app, 'สวัสดี')).cookie; // a new guest cookie each time
        statuses.push((await vote(app, id, { rating: 'down', comment: 'ก'.repeat(500) }, fresh)).status);
      }
      // 10 a minute on one question from one address, the refused cookie-less attempt included
      expect(statuses.filter((s) => s === 200).length).toBe(9);
      expect(statuses.slice(9).every((s) => s === 429)).toBe(true);
      expect((await votes(app)).filter((v) => v.questionId === id)).toHaveLength(9);
    } finally {
      await app.close();
    }
  });
});

describe('vote stuffing over a day (issue 34 finding 9)', () => {
  test('one address gets at most VOTES_PER_QUESTION_PER_DAY_PER_ADDRESS votes on one question a day, however slowly it casts them', async () => {
    const app = await createTestApp({ CHAT_RATE_PER_MINUTE: '1000', CHAT_RATE_PER_MINUTE_IP: '100000' });
    try {
      let now = Date.now();
      rateLimitClock.set(app.ctx, () => now);
      await addRegulation(app.ctx);
      const { body } = await chat(app, QUESTION);
      const id = body.question_id as string;
      const statuses: number[] = [];
      let refused: Response | undefined;
      for (let i = 0; i < VOTES_PER_QUESTION_PER_DAY_PER_ADDRESS + 5; i++) {
        now += 61_000; // past the per-minute limits each time
        const res = await vote(app, id, { rating: 'down', comment: 'ก'.repeat(500) }, (await chat(app, 'สวัสดี')).cookie);
        statuses.push(res.status);
        if (res.status === 429) refused ??= res;
      }
      expect(statuses.filter((s) => s === 200)).toHaveLength(VOTES_PER_QUESTION_PER_DAY_PER_ADDRESS);
      expect(statuses.slice(VOTES_PER_QUESTION_PER_DAY_PER_ADDRESS).every((s) => s === 429)).toBe(true);
      expect(((await refused!.json()) as any).message).toBe(VOTE_DAY_QUOTA_TEXT);
      expect(Number(refused!.headers.get('retry-after'))).toBeGreaterThan(3600);
      now += 24 * 3600_000;
      expect((await vote(app, id, { rating: 'up' }, (await chat(app, 'สวัสดี')).cookie)).status).toBe(200);
    } finally {
      await app.close();
    }
  });
});

describe('rate limit', () => {
  test('votes count against the browser’s chat rate (admit): past it, 429 with Retry-After', async () => {
    const app = await createTestApp({ CHAT_RATE_PER_MINUTE: '3' });
    try {
      await addRegulation(app.ctx);
      const { body, cookie } = await chat(app, QUESTION);
      expect((await vote(app, body.question_id, { rating: 'up' }, cookie)).status).toBe(200);
      expect((await vote(app, body.question_id, { rating: 'down' }, cookie)).status).toBe(200);
      const refused = await vote(app, body.question_id, { rating: 'up' }, cookie);
      expect(refused.status).toBe(429);
      expect(refused.headers.get('retry-after')).toBeTruthy();
      expect((await votes(app)).filter((v) => v.questionId === body.question_id)).toMatchObject([{ rating: 'down' }]);
    } finally {
      await app.close();
    }
  });
});
