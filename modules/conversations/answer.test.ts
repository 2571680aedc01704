// Server-run answers on saved conversations: a listening server, the shared regulation in the index,
// and the fake Ollama server as the model (plus one app with no model at all).
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { createTestApp, startTestServer, type TestApp, type TestServer } from '../../tests/helpers/server';
import { startFakeOllama, type FakeOllama } from '../../tests/helpers/fake-ollama';
import { readSse, type SseEvent } from '../../web/lib/sse';
import { addRegulation } from '../assistant/test-corpus';
import { settleBackground } from './background';
import { isAnswering } from './turn-run';

const QUESTION = 'ต้องเสนอโครงการต่อกองพัฒนานักศึกษาล่วงหน้ากี่วัน';
const REPLY = 'ตามข้อ ๕ องค์กรนักศึกษาที่ประสงค์จะจัดกิจกรรม ให้เสนอโครงการต่อกองพัฒนานักศึกษาล่วงหน้าไม่น้อยกว่า ๓๐ วันก่อนวันเริ่มกิจกรรม';
const TITLE = 'การเสนอโครงการล่วงหน้า';

type Requester = Pick<TestServer, 'request'>;

async function json(r: Requester, path: string, init: RequestInit & { cookie?: string; json?: unknown } = {}) {
  const res = await r.request(path, init);
  const body = (await res.json()) as { status: string; data?: any; message?: string; code?: string };
  return { status: res.status, body, data: body.data };
}

async function conversation(r: Requester, cookie: string, query = QUESTION) {
  return (await json(r, '/api/conversations/create', { cookie, json: { query } })).data as { conversationId: string; conversationDetailId: string };
}

async function lastRecord(r: Requester, cookie: string, conversationId: string) {
  return (await json(r, `/api/conversations/${conversationId}/messages`, { cookie })).data.records.at(-1);
}

async function until<T>(what: string, fn: () => Promise<T | undefined>, timeoutMs = 5000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await Bun.sleep(20);
  }
}

describe('answers without a model server', () => {
  let app: TestApp;
  let cookie: string;
  beforeAll(async () => {
    app = await createTestApp({ CHAT_RATE_PER_MINUTE: '1000' });
    await addRegulation(app.ctx);
    cookie = (await app.signIn('nok@example.ac.th')).cookie;
  });
  afterAll(() => app.close());

  test('the answer is run, stored on the turn, and titles the conversation', async () => {
    const { conversationId, conversationDetailId } = await conversation(app, cookie);
    const r = await json(app, `/api/conversations/${conversationId}/details/${conversationDetailId}/answer`, { cookie, json: { show_regulation: true } });
    expect(r.status).toBe(200);
    expect(r.data.conversationDetailId).toBe(conversationDetailId);
    expect(r.data.text).toContain('ไม่น้อยกว่า ๓๐ วัน');
    expect(r.data.fallback).toBe(false);
    const record = await lastRecord(app, cookie, conversationId);
    expect(record).toMatchObject({ status: 'complete', response: r.data.text, confidence: r.data.accuracy });
    expect(record.references[0].headingPath.at(-1)).toBe('ข้อ ๕');
    expect(record.documents.length).toBeGreaterThan(0);

    await settleBackground(app.ctx);
    const topics = (await json(app, '/api/conversations/topics', { cookie })).data;
    const topic = topics.find((x: any) => x.id === conversationId).topic as string;
    expect(topic).not.toBe('บทสนทนาใหม่');
    expect(QUESTION).toStartWith(topic.replace(/…$/, ''));

    // Answered already: only an explicit regenerate runs it again.
    const again = await json(app, `/api/conversations/${conversationId}/details/${conversationDetailId}/answer`, { cookie, json: {} });
    expect(again.status).toBe(409);
  });
});

