// Bodies are only read for callers the route admits, and never past their cap: a stranger's body to an
// admin route is refused 401/403 before it is parsed or validated (no schema is told to strangers), and a
// chunked body without Content-Length is stopped at the cap with 413 while it streams.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { startTestServer, type TestServer } from '../helpers/server';
import { MAX_JSON_BYTES } from '../../src/http/capped-body';
import { ROUTES, fillPath } from './route-table';
import { buildWorld, type World } from './world';

let s: TestServer;
let w: World;
beforeAll(async () => {
  s = await startTestServer({ CHAT_RATE_PER_MINUTE: '10000', CHAT_RATE_PER_MINUTE_IP: '100000' });
  w = await buildWorld(s);
});
afterAll(() => s.close());

const WRITES = ['POST', 'PUT', 'PATCH', 'DELETE'];
const adminWrites = () =>
  s.app.routes.filter((r) => WRITES.includes(r.method) && ROUTES[`${r.method} ${r.path}`]?.cls === 'admin').map((r) => ({ method: r.method, path: r.path }));

const send = (method: string, path: string, cookie: string | null, body: BodyInit, type = 'application/json') =>
  s.request(fillPath(path, w, 'user'), { method, body, headers: { 'content-type': type }, cookie: cookie ?? undefined });

describe('the caller is checked before the body is read', () => {
  test('there are admin writes to probe', () => expect(adminWrites().length).toBeGreaterThan(10));

  const bodies: Array<[string, () => BodyInit, string?]> = [
    ['{}', () => '{}'],
    ['malformed JSON', () => '{"name": '],
    ['a wrong-typed field', () => JSON.stringify({ name: 12, email: [], isActive: 'x' })],
    ['a multipart form', () => '--b\r\nContent-Disposition: form-data; name="x"\r\n\r\ny\r\n--b--\r\n', 'multipart/form-data; boundary=b'],
  ];
  for (const [name, body, type] of bodies) {
    test(`${name}: a guest gets 401 and a user 403 on every admin write, never a validation error`, async () => {
      const wrong: string[] = [];
      for (const r of adminWrites()) {
        for (const [who, want] of [
          ['guest', 401],
          ['user', 403],
        ] as const) {
          const res = await send(r.method, r.path, w.cookies[who], body(), type);
          if (res.status !== want) wrong.push(`${who} ${r.method} ${r.path} → ${res.status} ${(await res.text()).slice(0, 80)}`);
        }
      }
      expect(wrong).toEqual([]);
    });
  }

  test('a guest announcing a 600 MB body to an admin route gets 401, not 413', async () => {
    const declared = (cookie: string | null) =>
      s.app.handle(
        new Request(`${s.url}/api/categories/create`, {
          method: 'POST',
          body: '{}',
          headers: { 'content-type': 'application/json', 'content-length': String(600 * 1024 * 1024), origin: s.url, ...(cookie ? { cookie } : {}) },
        }),
      );
    expect((await declared(null)).status).toBe(401);
    expect((await declared(w.cookies.user)).status).toBe(403);
    expect((await declared(w.cookies.admin)).status).toBe(413); // the admin is told the size
  });
});

describe('bodies are capped while they stream', () => {
  /** A chunked body of zeros (no Content-Length) that counts what the server pulled. */
  function endless(totalBytes: number) {
    let sent = 0;
    const chunk = new Uint8Array(1024 * 1024).fill(0x20);
    const stream = new ReadableStream<Uint8Array>({
      pull(c) {
        if (sent >= totalBytes) return c.close();
        sent += chunk.byteLength;
        c.enqueue(sent === chunk.byteLength ? new TextEncoder().encode(`{"message":"${' '.repeat(chunk.byteLength - 13)}`) : chunk);
      },
    });
    return { stream, sent: () => sent };
  }

  test('a chunked 500 MB JSON body to /api/chat is refused with 413 at the cap, long before its end', async () => {
    const body = endless(500 * 1024 * 1024);
    const rssBefore = process.memoryUsage().rss;
    const res = await fetch(`${s.url}/api/chat`, {
      method: 'POST',
      body: body.stream,
      headers: { 'content-type': 'application/json', origin: s.url },
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(413);
    expect((await res.json()).code).toBe('payload_too_large');
    expect(body.sent()).toBeLessThan(MAX_JSON_BYTES + 64 * 1024 * 1024);
    // server and client share this process: together they held about one cap's worth, not the body
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(400 * 1024 * 1024);
  }, 60_000);

  test('a body under the cap still works, chunked or not', async () => {
    const message = 'ต้องเสนอโครงการล่วงหน้ากี่วัน';
    const chunked = new ReadableStream<Uint8Array>({
      start(c) {
        c.enqueue(new TextEncoder().encode(`{"message":"${message}",`));
        c.enqueue(new TextEncoder().encode('"show_regulation":false}'));
        c.close();
      },
    });
    const res = await fetch(`${s.url}/api/chat`, {
      method: 'POST',
      body: chunked,
      headers: { 'content-type': 'application/json', origin: s.url },
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(200);
    expect(typeof (await res.json()).text).toBe('string');
  });
});
