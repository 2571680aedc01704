// CSRF on every state-changing route, and the session cookie's life: flags, rotation at sign-in,
// logout that really ends it.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { createTestApp, type TestApp } from '../helpers/server';
import { oidcSignIn } from '../helpers/oidc';
import { MESSAGES } from '../../src/http/errors';
import { ROUTES, fillPath } from './route-table';
import { buildWorld, type World } from './world';

let h: TestApp;
let w: World;
beforeAll(async () => {
  h = await createTestApp({ CHAT_RATE_PER_MINUTE: '10000', CHAT_RATE_PER_MINUTE_IP: '100000' });
  w = await buildWorld(h);
});
afterAll(() => h.close());

const WRITES = ['POST', 'PUT', 'PATCH', 'DELETE'];
const writes = () => h.app.routes.filter((r) => WRITES.includes(r.method)).map((r) => ({ method: r.method, path: r.path }));

/** A raw request (the test helper would add a same-origin Origin on its own). */
function send(method: string, path: string, headers: Record<string, string>) {
  const spec = ROUTES[`${method} ${path}`];
  const raw = spec?.raw?.();
  const body = raw ? raw.body : JSON.stringify(spec?.body?.(w, 'admin') ?? {});
  const hdrs = new Headers({ cookie: w.cookies.admin!, 'content-type': 'application/json', ...raw?.headers, ...headers });
  return h.app.handle(new Request(h.ctx.config.publicUrl + fillPath(path, w, 'user'), { method, headers: hdrs, body }));
}

describe('CSRF', () => {
  test('there are state-changing routes to check', () => expect(writes().length).toBeGreaterThan(20));

  const hostile: Array<[string, () => Record<string, string>]> = [
    ['a foreign Origin', () => ({ origin: 'https://evil.example' })],
    ['a look-alike Origin', () => ({ origin: `${h.ctx.config.publicUrl}.evil.example` })],
    ['Origin: null', () => ({ origin: 'null' })],
    // a Host header the attacker controls (DNS rebinding, a second name for the server) is not our origin
    ["an Origin equal to the request's own Host but not PUBLIC_URL", () => ({ origin: 'http://rebound.example:8080', host: 'rebound.example:8080' })],
    ['Sec-Fetch-Site: cross-site without Origin', () => ({ 'sec-fetch-site': 'cross-site' })],
    ['Sec-Fetch-Site: same-site without Origin', () => ({ 'sec-fetch-site': 'same-site' })],
  ];
  for (const [name, headers] of hostile) {
    test(`${name} is refused with 403 csrf on every write`, async () => {
      const letThrough: string[] = [];
      for (const r of writes()) {
        const res = await send(r.method, r.path, headers());
        const body = await res.json().catch(() => ({}));
        if (res.status !== 403 || body.code !== 'csrf' || body.message !== MESSAGES.csrf) letThrough.push(`${r.method} ${r.path} → ${res.status}`);
      }
      expect(letThrough).toEqual([]);
    });
  }

  test('same-origin writes pass the CSRF layer', async () => {
    const refused: string[] = [];
    for (const r of writes()) {
      for (const headers of [{ origin: h.ctx.config.publicUrl }, { 'sec-fetch-site': 'same-origin' }] as Array<Record<string, string>>) {
        const res = await send(r.method, r.path, headers);
        if ((await res.json().catch(() => ({}))).code === 'csrf') refused.push(`${r.method} ${r.path}`);
      }
    }
    expect(refused).toEqual([]);
  });
});

describe('session cookie', () => {
  let secure: TestApp;
  beforeAll(async () => {
    // the built-in provider's issuer uses the site's host name, so it must resolve
    secure = await createTestApp({ PUBLIC_URL: 'https://localhost:8443' });
  });
  afterAll(() => secure.close());
  const target = (a: TestApp) => ({ request: a.request, publicUrl: a.ctx.config.publicUrl });
  const flags = (c: string) => c.split(';').map((p) => p.trim().toLowerCase());

  test('HttpOnly, SameSite=Lax, Path=/; Secure only on an https site', async () => {
    const plain = flags((await oidcSignIn(target(h), 'flags@example.ac.th')).setCookie);
    expect(plain).toEqual(expect.arrayContaining(['httponly', 'samesite=lax', 'path=/']));
    expect(plain).not.toContain('secure');
    const https = flags((await oidcSignIn(target(secure), 'flags@example.ac.th')).setCookie);
    expect(https).toEqual(expect.arrayContaining(['httponly', 'samesite=lax', 'path=/', 'secure']));
  });

  test('signing in again rotates the session: the old cookie stops working', async () => {
    const first = await oidcSignIn(target(h), 'rotate@example.ac.th');
    expect((await h.request('/api/profile/me', { cookie: first.cookie })).status).toBe(200);
    const second = await oidcSignIn(target(h), 'rotate@example.ac.th', first.cookie);
    expect(second.token).not.toBe(first.token);
    expect((await h.request('/api/profile/me', { cookie: first.cookie })).status).toBe(401);
    expect((await h.request('/api/profile/me', { cookie: second.cookie })).status).toBe(200);
  });

  test('logout ends the session on the server: the old cookie and Bearer token get 401', async () => {
    const s = await oidcSignIn(target(h), 'bye@example.ac.th');
    const out = await h.request('/api/auth/logout', { cookie: s.cookie });
    expect(out.status).toBe(200);
    expect(flags(out.headers.get('set-cookie')!)).toEqual(expect.arrayContaining(['max-age=0', 'httponly']));
    expect((await h.request('/api/profile/me', { cookie: s.cookie })).status).toBe(401);
    expect((await h.request('/api/profile/me', { headers: { authorization: `Bearer ${s.token}` } })).status).toBe(401);
    expect((await h.request('/api/conversations/topics', { cookie: s.cookie })).status).toBe(401);
  });

  test('a forged or oversized session cookie is just "not signed in"', async () => {
    for (const cookie of ['askreg_session=forged-token', `askreg_session=${'a'.repeat(5000)}`, 'askreg_session=%E0%A4%A']) {
      const res = await h.request('/api/profile/me', { cookie });
      expect(res.status).toBe(401);
      expect((await h.request('/landing', { cookie })).status).toBe(200);
    }
    const guest = await h.request('/api/chat', { json: { message: 'สวัสดี' }, cookie: 'askreg_guest=%E0%A4%A' });
    expect(guest.status).toBe(200);
    expect(guest.headers.get('set-cookie')).toContain('askreg_guest='); // a fresh, valid guest id instead
  });
});
