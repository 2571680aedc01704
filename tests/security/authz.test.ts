// Authorization matrix: every route the app registers × guest, user, other user, admin, deactivated
// admin, with path ids of the caller's own data and of someone else's.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { createTestApp, type TestApp } from '../helpers/server';
import { buildWorld, forbiddenMarkers, PERSONAS, type PersonaName, type World } from './world';
import { expectedStatus, fillPath, PUBLIC, ROUTES, type RouteSpec } from './route-table';

let h: TestApp;
let w: World;
beforeAll(async () => {
  h = await createTestApp({ CHAT_RATE_PER_MINUTE: '10000', CHAT_RATE_PER_MINUTE_IP: '100000' });
  w = await buildWorld(h);
});
afterAll(() => h.close());

const registered = () => h.app.routes.map((r) => `${r.method} ${r.path}`).filter((k) => !k.startsWith('GET /assets/'));

/** Body text, without waiting for a stream (SSE progress) to end. */
async function readBody(res: Response): Promise<string> {
  if (!(res.headers.get('content-type') ?? '').includes('event-stream')) return res.text();
  const reader = res.body!.getReader();
  const timeout = Bun.sleep(300).then(() => null);
  const first = await Promise.race([reader.read(), timeout]);
  await reader.cancel().catch(() => {});
  return first && 'value' in first && first.value ? new TextDecoder().decode(first.value) : '';
}

/** Where / sends each persona (chat.md §2); a deactivated admin is a plain user. */
const HOME: Record<PersonaName, string> = {
  guest: '/landing',
  user: '/user/chat',
  other: '/user/chat',
  deactivatedAdmin: '/user/chat',
  admin: '/admin/management',
};

interface Call {
  key: string;
  who: PersonaName;
  owner: 'user' | 'other';
}

/** Writes that destroy data run after everything else; logout ends the session, so it runs last. */
const phase = (key: string) => (key === 'GET /api/auth/logout' || key === 'GET /auth/logout' ? 2 : key.startsWith('DELETE ') ? 1 : 0);

function plan(keys: string[]): Call[] {
  const calls: Call[] = [];
  for (const p of [0, 1, 2])
    for (const who of PERSONAS)
      for (const key of keys.filter((k) => phase(k) === p)) {
        // Owners use their own ids last, so others probe them before they can be deleted.
        const owners: Array<'user' | 'other'> = who === 'user' ? ['other', 'user'] : who === 'other' ? ['user', 'other'] : ['user', 'other'];
        for (const owner of owners) calls.push({ key, who, owner });
      }
  return calls;
}

async function call(c: Call, spec: RouteSpec | undefined) {
  const [method, path] = c.key.split(' ') as [string, string];
  const url = fillPath(path, w, c.owner);
  const init: RequestInit & { cookie?: string; json?: unknown } = { method, cookie: w.cookies[c.who] ?? undefined, redirect: 'manual' };
  if (spec?.raw) Object.assign(init, spec.raw());
  else if (method !== 'GET') init.json = spec?.body ? spec.body(w, c.who) : {};
  const res = await h.request(url, init);
  return { url, res, body: await readBody(res) };
}

describe('authorization matrix', () => {
  test('every registered route is classified in the route table', () => {
    const unknown = registered().filter((k) => !ROUTES[k]);
    expect(unknown).toEqual([]);
  });

  test("each persona gets the right status, no 5xx, and never another person's data", async () => {
    const problems: string[] = [];
    for (const c of plan(registered())) {
      const spec = ROUTES[c.key];
      const { url, res, body } = await call(c, spec);
      if (process.env.SEC_DEBUG) console.log(c.who, c.owner, c.key, url, res.status);
      const where = `${c.who} ${c.key.split(' ')[0]} ${url} → ${res.status}`;
      if (res.status >= 500) problems.push(`${where}: server error ${body.slice(0, 200)}`);
      // Allow-list: outside it, a guest never gets in (a new route without a guard fails here).
      if (c.who === 'guest' && !PUBLIC.has(c.key) && res.status < 400 && !(res.status === 302 && res.headers.get('location') === '/login'))
        problems.push(`${where}: guest got in`);
      const foreign = c.who !== c.owner;
      // Allowed calls must give the route's designed answer, not merely "not 401/403".
      const want = spec ? expectedStatus(spec, c.who, foreign) : [];
      if (spec && !want.includes(res.status)) problems.push(`${where}: expected ${want.join(' or ')}`);
      if (c.key === 'GET /' && res.headers.get('location') !== HOME[c.who]) problems.push(`${where}: / sent to ${res.headers.get('location')}`);
      if (res.status === 302 && (spec?.cls === 'userPage' || spec?.cls === 'adminPage')) {
        if (res.headers.get('location') !== '/login') problems.push(`${where}: redirect to ${res.headers.get('location')}`);
        if (body.length > 0) problems.push(`${where}: HTML sent with a forbidden page's redirect`);
      }
      for (const m of forbiddenMarkers(w, c.who)) if (body.includes(m)) problems.push(`${where}: body contains ${m}`);
    }
    expect(problems).toEqual([]);
  }, 180_000);
});
