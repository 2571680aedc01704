// Rate limits (per signed-in user, per guest browser, looser per IP) and the OpenAI-compatible provider.
import { afterAll, describe, expect, test } from 'bun:test';
import { createTestApp, startTestServer } from '../../tests/helpers/server';
import { MESSAGES } from '../../src/http/errors';
import { rateLimitClock } from '../../src/http/rate-limit';
import { openAiProvider } from './llm/openai';
import { runLlm } from './llm/run';

const closers: Array<() => Promise<unknown>> = [];
afterAll(async () => {
  for (const c of closers) await c();
});

describe('rate limits', () => {
  test('a user over the per-minute limit gets 429 with Retry-After, then recovers', async () => {
    const app = await createTestApp({ CHAT_RATE_PER_MINUTE: '30', CHAT_RATE_PER_MINUTE_IP: '1000' });
    closers.push(() => app.close());
    // time stands still while the 30 questions are asked (a slow machine must not refill the bucket)
    let now = Date.now();
    rateLimitClock.set(app.ctx, () => now);
    const user = await app.signIn('busy@example.ac.th');
    const ask = () => app.request('/api/chat', { json: { message: 'สวัสดี' }, cookie: user.cookie });
    for (let i = 0; i < 30; i++) expect((await ask()).status).toBe(200);
    const limited = await ask();
    expect(limited.status).toBe(429);
    expect(await limited.json()).toMatchObject({ status: 'error', code: 'rate_limited', message: MESSAGES.rateLimited });
    const wait = Number(limited.headers.get('retry-after'));
    expect(wait).toBe(2); // one token refills in 60/30 s
    // Another user is not affected; after the refill time the first one may ask again.
    expect((await app.request('/api/chat', { json: { message: 'สวัสดี' }, cookie: (await app.signIn('calm@example.ac.th')).cookie })).status).toBe(200);
    now += wait * 1000 - 10;
    expect((await ask()).status).toBe(429); // not quite refilled yet
    now += 11;
    expect((await ask()).status).toBe(200);
  });

  test('guest browsers are limited by their signed cookie, scripts without cookies by IP', async () => {
    const server = await startTestServer({ CHAT_RATE_PER_MINUTE: '2', CHAT_RATE_PER_MINUTE_IP: '5' });
    closers.push(() => server.close());
    const first = await server.request('/api/chat', { json: { message: 'สวัสดี' } });
    const guest = first.headers.get('set-cookie')!.split(';')[0];
    expect((await server.request('/api/chat', { json: { message: 'สวัสดี' }, cookie: guest })).status).toBe(200);
    expect((await server.request('/api/chat', { json: { message: 'สวัสดี' }, cookie: guest })).status).toBe(429);
    // Fresh cookie-less requests each look like a new guest, but share the IP budget (5; 2 used: a
    // request refused for its browser costs no IP budget).
    const statuses = [];
    for (let i = 0; i < 4; i++)
      statuses.push((await server.request('/api/draft', { json: { brief: 'ร่างบันทึก', document_type: 'internal_memo', with_sources: false } })).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
    // X-Forwarded-For is ignored without TRUST_PROXY: spoofing it does not buy a new budget.
    expect((await server.request('/api/chat', { json: { message: 'สวัสดี' }, headers: { 'x-forwarded-for': '203.0.113.9' } })).status).toBe(429);
  });

  test('behind a trusted proxy the address the proxy appended is the IP key; what the client prepends buys nothing', async () => {
    const server = await startTestServer({ CHAT_RATE_PER_MINUTE: '100', CHAT_RATE_PER_MINUTE_IP: '1', TRUST_PROXY: 'true' });
    closers.push(() => server.close());
    // as nginx's $proxy_add_x_forwarded_for sends it: the client's own header, then the address nginx saw
    const from = (ip: string, claimed = '') =>
      server.request('/api/chat', { json: { message: 'สวัสดี' }, headers: { 'x-forwarded-for': claimed ? `${claimed}, ${ip}` : ip } });
    expect((await from('203.0.113.1', '10.9.9.1')).status).toBe(200);
    expect((await from('203.0.113.1', '10.9.9.2')).status).toBe(429);
    expect((await from('203.0.113.1')).status).toBe(429);
    expect((await from('203.0.113.2', '10.9.9.1')).status).toBe(200);
  });
});

describe('OpenAI-compatible provider', () => {
  test('streams SSE deltas with usage, and aborting closes the request', async () => {
    let closed = false;
    const upstream = Bun.serve({
      port: 0,
      hostname: '127.0.0.1',
      async fetch(req) {
        const body = (await req.json()) as any;
        expect(body).toMatchObject({ model: 'm', stream: true });
        expect(req.headers.get('authorization')).toBe('Bearer k');
        req.signal.addEventListener('abort', () => (closed = true));
        const enc = new TextEncoder();
        const slow = body.messages[0].content === 'slow';
        return new Response(
          new ReadableStream({
            async start(c) {
              for (const piece of ['ตาม', 'ข้อ ๕', ' ๓๐ วัน']) {
                c.enqueue(enc.encode(`data: ${JSON.stringify({ choices: [{ delta: { content: piece } }] })}\n\n`));
                if (slow) await Bun.sleep(1000);
              }
              c.enqueue(enc.encode(`data: ${JSON.stringify({ choices: [], usage: { prompt_tokens: 9, completion_tokens: 3 } })}\n\ndata: [DONE]\n\n`));
              c.close();
            },
          }),
          { headers: { 'content-type': 'text/event-stream' } },
        );
      },
    });
    closers.push(async () => upstream.stop(true));
    const provider = openAiProvider({ baseUrl: `http://127.0.0.1:${upstream.port}/v1`, model: 'm', apiKey: 'k' });
    const tokens: string[] = [];
    const result = await runLlm(provider, [{ role: 'user', content: 'fast' }], { timeoutMs: 2000, onToken: (t) => tokens.push(t) });
    expect(result).toEqual({ text: 'ตามข้อ ๕ ๓๐ วัน', usage: { promptTokens: 9, completionTokens: 3 }, truncated: false });
    expect(tokens).toEqual(['ตาม', 'ข้อ ๕', ' ๓๐ วัน']);
    const ac = new AbortController();
    const pending = runLlm(provider, [{ role: 'user', content: 'slow' }], { timeoutMs: 5000, signal: ac.signal });
    await Bun.sleep(200);
    ac.abort();
    await expect(pending).rejects.toMatchObject({ code: 'cancelled' });
    await Bun.sleep(100);
    expect(closed).toBe(true);
  });
});
