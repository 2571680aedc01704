// Hostile input: oversize and mistyped fields on every JSON route, deep and huge bodies, tampered
// cursors, and SQL-looking text that must stay plain text.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { createTestApp, startTestServer, type TestApp, type TestServer } from '../helpers/server';
import { fixture, multipartBody } from '../../modules/documents/testing/helpers';
import { indexingIdle } from '../../modules/documents/indexer';
import { ROUTES, fillPath } from './route-table';
import { buildWorld, type World } from './world';
import { USER_TEXT_INVALID } from '../../contracts/user-text';

let h: TestApp;
let w: World;
beforeAll(async () => {
  h = await createTestApp({ CHAT_RATE_PER_MINUTE: '10000', CHAT_RATE_PER_MINUTE_IP: '100000' });
  w = await buildWorld(h);
});
afterAll(() => h.close());

const cookieFor = (cls: string) => (cls === 'admin' ? w.cookies.admin! : w.cookies.user!);
const deep = (n: number) => JSON.parse('['.repeat(n) + ']'.repeat(n));

describe('field limits on every JSON route', () => {
  test('oversize, mistyped and deeply nested fields answer 4xx (or are accepted), never 5xx', async () => {
    const bad: string[] = [];
    const jsonRoutes = Object.entries(ROUTES).filter(([k, s]) => s.body && !k.startsWith('DELETE'));
    expect(jsonRoutes.length).toBeGreaterThan(15);
    for (const [key, spec] of jsonRoutes) {
      const [method, path] = key.split(' ') as [string, string];
      const base = spec.body!(w, 'user') as Record<string, unknown>;
      for (const field of Object.keys(base)) {
        for (const value of ['ก'.repeat(120_001), 12345, { $gt: '' }, deep(5000), null]) {
          const t0 = performance.now();
          const res = await h.request(fillPath(path, w, 'user'), { method, cookie: cookieFor(spec.cls), json: { ...base, [field]: value } });
          if (process.env.SEC_DEBUG) console.log(key, field, res.status, Math.round(performance.now() - t0));
          if (res.status >= 500) bad.push(`${key} ${field}=${JSON.stringify(value).slice(0, 20)} → ${res.status}`);
        }
      }
    }
    expect(bad).toEqual([]);
  }, 180_000);

  const tooLong: Array<[string, string, unknown]> = [
    ['POST', '/api/conversations/create', { query: 'ก'.repeat(20_001) }],
    ['PATCH', '/api/conversations/:id/topic/rename', { topic: 'ก'.repeat(500) }],
    ['POST', '/api/categories/create', { categoryName: 'ก'.repeat(1000) }],
    ['POST', '/api/admins', { email: 'a'.repeat(400) + '@x.th', position: 'x' }],
    ['PATCH', '/api/admins/position', { email: 'spare.person@example.ac.th', responsibility: 'ก'.repeat(201) }],
    ['PATCH', '/api/preferences/:id/update', { fallback_message: 'ก'.repeat(100_000) }],
    ['POST', '/api/chat', { message: 'ก'.repeat(100_001) }],
    ['POST', '/api/draft', { brief: 'ก'.repeat(100_001), document_type: 'internal_memo' }],
    ['POST', '/api/generate-title', { user_message: 'ก'.repeat(100_001) }],
    ['PATCH', '/api/files/:id/update', { version: '9'.repeat(51) }],
  ];
  for (const [method, path, body] of tooLong) {
    test(`${method} ${path}: text over its cap is a 400`, async () => {
      const cls = ROUTES[`${method} ${path}`]!.cls;
      const res = await h.request(fillPath(path, w, 'user'), { method, cookie: cookieFor(cls), json: body });
      expect(res.status).toBe(400);
      expect((await res.json()).status).toBe('error');
    });
  }

  test('malformed JSON and a wrong content type are 4xx', async () => {
    const cookie = w.cookies.user!;
    for (const body of ['{"message": "x"', '\u0000\u0001', '[]', '"x"']) {
      const res = await h.request('/api/conversations/create', { method: 'POST', cookie, body, headers: { 'content-type': 'application/json' } });
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
    }
  });
});

describe('huge bodies on a listening server', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer(); // the default 500 MB upload cap: Bun's own body limit is far away
  });
  afterAll(() => s.close());

  test('a JSON body far beyond any field cap is refused without reading it', async () => {
    const total = 200 * 1024 * 1024;
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(c) {
        if (sent === 0) c.enqueue(new TextEncoder().encode('{"message":"'));
        if (sent >= total) return c.close();
        sent += 1024 * 1024;
        c.enqueue(new Uint8Array(1024 * 1024).fill(0x61));
      },
    });
    const res = await fetch(`${s.url}/api/chat`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: s.url, 'content-length': String(total + 12) },
      body,
    }).catch((e: Error) => e);
    // Either a clean 413 or the connection closed early; never a 2xx/5xx after buffering it all.
    if (res instanceof Response) expect(res.status).toBe(413);
    expect(sent).toBeLessThan(total);
  }, 180_000);
});

