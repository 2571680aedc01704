// Answers in flight (issue 34 finding 6): one cookie-less client opened 100 streamed chats and never read them;
// the model got 100 requests at once and none was cancelled. Now a requester and an address hold at most so many
// answers at once (a clear Thai 429 past that), a client that goes away closes its model request, and a stream
// its client stopped reading is ended and its model request closed. Against the Ollama-protocol fake server.
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'bun:test';
import { connect } from 'node:net';
import { startFakeOllama, type FakeOllama } from '../helpers/fake-ollama';
import { startTestServer, type TestServer } from '../helpers/server';
import { addRegulation } from '../../modules/assistant/test-corpus';
import { TOO_MANY_IN_FLIGHT } from '../../src/http/in-flight';

const QUESTION = 'ต้องเสนอโครงการล่วงหน้ากี่วัน';

let ollama: FakeOllama;
let server: TestServer;
beforeAll(async () => {
  ollama = startFakeOllama();
  server = await startTestServer({
    OLLAMA_HOST: ollama.url,
    AI_TIMEOUT_MS: '60000',
    CHAT_RATE_PER_MINUTE: '1000',
    CHAT_RATE_PER_MINUTE_IP: '1000',
    ANSWERS_IN_FLIGHT_PER_REQUESTER: '2',
    ANSWERS_IN_FLIGHT_PER_ADDRESS: '3',
    STREAM_STALL_SECONDS: '1',
  });
  await addRegulation(server.ctx);
});
afterAll(async () => {
  await server.close();
  await ollama.close();
});
beforeEach(() => ollama.reset());

const modelRequests = () => ollama.requests.filter((r) => r.path === '/api/chat').length;

/** A streamed chat that is opened and then only held (never read) until `stop` aborts it. */
function held(cookie?: string) {
  const stop = new AbortController();
  const response = fetch(`${server.url}/api/chat`, {
    method: 'POST',
    signal: stop.signal,
    headers: { 'content-type': 'application/json', accept: 'text/event-stream', origin: server.url, ...(cookie ? { cookie } : {}) },
    body: JSON.stringify({ message: QUESTION, show_regulation: false, connection_id: crypto.randomUUID() }),
  });
  response.catch(() => undefined);
  return { response, stop: () => stop.abort() };
}

/** The status of a request whose body is announced (`length`) but never finished; 0 when none comes in 5 s. */
function statusOfUnfinished(path: string, cookie: string, type: string, length: number, first: string): Promise<number> {
  const { port } = new URL(server.url);
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port: Number(port) }, () =>
      socket.write(
        `POST ${path} HTTP/1.1\r\nhost: 127.0.0.1:${port}\r\norigin: ${server.url}\r\ncookie: ${cookie}\r\ncontent-type: ${type}\r\ncontent-length: ${length}\r\n\r\n${first}`,
      ),
    );
    const timer = setTimeout(() => (socket.destroy(), resolve(0)), 5000);
    socket.once('data', (chunk) => {
      clearTimeout(timer);
      socket.destroy();
      resolve(Number(/^HTTP\/1\.1 (\d+)/.exec(chunk.toString('latin1'))?.[1] ?? -1));
    });
  });
}

async function waitUntil(what: () => boolean, label: string, ms = 10_000) {
  const until = Date.now() + ms;
  while (!what()) {
    if (Date.now() > until) throw new Error(`not reached: ${label}`);
    await Bun.sleep(20);
  }
}