describe('answers from a model server', () => {
  let server: TestServer;
  let fake: FakeOllama;
  let alice: string;
  let bob: string;
  let titles = 0;
  const reply = (body: Record<string, unknown>) => {
    const system = String((body.messages as Array<{ content: string }> | undefined)?.[0]?.content ?? '');
    if (system.includes('ตั้งชื่อบทสนทนา')) return `${TITLE} ${++titles}`;
    return REPLY;
  };
  beforeAll(async () => {
    fake = startFakeOllama({ reply });
    server = await startTestServer({ OLLAMA_HOST: fake.url, CHAT_RATE_PER_MINUTE: '1000' });
    await addRegulation(server.ctx);
    alice = (await server.signIn('alice@example.ac.th')).cookie;
    bob = (await server.signIn('bob@example.ac.th')).cookie;
  });
  afterAll(async () => {
    await server.close();
    await fake.close();
  });
  const answerPath = (c: { conversationId: string; conversationDetailId: string }) =>
    `/api/conversations/${c.conversationId}/details/${c.conversationDetailId}/answer`;
  const stream = (path: string, cookie: string, body: unknown, signal?: AbortSignal) =>
    server.request(path, { cookie, json: body, headers: { accept: 'text/event-stream' }, signal });

  test('streams meta, tokens and done over SSE and stores what it streamed', async () => {
    fake.reset();
    const c = await conversation(server, alice);
    const res = await stream(answerPath(c), alice, { show_regulation: false, connection_id: 'sse-1' });
    expect(res.headers.get('content-type')).toStartWith('text/event-stream');
    const events: SseEvent[] = [];
    for await (const e of readSse(res)) events.push(e);
    expect(events[0]).toEqual({ event: 'meta', data: { connection_id: 'sse-1', conversationDetailId: c.conversationDetailId } });
    const tokens = events.filter((e) => e.event === 'token').map((e) => (e.data as { text: string }).text);
    // streamed a little behind the model (containment.ts holds back ~80 characters until they are checked)
    expect(tokens.length).toBeGreaterThanOrEqual(1);
    const done = events.at(-1)!;
    expect(done.event).toBe('done');
    const data = done.data as { text: string; conversationDetailId: string; accuracy: number };
    expect(data.conversationDetailId).toBe(c.conversationDetailId);
    expect(data.text).toStartWith(tokens.join(''));
    expect(tokens.join('')).toBe(REPLY);
    expect(await lastRecord(server, alice, c.conversationId)).toMatchObject({ status: 'complete', response: data.text, confidence: data.accuracy });
  });

  test('a browser that goes away mid-stream still gets its answer saved', async () => {
    fake.reset();
    fake.behave({ tokenDelayMs: 40 });
    const c = await conversation(server, alice);
    const ctrl = new AbortController();
    const res = await stream(answerPath(c), alice, { show_regulation: false }, ctrl.signal);
    for await (const e of readSse(res)) {
      if (e.event === 'token') break;
    }
    ctrl.abort();
    expect((await lastRecord(server, alice, c.conversationId)).status).toBe('pending');
    const record = await until('the saved answer', async () => {
      const r = await lastRecord(server, alice, c.conversationId);
      return r.status === 'pending' ? undefined : r;
    });
    expect(record.status).toBe('complete');
    expect(record.response).toStartWith(REPLY);
    // The model was read to the end, never cut off because the browser left.
    expect(fake.disconnects).toEqual([]);
  });

  test('cancel from the same session stops it and marks the turn cancelled; others cannot', async () => {
    fake.reset();
    fake.behave({ tokenDelayMs: 150 });
    const c = await conversation(server, alice);
    const res = await stream(answerPath(c), alice, { show_regulation: false, connection_id: 'stop-me' });
    const events: SseEvent[] = [];
    for await (const e of readSse(res)) {
      events.push(e);
      if (e.event !== 'token') continue;
      if (events.filter((x) => x.event === 'token').length > 1) continue;
      const foreign = await json(server, '/api/cancel', { cookie: bob, json: { connection_id: 'stop-me' } });
      expect(foreign.data).toEqual({ cancelled: false });
      const own = await json(server, '/api/cancel', { cookie: alice, json: { connection_id: 'stop-me' } });
      expect(own.data).toEqual({ cancelled: true });
    }
    expect(events.at(-1)).toEqual({ event: 'error', data: { code: 'cancelled', message: expect.any(String) } });
    const record = await lastRecord(server, alice, c.conversationId);
    expect(record).toMatchObject({ status: 'cancelled', response: '', confidence: 0 });
    // The turn can be answered again afterwards.
    fake.behave({ tokenDelayMs: 0 });
    const retry = await json(server, answerPath(c), { cookie: alice, json: {} });
    expect(retry.status).toBe(200);
    expect((await lastRecord(server, alice, c.conversationId)).status).toBe('complete');
  });

  test('one running answer per turn: a second request gets 409', async () => {
    // the last test's answer titles its conversation in the background, a model request of its own: left running,
    // it could be the request waited for below, and the second request then ran before the first (504, not 409)
    await settleBackground(server.ctx);
    fake.reset();
    // the first answer is held open until both checks are made: timed streams (30 ms, then 100 ms a token) had ended,
    // on a loaded CI machine, before the second request was checked (200, not 409)
    let release!: () => void;
    fake.behave({ hold: new Promise<void>((resolve) => (release = resolve)) });
    const c = await conversation(server, alice);
    const first = json(server, answerPath(c), { cookie: alice, json: {} });
    await fake.waitForRequest('/api/chat');
    await until('the first answer to run', async () => isAnswering(server.ctx, c.conversationDetailId) || undefined);
    const second = await json(server, answerPath(c), { cookie: alice, json: {} });
    expect(second.status).toBe(409);
    const saving = await json(server, `/api/conversations/${c.conversationId}/details/${c.conversationDetailId}`, {
      method: 'PATCH',
      cookie: alice,
      json: { response: 'แทรก', confidence: 1 },
    });
    expect(saving.status).toBe(409);
    release();
    expect((await first).status).toBe(200);
    expect((await lastRecord(server, alice, c.conversationId)).response).toStartWith(REPLY);
  }, 15_000);

  test('a model failure stores the turn as failed, never as a half answer', async () => {
    fake.reset();
    fake.behave({ errorAfterTokens: 3 });
    const c = await conversation(server, alice);
    const r = await json(server, answerPath(c), { cookie: alice, json: {} });
    expect(r.status).toBe(502);
    expect(r.body.message).toBe("Sorry, I'm having trouble connecting to the AI server. Please try again later.");
    expect(await lastRecord(server, alice, c.conversationId)).toMatchObject({ status: 'failed', response: '', references: [], documents: [] });
  });

  test('regenerate replaces the last answer only', async () => {
    fake.reset();
    const c = await conversation(server, alice);
    expect((await json(server, answerPath(c), { cookie: alice, json: {} })).status).toBe(200);
    const newer = `${REPLY} โดยต้องระบุงบประมาณด้วย`;
    fake.behave({ reply: (b) => (String((b.messages as any[])?.[0]?.content).includes('ตั้งชื่อบทสนทนา') ? TITLE : newer) });
    const again = await json(server, answerPath(c), { cookie: alice, json: { regenerate: true } });
    expect(again.status).toBe(200);
    const records = (await json(server, `/api/conversations/${c.conversationId}/messages`, { cookie: alice })).data.records;
    expect(records).toHaveLength(1);
    expect(records[0].response).toStartWith(newer);

    const next = await json(server, `/api/conversations/${c.conversationId}/query`, { cookie: alice, json: { query: 'แล้วต้องแนบอะไรบ้าง' } });
    const old = await json(server, answerPath(c), { cookie: alice, json: { regenerate: true } });
    expect(old.status).toBe(409);
    expect((await json(server, answerPath({ ...c, conversationDetailId: next.data.conversationDetailId }), { cookie: alice, json: {} })).status).toBe(200);
  });

  test('titles follow the first three turns, never a rename', async () => {
    fake.reset();
    await settleBackground(server.ctx);
    const topicOf = async (id: string) => {
      await settleBackground(server.ctx);
      return (await json(server, '/api/conversations/topics', { cookie: alice })).data.find((x: any) => x.id === id).topic as string;
    };
    const c = await conversation(server, alice);
    await json(server, answerPath(c), { cookie: alice, json: {} });
    const first = await topicOf(c.conversationId);
    expect(first).toStartWith(TITLE);
    const titled: string[] = [first];
    for (let turn = 2; turn <= 4; turn++) {
      const q = await json(server, `/api/conversations/${c.conversationId}/query`, { cookie: alice, json: { query: `คำถามข้อ ${turn}` } });
      await json(server, `/api/conversations/${c.conversationId}/details/${q.data.conversationDetailId}`, {
        method: 'PATCH',
        cookie: alice,
        json: { response: 'คำตอบ', accuracy: 90 },
      });
      titled.push(await topicOf(c.conversationId));
    }
    // Turns 2 and 3 (4 and 6 messages) retitle; turn 4 (8 messages) keeps the title.
    expect(new Set(titled.slice(0, 3)).size).toBe(3);
    expect(titled[3]).toBe(titled[2]);

    const renamed = await conversation(server, alice);
    await json(server, `/api/conversations/${renamed.conversationId}/topic/rename`, { method: 'PATCH', cookie: alice, json: { topic: 'ชื่อที่ฉันตั้ง' } });
    await json(server, answerPath(renamed), { cookie: alice, json: {} });
    expect(await topicOf(renamed.conversationId)).toBe('ชื่อที่ฉันตั้ง');
  });
});
