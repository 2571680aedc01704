// Limits before bodies (issue 34 finding 5): on a public route the caller, the rate limit and the route's own
// size cap are checked before the body is read. Each request here sends a body that never ends (a raw socket
// writes the head and part of the body, then waits): an answer can only come from a server that did not wait
// for the body. Before the fix the rate limit was taken after the whole body was read, and the only cap was
// the global 64 MB, so each of these requests hung.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { startTestServer, type TestServer } from '../helpers/server';
import { MESSAGES } from '../../src/http/errors';
import { BODY_TOO_LARGE } from '../../src/http/body-limits';

let s: TestServer;
let limited: TestServer;
beforeAll(async () => {
  s = await startTestServer({ CHAT_RATE_PER_MINUTE: '1000', CHAT_RATE_PER_MINUTE_IP: '1000' });
  // one address may start 3 answers a minute; each cookie-less request is a new guest, so the address limit is the one met
  limited = await startTestServer({ CHAT_RATE_PER_MINUTE: '100', CHAT_RATE_PER_MINUTE_IP: '3' });
});
afterAll(async () => {
  await s.close();
  await limited.close();
});

/**
 * Writes a request head and `firstBytes` of its body, never the rest; resolves with the status line and body of
 * the response (the socket is closed once the response is complete, or after `waitMs`: null, no answer).
 */
async function unfinished(
  path: string,
  headers: Record<string, string>,
  firstBytes: string,
  server = s,
  waitMs = 8000,
): Promise<{ status: number; head: string; body: string } | null> {
  const { port } = new URL(server.url);
  let text = '';
  let done: (v: { status: number; head: string; body: string } | null) => void = () => {};
  const result = new Promise<{ status: number; head: string; body: string } | null>((r) => (done = r));
  const parse = () => {
    const end = text.indexOf('\r\n\r\n');
    if (end < 0) return null;
    const status = Number(/^HTTP\/1\.1 (\d+)/.exec(text)?.[1]);
    const length = Number(/\r\ncontent-length: *(\d+)/i.exec(text.slice(0, end))?.[1] ?? NaN);
    const body = text.slice(end + 4);
    return Number.isFinite(length) && Buffer.byteLength(body) >= length ? { status, head: text.slice(0, end).toLowerCase(), body } : null;
  };
  const socket = await Bun.connect({
    hostname: '127.0.0.1',
    port: Number(port),
    socket: {
      data(sock, chunk) {
        text += new TextDecoder().decode(chunk);
        const got = parse();
        if (got) {
          done(got);
          sock.end();
        }
      },
      close() {
        done(parse());
      },
    },
  });
  const head = Object.entries({ host: `127.0.0.1:${port}`, origin: server.url, ...headers })
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join('');
  socket.write(`POST ${path} HTTP/1.1\r\n${head}\r\n${firstBytes}`);
  const timer = setTimeout(() => done(null), waitMs);
  const out = await result;
  clearTimeout(timer);
  socket.end();
  return out;
}

const json = { 'content-type': 'application/json' };

describe('a public route refuses before it reads the body', () => {
  test('a chat body larger than the route admits is refused 413 from its Content-Length, unread', async () => {
    // 60 MB announced, a few bytes sent: the cap of /api/chat (its 100,000-character message) is far below
    const res = await unfinished('/api/chat', { ...json, 'content-length': String(60 * 1024 * 1024) }, '{"message":"ก","pad":"');
    expect(res?.status).toBe(413);
    expect(JSON.parse(res!.body).message).toBe(BODY_TOO_LARGE);
  });

  test('a chunked chat body is stopped at the route cap while it streams (it never ends)', async () => {
    const chunk = `{"message":"${'ก'.repeat(700_000)}`; // 2.1 MB: over the route's cap (1 MB), far under the global 64 MB
    const framed = `${Buffer.byteLength(chunk).toString(16)}\r\n${chunk}\r\n`;
    const res = await unfinished('/api/chat', { ...json, 'transfer-encoding': 'chunked' }, framed);
    expect(res?.status).toBe(413);
  });

  test('a rate-limited guest gets 429 (with Retry-After) without the server reading its body', async () => {
    // spend the address's budget with small, finished requests
    for (let i = 0; i < 3; i++) {
      const ok = await fetch(`${limited.url}/api/generate-title`, {
        method: 'POST',
        headers: { ...json, origin: limited.url },
        body: JSON.stringify({ user_message: 'สวัสดี' }),
      });
      expect(ok.status).toBe(200);
    }
    for (const path of ['/api/chat', '/api/generate-title', '/api/draft', '/ai-api/chat']) {
      const res = await unfinished(path, { ...json, 'content-length': String(100 * 1024) }, '{"message":"', limited);
      expect([path, res?.status]).toEqual([path, 429]);
      expect(JSON.parse(res!.body).message).toBe(MESSAGES.rateLimited);
      expect(res!.head).toMatch(/\r\nretry-after: \d+/);
    }
    // chunked, no length: the same
    const chunked = await unfinished('/api/chat', { ...json, 'transfer-encoding': 'chunked' }, '5\r\n{"mes\r\n', limited);
    expect(chunked?.status).toBe(429);
  });

  test('a small finished body is still read and answered normally (not refused for its size)', async () => {
    const other = await startTestServer({ CHAT_RATE_PER_MINUTE: '100', CHAT_RATE_PER_MINUTE_IP: '100' });
    try {
      const message = 'ก'.repeat(90_000); // under the route's 100,000 characters, written escaped (6 bytes each)
      const body = JSON.stringify({ user_message: message }).replace(/ก/g, '\\u0e01');
      const res = await fetch(`${other.url}/api/generate-title`, { method: 'POST', headers: { ...json, origin: other.url }, body });
      expect(res.status).toBe(200);
    } finally {
      await other.close();
    }
  });
});
