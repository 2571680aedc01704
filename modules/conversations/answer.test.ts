// Server-run answers on saved conversations: a listening server, the shared regulation in the index,
// and the fake Ollama server as the model (plus one app with no model at all).
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { createTestApp, startTestServer, type TestApp, type TestServer } from '../../tests/helpers/server';
import { startFakeOllama, type FakeOllama } from '../../tests/helpers/fake-ollama';
import { readSse, type SseEvent } from '../../web/lib/sse';
import { addRegulation } from '../assistant/test-corpus';
import { settleBackground } from './background';

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
    cookie = app.signIn('nok@example.ac.th').cookie;
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
    alice = server.signIn('alice@example.ac.th').cookie;
    bob = server.signIn('bob@example.ac.th').cookie;
  });
  afterAll(async () => {
    await server.close();
    await fake.close();
  });
  const answerPath = (c: { conversationId: string; conversationDetailId: string }) => `/api/conversations/${c.conversationId}/details/${c.conversationDetailId}/answer`;
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
    expect(tokens.length).toBeGreaterThan(3);
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
});
