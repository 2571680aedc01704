// The model server misbehaves: down (nothing listening), too slow (beyond AI_TIMEOUT_MS), garbage
// instead of NDJSON, an error mid-stream. Every case ends quickly with the spec's text, on /api/chat,
// on server-run conversation answers and on drafts, and a saved turn ends 'failed' with no partial answer.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { MESSAGES } from '../../src/http/errors';
import { settleBackground } from '../../modules/conversations/background';
import { addRegulation } from '../../modules/assistant/test-corpus';
import { readSse, type SseEvent } from '../../web/lib/sse';
import { startFakeOllama, type FakeOllama, type FakeOllamaBehaviour } from '../helpers/fake-ollama';
import { freePort, startTestServer, type TestServer } from '../helpers/server';
import { conversationDetails } from '../helpers/tables';

const QUESTION = 'ต้องเสนอโครงการต่อกองพัฒนานักศึกษาล่วงหน้ากี่วัน';
const REPLY = 'ตามข้อ ๕ องค์กรนักศึกษาที่ประสงค์จะจัดกิจกรรม ให้เสนอโครงการต่อกองพัฒนานักศึกษาล่วงหน้าไม่น้อยกว่า ๓๐ วันก่อนวันเริ่มกิจกรรม';
const TIMEOUT_MS = 700;
/** A failure must be reported well before a user would think the page hung. */
const NO_HANG_MS = TIMEOUT_MS + 1500;

let ollama: FakeOllama;
let server: TestServer;
let down: TestServer;
let cookie: string;

beforeAll(async () => {
  ollama = startFakeOllama({ reply: REPLY });
  const rates = { CHAT_RATE_PER_MINUTE: '10000', AI_TIMEOUT_MS: String(TIMEOUT_MS) };
  server = await startTestServer({ ...rates, OLLAMA_HOST: ollama.url });
  await addRegulation(server.ctx);
  cookie = (await server.signIn('nok@example.ac.th')).cookie;
  // Nothing listens on this port: connection refused.
  down = await startTestServer({ ...rates, OLLAMA_HOST: `http://127.0.0.1:${await freePort()}` });
  await addRegulation(down.ctx);
});
afterAll(async () => {
  await Promise.all([server.close(), down.close()]);
  await ollama.close();
});

async function chatSse(target: TestServer): Promise<{ events: SseEvent[]; ms: number }> {
  const t0 = Date.now();
  const res = await target.request('/api/chat', { json: { message: QUESTION }, headers: { accept: 'text/event-stream' }, signal: AbortSignal.timeout(10_000) });
  const events: SseEvent[] = [];
  for await (const e of readSse(res)) events.push(e);
  return { events, ms: Date.now() - t0 };
}

/** A saved turn answered by the server; returns the SSE events and the stored row. */
async function savedTurn(target: TestServer, who: string) {
  const created = await (await target.request('/api/conversations/create', { cookie: who, json: { query: QUESTION } })).json();
  const { conversationId, conversationDetailId } = (created as { data: { conversationId: string; conversationDetailId: string } }).data;
  const t0 = Date.now();
  const res = await target.request(`/api/conversations/${conversationId}/details/${conversationDetailId}/answer`, {
    cookie: who,
    json: { show_regulation: true },
    headers: { accept: 'text/event-stream' },
    signal: AbortSignal.timeout(10_000),
  });
  const events: SseEvent[] = [];
  for await (const e of readSse(res)) events.push(e);
  const ms = Date.now() - t0;
  await settleBackground(target.ctx);
  const row = (await target.ctx.db.select().from(conversationDetails).where(eq(conversationDetails.id, conversationDetailId)))[0]!;
  const listed = (await (await target.request(`/api/conversations/${conversationId}/messages`, { cookie: who })).json()) as {
    data: { records: Array<{ status: string; response: string }> };
  };
  return { events, ms, row, record: listed.data.records[0]! };
}

// a partial case streams past the ~80 characters containment holds back (modules/assistant/containment.ts)
const CASES: Array<{ name: string; behave: Partial<FakeOllamaBehaviour>; code: string; message: string; partial?: boolean }> = [
  { name: 'slow: no first token within AI_TIMEOUT_MS', behave: { firstTokenDelayMs: 5000 }, code: 'ai_timeout', message: MESSAGES.aiConnection },
  {
    name: 'slow: stalls mid-answer past AI_TIMEOUT_MS',
    behave: { reply: REPLY.repeat(3), stallAfterTokens: 40 },
    code: 'ai_timeout',
    message: MESSAGES.aiConnection,
    partial: true,
  },
  { name: 'garbage instead of NDJSON', behave: { garbage: true }, code: 'ai_unavailable', message: MESSAGES.aiConnection },
  { name: 'HTTP 500 from the model server', behave: { status: 500 }, code: 'ai_unavailable', message: MESSAGES.aiConnection },
  {
    name: 'error line mid-stream',
    behave: { reply: REPLY.repeat(3), errorAfterTokens: 40 },
    code: 'ai_unavailable',
    message: MESSAGES.aiConnection,
    partial: true,
  },
  { name: 'an empty reply', behave: { reply: '' }, code: 'ai_empty', message: MESSAGES.aiEmpty },
];