describe('answers in flight', () => {
  test('a requester holds at most its share; past it a Thai 429, and no model request is made for it', async () => {
    // a guest cookie from a question no document answers (no model request)
    const guest = await server.request('/api/chat', { json: { message: 'ผลฟุตบอลพรีเมียร์ลีกเมื่อคืนนี้' } });
    const cookie = guest.headers.get('set-cookie')!.split(';')[0]!;
    expect(modelRequests()).toBe(0);
    ollama.behave({ firstTokenDelayMs: 30_000 }); // a model that is slow to start: the answers stay in flight
    const a = held(cookie);
    const b = held(cookie);
    expect((await a.response).status).toBe(200);
    expect((await b.response).status).toBe(200);
    await waitUntil(() => modelRequests() === 2, 'two model requests');
    const refused = await server.request('/api/chat', { cookie, json: { message: QUESTION }, headers: { accept: 'text/event-stream' } });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBeTruthy();
    expect((await refused.json()).message).toBe(TOO_MANY_IN_FLIGHT);
    // refused before its body is read: 50 MB of attachments announced, a few bytes sent, the 429 comes anyway
    expect(await statusOfUnfinished('/api/chat', cookie, 'multipart/form-data; boundary=b', 50 * 1024 * 1024, '--b\r\n')).toBe(429);
    // another requester from the same address still gets one (the address holds 3)
    const c = held();
    expect((await c.response).status).toBe(200);
    await waitUntil(() => modelRequests() === 3, 'three model requests');
    // cookie-less: a new guest each time, but the address is full
    const d = await server.request('/api/chat', { json: { message: QUESTION } });
    expect(d.status).toBe(429);
    expect((await d.json()).message).toBe(TOO_MANY_IN_FLIGHT);
    expect(modelRequests()).toBe(3);

    // the clients go away: every model request is closed, and the slots are free again
    for (const x of [a, b, c]) x.stop();
    await waitUntil(() => ollama.disconnects.length === 3, 'three upstream disconnects');
    ollama.behave({ firstTokenDelayMs: 0 });
    const again = await server.request('/api/chat', { cookie, json: { message: QUESTION } });
    expect(again.status).toBe(200);
  }, 30_000);

  test('a JSON chat whose client goes away closes its model request', async () => {
    ollama.behave({ firstTokenDelayMs: 30_000 });
    const stop = new AbortController();
    const pending = fetch(`${server.url}/api/chat`, {
      method: 'POST',
      signal: stop.signal,
      headers: { 'content-type': 'application/json', origin: server.url },
      body: JSON.stringify({ message: QUESTION }),
    }).catch(() => undefined);
    await ollama.waitForRequest('/api/chat', 10_000);
    stop.abort();
    await pending;
    await ollama.waitForDisconnect(10_000);
  }, 30_000);

  test('a stream its client stops reading is ended and its model request closed', async () => {
    // a long answer in big pieces: more than the sockets hold, so what is sent waits unread. Bun's server takes about
    // 64 MB of a response its client does not read before the stream's queue shows it (measured: desiredSize stays 1
    // until then, with a client in another process too), so the answer is 150 MB, and the wait below is generous:
    // reaching 64 MB is CPU work (6-9 s alone, 19 s once in CI). A reply that ended instead records no disconnect,
    // so the bound only keeps a broken watchdog from hanging the run.
    const piece = `ตามข้อบังคับ ข้อ ๕ องค์กรนักศึกษาต้องเสนอโครงการ ${'x'.repeat(1024 * 1024)} `;
    ollama.behave({ reply: piece.repeat(150), tokenDelayMs: 2 });
    const { port } = new URL(server.url);
    const body = JSON.stringify({ message: QUESTION, show_regulation: false });
    const socket = connect({ host: '127.0.0.1', port: Number(port) }, () => {
      socket.write(
        `POST /api/chat HTTP/1.1\r\nhost: 127.0.0.1:${port}\r\norigin: ${server.url}\r\ncontent-type: application/json\r\naccept: text/event-stream\r\ncontent-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
      );
      socket.pause(); // never reads the answer
    });
    try {
      const asked = await ollama.waitForRequest('/api/chat', 10_000);
      // a disconnect of this model request (earlier tests' are older than it)
      await waitUntil(() => ollama.disconnects.some((d) => d.path === '/api/chat' && d.at >= asked.at), 'the model request closed', 60_000);
    } finally {
      socket.destroy();
    }
  }, 90_000);
});
