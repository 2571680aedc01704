// The same model faults through the OpenAI-compatible provider (vLLM, llama.cpp, LiteLLM): a tiny
// /chat/completions SSE server that can stall, send junk, fail mid-stream or answer 500.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import { MESSAGES } from '../../src/http/errors';
import { settleBackground } from '../../modules/conversations/background';
import { addRegulation } from '../../modules/assistant/test-corpus';
import { tokenize } from '../helpers/fake-ollama';
import { readSse, type SseEvent } from '../../web/lib/sse';
import { startTestServer, type TestServer } from '../helpers/server';
import { conversationDetails } from '../helpers/tables';

const QUESTION = 'ต้องเสนอโครงการต่อกองพัฒนานักศึกษาล่วงหน้ากี่วัน';
const REPLY = 'ตามข้อ ๕ องค์กรนักศึกษาที่ประสงค์จะจัดกิจกรรม ให้เสนอโครงการต่อกองพัฒนานักศึกษาล่วงหน้าไม่น้อยกว่า ๓๐ วันก่อนวันเริ่มกิจกรรม';
type Mode = 'ok' | 'stall-first' | 'stall-mid' | 'junk' | 'error-mid' | 'http-500';
let mode: Mode = 'ok';

const enc = new TextEncoder();
const frame = (obj: unknown) => enc.encode(`data: ${typeof obj === 'string' ? obj : JSON.stringify(obj)}\n\n`);
const delta = (content: string) => ({ choices: [{ delta: { content } }] });

const fake = Bun.serve({
  port: 0,
  hostname: '127.0.0.1',
  idleTimeout: 0,
  async fetch(req) {
    await req.json();
    if (mode === 'http-500') return Response.json({ error: { message: 'CUDA out of memory' } }, { status: 500 });
    const current = mode;
    const body = new ReadableStream<Uint8Array>({
      async start(c) {
        const tokens = tokenize(REPLY);
        if (current === 'stall-first') return; // headers sent, never a byte more
        for (let i = 0; i < tokens.length; i++) {
          if (i === 3 && current === 'stall-mid') return;
          if (i === 3 && current === 'error-mid') {
            c.enqueue(frame({ error: { message: 'engine died' } }));
            return c.close();
          }
          if (i === 3 && current === 'junk') {
            c.enqueue(frame('{not json'));
            return c.close();
          }
          c.enqueue(frame(delta(tokens[i]!)));
        }
        c.enqueue(frame('[DONE]'));
        c.close();
      },
    });
    return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
  },
});

let server: TestServer;
let cookie: string;
beforeAll(async () => {
  server = await startTestServer({
    OPENAI_BASE_URL: `http://127.0.0.1:${fake.port}/v1`,
    OPENAI_MODEL: 'test',
    AI_TIMEOUT_MS: '700',
    CHAT_RATE_PER_MINUTE: '10000',
  });
  await addRegulation(server.ctx);
  cookie = (await server.signIn('nok@example.ac.th')).cookie;
});
afterAll(async () => {
  await server.close();
  await fake.stop(true);
});

async function events(path: string, json: unknown, who?: string): Promise<{ events: SseEvent[]; ms: number }> {
  const t0 = Date.now();
  const res = await server.request(path, { json, cookie: who, headers: { accept: 'text/event-stream' }, signal: AbortSignal.timeout(10_000) });
  const out: SseEvent[] = [];
  for await (const e of readSse(res)) out.push(e);
  return { events: out, ms: Date.now() - t0 };
}

const CASES: Array<[Mode, string, string]> = [
  ['stall-first', 'ai_timeout', MESSAGES.aiConnection],
  ['stall-mid', 'ai_timeout', MESSAGES.aiConnection],
  ['junk', 'ai_unavailable', MESSAGES.aiConnection],
  ['error-mid', 'ai_unavailable', MESSAGES.aiConnection],
  ['http-500', 'ai_unavailable', MESSAGES.aiConnection],
];

describe('OpenAI-compatible model server faults', () => {
  for (const [m, code, message] of CASES) {
    test(`${m} → ${code}; the saved turn ends failed with no text`, async () => {
      mode = m;
      const chat = await events('/api/chat', { message: QUESTION });
      expect(chat.events.at(-1)).toEqual({ event: 'error', data: { code, message } });
      expect(chat.ms).toBeLessThan(2500);
      const created = (await (await server.request('/api/conversations/create', { cookie, json: { query: QUESTION } })).json()) as {
        data: { conversationId: string; conversationDetailId: string };
      };
      const { conversationId, conversationDetailId } = created.data;
      const turn = await events(`/api/conversations/${conversationId}/details/${conversationDetailId}/answer`, {}, cookie);
      expect(turn.events.at(-1)).toEqual({ event: 'error', data: { code, message } });
      await settleBackground(server.ctx);
      const row = (await server.ctx.db.select().from(conversationDetails).where(eq(conversationDetails.id, conversationDetailId)))[0]!;
      expect(row).toMatchObject({ status: 'failed', response: null });
    });
  }

  test('a healthy stream answers and is stored whole', async () => {
    mode = 'ok';
    const chat = await events('/api/chat', { message: QUESTION });
    expect(chat.events.at(-1)?.event).toBe('done');
    expect((chat.events.at(-1)!.data as { text: string }).text).toContain('๓๐ วัน');
  });
});
