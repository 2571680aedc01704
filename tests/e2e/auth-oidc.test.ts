// The whole sign-in flow against the real built-in OpenID provider (oidc-provider), over HTTP, on the test database
// (SQLite, or Postgres under TEST_DATABASE=postgres).
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { createTestApp, type TestApp } from '../helpers/server';
import { authorize, callback, oidcSignIn, type AuthTarget } from '../helpers/oidc';
import { loginRequests, sessions } from '../helpers/tables';
import { hashToken } from '../../modules/auth/sessions';
import { asc, eq } from 'drizzle-orm';
import { devProviderOverrides, DEV_PROVIDER_REFUSED } from '../../modules/auth/provider-runtime';
import { INVALID_STATE } from '../../modules/auth/service';
import { sessionCookie } from '../../modules/auth/cookies';
import { callbackOutcome } from '../../web/islands/callback/callback-logic';

let app: TestApp;
let target: AuthTarget;

beforeAll(async () => {
  app = await createTestApp({ ADMIN_EMAILS: 'dean@uni.ac.th' });
  target = { request: app.request, publicUrl: app.ctx.config.publicUrl };
});
afterAll(() => app.close());

/** What the callback page shows for a refused callback answer (chat.md §8). */
async function shown(res: Response): Promise<string> {
  const body = (await res.json()) as { message: string };
  const outcome = callbackOutcome({ error: body.message });
  return outcome.kind === 'failed' ? outcome.message : 'signed in';
}

/** The stored login requests, oldest first (Postgres keeps no insertion order of its own). */
const loginRows = async () => await app.ctx.db.select().from(loginRequests).orderBy(asc(loginRequests.createdAt));

const me = (init: { cookie?: string; headers?: Record<string, string> }) => app.request('/api/profile/me', init);

describe('sign-in through the built-in provider', () => {
  test('a user signs in: token, user, redirect by role and a session cookie with the right flags', async () => {
    const s = await oidcSignIn(target, 'student@demo.ac.th');
    expect(s.body.status).toBe('success');
    expect(s.body.data.user).toMatchObject({ email: 'student@demo.ac.th', role: 'user', firstname: 'สมหญิง' });
    expect(s.body.data.redirect).toBe('/user/chat');
    expect(s.token.length).toBeGreaterThan(30);
    const flags = s.setCookie.split(';').map((p) => p.trim());
    expect(flags[0]).toBe(`askreg_session=${s.token}`);
    expect(flags).toContain('HttpOnly');
    expect(flags).toContain('SameSite=Lax');
    expect(flags).toContain('Path=/');
    expect(flags.some((f) => f.startsWith('Expires='))).toBe(true);
    expect(flags).not.toContain('Secure'); // PUBLIC_URL is http here
    const profile = await (await me({ cookie: s.cookie })).json();
    expect(profile.data).toMatchObject({ email: 'student@demo.ac.th', role: 'user' });
    expect(Object.keys(profile.data).sort()).toEqual(['email', 'firstname', 'id', 'lastname', 'photoUrl', 'responsibility', 'role']);
  });

  test('the demo admin signs in as admin (dev provider demo admins use the ADMIN_EMAILS mechanism)', async () => {
    const s = await oidcSignIn(target, 'admin@demo.ac.th');
    expect(s.body.data.user.role).toBe('admin');
    expect(s.body.data.redirect).toBe('/admin/management');
  });

  test('ADMIN_EMAILS makes a new person admin at first sign-in; others stay users', async () => {
    expect((await oidcSignIn(target, 'Dean@Uni.ac.th')).body.data.user.role).toBe('admin');
    expect((await oidcSignIn(target, 'someone@uni.ac.th')).body.data.user.role).toBe('user');
  });

  test('the Bearer token is the same session as the cookie', async () => {
    const s = await oidcSignIn(target, 'bearer@uni.ac.th');
    const res = await me({ headers: { authorization: `Bearer ${s.token}` } });
    expect(res.status).toBe(200);
    expect((await res.json()).data.email).toBe('bearer@uni.ac.th');
    expect((await me({ headers: { authorization: 'Bearer not-a-session' } })).status).toBe(401);
  });

  test('sessions rotate at sign-in: the cookie presented at the callback stops working', async () => {
    const first = await oidcSignIn(target, 'rotate@uni.ac.th');
    const second = await oidcSignIn(target, 'rotate@uni.ac.th', first.cookie);
    expect(second.token).not.toBe(first.token);
    expect((await me({ cookie: first.cookie })).status).toBe(401);
    expect((await me({ cookie: second.cookie })).status).toBe(200);
  });

  test('logout ends the session on the server and clears the cookie', async () => {
    const s = await oidcSignIn(target, 'logout@uni.ac.th');
    const out = await app.request('/api/auth/logout', { cookie: s.cookie });
    expect(out.status).toBe(200);
    expect(await out.json()).toEqual({ status: 'success' });
    expect(out.headers.get('set-cookie')).toContain('askreg_session=;');
    expect(out.headers.get('set-cookie')).toContain('Max-Age=0');
    // the old cookie (or the same token as Bearer) no longer works, even if the browser kept it
    expect((await me({ cookie: s.cookie })).status).toBe(401);
    expect((await me({ headers: { authorization: `Bearer ${s.token}` } })).status).toBe(401);
  });

  test('a session idle longer than SESSION_IDLE_HOURS, or past SESSION_MAX_DAYS, no longer works', async () => {
    const idle = await oidcSignIn(target, 'idle@uni.ac.th');
    const old = await oidcSignIn(target, 'old@uni.ac.th');
    const hours = app.ctx.config.sessionIdleHours;
    await app.ctx.db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - (hours + 1) * 3_600_000) })
      .where(eq(sessions.id, hashToken(idle.token)));
    await app.ctx.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.id, hashToken(old.token)));
    expect((await me({ cookie: idle.cookie })).status).toBe(401);
    expect((await me({ cookie: old.cookie })).status).toBe(401);
  });

  test('login stores a single-use, 10-minute login request and passes login_hint, PKCE S256 and nonce to the provider', async () => {
    const before = (await loginRows()).length;
    const { authorizeUrl } = await authorize(target, 'hint@uni.ac.th');
    const q = authorizeUrl.searchParams;
    expect(q.get('code_challenge_method')).toBe('S256');
    expect(q.get('login_hint')).toBe('hint@uni.ac.th');
    expect(q.get('nonce')?.length).toBeGreaterThan(20);
    expect(q.get('redirect_uri')).toBe(`${target.publicUrl}/auth/callback`);
    const rows = await loginRows();
    expect(rows.length).toBe(before + 1);
    const row = rows.at(-1)!;
    expect(row.stateHash).not.toBe(q.get('state')); // only the hash is stored
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBe(10 * 60_000);
  });

  test('redirectTo must be on our own origin', async () => {
    const res = await app.request(`/api/auth/login?redirectTo=${encodeURIComponent('https://evil.example/auth/callback')}`, { redirect: 'manual' });
    expect(res.status).toBe(400);
  });
});