describe('model server faults', () => {
  for (const c of CASES) {
    test(`${c.name} → ${c.code}, no hang, nothing half-saved`, async () => {
      ollama.reset();
      ollama.behave(c.behave);
      const chat = await chatSse(server);
      expect(chat.events.at(-1)).toEqual({ event: 'error', data: { code: c.code, message: c.message } });
      expect(chat.events.some((e) => e.event === 'done')).toBe(false);
      expect(chat.ms).toBeLessThan(NO_HANG_MS);
      if (c.partial) expect(chat.events.some((e) => e.event === 'token')).toBe(true);

      const turn = await savedTurn(server, cookie);
      expect(turn.events.at(-1)).toEqual({ event: 'error', data: { code: c.code, message: c.message } });
      expect(turn.ms).toBeLessThan(NO_HANG_MS);
      // The tokens already streamed are not kept: the turn says it failed and holds no text.
      expect(turn.row).toMatchObject({ status: 'failed', response: null, confidence: null, references: null });
      expect(turn.record).toMatchObject({ status: 'failed', response: '' });
    });
  }

  test('model server down (connection refused) → connection text at once, turn failed', async () => {
    const chat = await chatSse(down);
    expect(chat.events.at(-1)).toEqual({ event: 'error', data: { code: 'ai_unavailable', message: MESSAGES.aiConnection } });
    expect(chat.ms).toBeLessThan(NO_HANG_MS);
    const json = await down.request('/api/chat', { json: { message: QUESTION } });
    expect(json.status).toBe(502);
    expect(await json.json()).toMatchObject({ status: 'error', message: MESSAGES.aiConnection });
    const turn = await savedTurn(down, (await down.signIn('pim@example.ac.th')).cookie);
    expect(turn.events.at(-1)?.data).toMatchObject({ message: MESSAGES.aiConnection });
    expect(turn.row).toMatchObject({ status: 'failed', response: null });
  });

  test('after the faults the same server answers normally (no stuck connections or slots)', async () => {
    ollama.reset();
    const chat = await chatSse(server);
    expect(chat.events.at(-1)?.event).toBe('done');
    const turn = await savedTurn(server, cookie);
    expect(turn.row.status).toBe('complete');
    expect(turn.record.response).toContain('๓๐ วัน');
  });
});

describe('model server faults while drafting', () => {
  const drafts = () => {
    const dir = join(server.ctx.paths.dataDir, 'drafts');
    return existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.docx')).length : 0;
  };
  for (const c of CASES.filter((x) => x.code === 'ai_unavailable')) {
    test(`${c.name}: the draft fails with the spec's text and no DOCX is kept`, async () => {
      ollama.reset();
      ollama.behave(c.behave);
      const before = drafts();
      const t0 = Date.now();
      const guest = await server.request('/api/draft', {
        json: { brief: 'ร่างบันทึกข้อความขออนุมัติจัดกิจกรรมชมรม', document_type: 'internal_memo', with_sources: false },
        signal: AbortSignal.timeout(10_000),
      });
      expect(guest.status).toBe(502);
      expect(await guest.json()).toMatchObject({ status: 'error', code: c.code, message: c.message });
      expect(Date.now() - t0).toBeLessThan(NO_HANG_MS);

      const created = (await (await server.request('/api/conversations/create', { cookie, json: { query: 'ร่างบันทึกข้อความขออนุมัติจัดกิจกรรมชมรม' } })).json()) as {
        data: { conversationId: string; conversationDetailId: string };
      };
      const { conversationId, conversationDetailId } = created.data;
      const res = await server.request(`/api/conversations/${conversationId}/details/${conversationDetailId}/draft`, {
        cookie,
        json: { document_type: 'internal_memo' },
        headers: { accept: 'text/event-stream' },
        signal: AbortSignal.timeout(10_000),
      });
      const events: SseEvent[] = [];
      for await (const e of readSse(res)) events.push(e);
      expect(events.at(-1)).toEqual({ event: 'error', data: { code: c.code, message: c.message } });
      await settleBackground(server.ctx);
      const row = (await server.ctx.db.select().from(conversationDetails).where(eq(conversationDetails.id, conversationDetailId)))[0]!;
      expect(row).toMatchObject({ status: 'failed', response: null, documentType: null, downloadUrl: null });
      expect(drafts()).toBe(before);
    });
  }
});