describe('what people may type into names', () => {
  const hostile = ['ชื่อ\u0000ซ่อน', 'ชื่อ\u202egpj.exe', 'ครึ่ง \ud83d', 'escape \u001b[31m'];
  const invisible = ['\u200b', '\u2800\u2800', ' \u3164 '];
  const named: Array<[string, (v: string) => Promise<Response>, string]> = [
    ['category name', (v) => h.request('/api/categories/create', { cookie: w.cookies.admin!, json: { categoryName: v } }), 'กรุณาระบุชื่อหมวดหมู่'],
    [
      'conversation topic',
      (v) => h.request(fillPath('/api/conversations/:id/topic/rename', w, 'user'), { method: 'PATCH', cookie: w.cookies.user!, json: { topic: v } }),
      'กรุณาระบุชื่อบทสนทนา',
    ],
    [
      'admin position',
      (v) => h.request('/api/admins/position', { method: 'PATCH', cookie: w.cookies.admin!, json: { email: w.spareEmail, responsibility: v } }),
      'กรุณาระบุตำแหน่ง',
    ],
    [
      'document name',
      (v) => {
        const { body, headers } = multipartBody('note.txt', new TextEncoder().encode('ข้อ ๑ ทดสอบการตั้งชื่อเอกสาร'), {
          fileName: v,
          contents: 'ข้อ ๑ ทดสอบการตั้งชื่อเอกสาร',
        });
        return h.request('/api/files/upload', { method: 'POST', cookie: w.cookies.admin!, body, headers });
      },
      'กรุณาระบุชื่อเอกสาร',
    ],
  ];
  for (const [field, send, requiredText] of named) {
    test(`${field}: control, lone-surrogate and bidi characters are refused; invisible-only text is blank`, async () => {
      for (const v of hostile) {
        const res = await send(v);
        expect([res.status, (await res.json()).message]).toEqual([400, USER_TEXT_INVALID]);
      }
      for (const v of invisible) {
        const res = await send(v);
        expect(res.status).toBe(400);
        const message = (await res.json()).message as string;
        expect(message).not.toBe(USER_TEXT_INVALID);
        if (requiredText) expect(message).toBe(requiredText);
      }
    });
  }
});

describe('cursors and SQL-looking text', () => {
  test('tampered cursors are 400', async () => {
    const admin = w.cookies.admin!;
    const first = await (await h.request('/api/files/get/all?limit=1', { cookie: admin })).json();
    const forged = [
      'garbage',
      'a.b.c',
      Buffer.from(JSON.stringify([0, "' OR 1=1 --", ''])).toString('base64url') + '.AAAAAAAAAAAAAAAAAAAAAA',
      (first.nextCursor ?? 'x.y').replace(/.$/, (c: string) => (c === 'A' ? 'B' : 'A')),
    ];
    for (const cursor of forged) {
      expect((await h.request(`/api/files/get/all?limit=1&cursor=${encodeURIComponent(cursor)}`, { cookie: admin })).status).toBe(400);
      const conv = `/api/conversations/${w.owned.user.conversationId}/messages?cursor=${encodeURIComponent(cursor)}`;
      expect((await h.request(conv, { cookie: w.cookies.user! })).status).toBe(400);
    }
  });

  test("' OR 1=1 --, % and _ in searches match only themselves", async () => {
    const admin = w.cookies.admin!;
    for (const [name, desc] of [
      ['ส่วนลด 50% ค่าธรรมเนียม', 'มี % อยู่'],
      ['ระเบียบ_การเงิน', 'ขีดล่าง'],
      ["O'Brien ระเบียบ", 'quote'],
    ]) {
      const { body, headers } = multipartBody('regulation.pdf', fixture('regulation.pdf'), {
        fileName: name,
        description: desc,
        contents: 'ข้อ ๑ ทดสอบ',
        category: w.categoryId,
      });
      expect((await h.request('/api/files/upload', { method: 'POST', cookie: admin, headers, body })).status).toBe(200);
    }
    await indexingIdle(h.ctx);
    const count = async (search: string) =>
      (await (await h.request(`/api/files/get/all?limit=100&search=${encodeURIComponent(search)}`, { cookie: admin })).json()).total as number;
    const all = await count('');
    expect(all).toBeGreaterThanOrEqual(4);
    expect(await count('%')).toBe(1);
    expect(await count('_')).toBe(1);
    expect(await count("' OR 1=1 --")).toBe(0);
    expect(await count("O'Brien")).toBe(1);
    expect(await count('" OR ""="')).toBe(0);
    const admins = async (search: string) =>
      (await (await h.request(`/api/admins?search=${encodeURIComponent(search)}`, { cookie: admin })).json()).data.length as number;
    expect(await admins("' OR 1=1 --")).toBe(0);
    expect(await admins('%')).toBe(0);
    expect(await admins('_')).toBe(0);
  });

  test('SQL-looking names are stored verbatim', async () => {
    const name = "x'); DROP TABLE documents; --";
    const res = await h.request('/api/categories/create', { cookie: w.cookies.admin!, json: { categoryName: name } });
    expect(res.status).toBe(200);
    const list = await (await h.request('/api/categories/get/all', { cookie: w.cookies.admin! })).json();
    expect(list.data.map((c: { categoryName: string }) => c.categoryName)).toContain(name);
    expect((await h.request('/api/files/get/all', { cookie: w.cookies.admin! })).status).toBe(200);
  });
});