describe('refused sign-ins', () => {
  test('missing code or state', async () => {
    for (const q of ['', '?code=abc', '?state=abc']) {
      const res = await app.request(`/api/auth/callback${q}`);
      expect(res.status).toBe(400);
      expect((await res.json()).message).toBe('Invalid callback parameters');
    }
  });

  test('tampered state', async () => {
    const { code, state } = await authorize(target, 'tamper@uni.ac.th');
    const res = await callback(target, code, state.slice(0, -2) + (state.endsWith('AA') ? 'BB' : 'AA'));
    expect(res.status).toBe(400);
    expect(await shown(res)).toBe(`Authentication failed: ${INVALID_STATE}. Redirecting to login...`);
  });

  test('login CSRF: a callback with a state this browser did not start is refused, and the sign-in stays usable by the browser that started it', async () => {
    // The attacker starts a sign-in and stops before the callback; the victim's browser is sent to it.
    const attacker = await authorize(target, 'attacker@uni.ac.th');
    const victim = await oidcSignIn(target, 'victim@uni.ac.th');
    const res = await callback(target, attacker.code, attacker.state, victim.cookie, { otherBrowser: true });
    expect(res.status).toBe(400);
    expect(await shown(res)).toBe(`Authentication failed: ${INVALID_STATE}. Redirecting to login...`);
    expect(res.headers.get('set-cookie')).toBeNull(); // the victim's session is untouched
    expect((await app.request('/api/profile/me', { cookie: victim.cookie })).status).toBe(200);
    // the login start's cookie is HttpOnly, short-lived and scoped to the callback API
    const start = await app.request('/api/auth/login', { redirect: 'manual' });
    const binding = start.headers.getSetCookie().find((c) => c.includes('askreg_login_'))!;
    expect(binding).toMatch(/HttpOnly/);
    expect(binding).toMatch(/Max-Age=600/);
    expect(binding).toMatch(/SameSite=Lax/);
    // the browser that started it finishes normally, and its login cookie is cleared
    const own = await callback(target, attacker.code, attacker.state);
    expect(own.status).toBe(200);
    expect(own.headers.getSetCookie().some((c) => c.includes('askreg_login_') && c.includes('Max-Age=0'))).toBe(true);
  });

  test('replayed callback (same code and state) is refused; the code also fails with a new state', async () => {
    const { code, state } = await authorize(target, 'replay@uni.ac.th');
    expect((await callback(target, code, state)).status).toBe(200);
    const again = await callback(target, code, state);
    expect(again.status).toBe(400);
    expect((await again.json()).message).toBe(INVALID_STATE);
    const fresh = await authorize(target, 'replay@uni.ac.th');
    const reused = await callback(target, code, fresh.state);
    expect(reused.status).toBe(401);
    expect(await shown(reused)).toBe('Authentication failed: ผู้ให้บริการปฏิเสธรหัสยืนยัน (invalid_grant). Redirecting to login...');
  });

  test('wrong nonce in the id token', async () => {
    const { code, state } = await authorize(target, 'nonce@uni.ac.th');
    await app.ctx.db.update(loginRequests).set({ nonce: 'some-other-nonce' });
    const res = await callback(target, code, state);
    expect(res.status).toBe(401);
    expect(res.headers.get('set-cookie')).toBeNull();
    expect(await shown(res)).toBe('Authentication failed: โทเค็นยืนยันตัวตนไม่ตรงกับคำขอเข้าสู่ระบบ (nonce). Redirecting to login...');
  });

  test('an expired login request', async () => {
    const { code, state } = await authorize(target, 'late@uni.ac.th');
    await app.ctx.db.update(loginRequests).set({ expiresAt: new Date(Date.now() - 1000) });
    const res = await callback(target, code, state);
    expect(res.status).toBe(400);
    expect(await shown(res)).toBe(`Authentication failed: ${INVALID_STATE}. Redirecting to login...`);
  });

  test('an expired authorization code', async () => {
    const short = await createTestApp();
    devProviderOverrides.set(short.ctx, { codeTtlSeconds: 1 });
    try {
      const t: AuthTarget = { request: short.request, publicUrl: short.ctx.config.publicUrl };
      const { code, state } = await authorize(t, 'slow@uni.ac.th');
      await Bun.sleep(2100);
      const res = await callback(t, code, state);
      expect(res.status).toBe(401);
      expect(await shown(res)).toBe('Authentication failed: ผู้ให้บริการปฏิเสธรหัสยืนยัน (invalid_grant). Redirecting to login...');
    } finally {
      await short.close();
    }
  });
});

describe('dev provider in production', () => {
  test('refused unless DEV_OIDC_IN_PRODUCTION=true, with a clear message', async () => {
    const prod = await createTestApp({ NODE_ENV: 'production', LOG_LEVEL: 'silent' });
    try {
      const plain = await prod.request('/api/auth/login', { redirect: 'manual' });
      expect(plain.status).toBe(503);
      expect((await plain.json()).message).toBe(DEV_PROVIDER_REFUSED);
      // a browser sign-in goes back to the callback page, which shows the reason and returns to /login
      const cb = `${prod.ctx.config.publicUrl}/auth/callback`;
      const res = await prod.request(`/api/auth/login?redirectTo=${encodeURIComponent(cb)}`, { redirect: 'manual' });
      expect(res.status).toBe(302);
      const loc = new URL(res.headers.get('location')!, cb);
      expect(loc.pathname).toBe('/auth/callback');
      expect(loc.searchParams.get('error_description')).toBe(DEV_PROVIDER_REFUSED);
      // refused means not served either: nobody reaches the demo provider's pages
      expect((await prod.request('/dev-oidc/.well-known/openid-configuration')).status).toBe(404);
    } finally {
      await prod.close();
    }
    const allowed = await createTestApp({ NODE_ENV: 'production', DEV_OIDC_IN_PRODUCTION: 'true', LOG_LEVEL: 'silent' });
    try {
      const s = await oidcSignIn({ request: allowed.request, publicUrl: allowed.ctx.config.publicUrl }, 'student@demo.ac.th');
      expect(s.body.data.user.role).toBe('user');
    } finally {
      await allowed.close();
    }
  });
});

test('the session cookie is Secure when PUBLIC_URL is https', async () => {
  const https = await createTestApp({ PUBLIC_URL: 'https://askreg.example.ac.th' });
  try {
    const c = sessionCookie(https.ctx, 'tok', new Date(Date.now() + 60_000));
    expect(c.split('; ')).toContain('Secure');
    expect(sessionCookie(app.ctx, 'tok', new Date(Date.now() + 60_000)).split('; ')).not.toContain('Secure');
  } finally {
    await https.close();
  }
});
