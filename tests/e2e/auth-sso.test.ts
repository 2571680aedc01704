// SSO for real universities (issue 20 item 6), through the real built-in provider and the scripted fake issuer:
// admin from IdP groups or roles (granted and revoked at every sign-in), allowed e-mail domains, and sign-out
// at the IdP (RP-initiated logout) when its discovery offers end_session_endpoint.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { decodeJwt } from 'jose';
import { eq } from 'drizzle-orm';
import { createTestApp, createTestContext, type TestApp } from '../helpers/server';
import { createApp } from '../../src/app';
import { createLogger } from '../../src/logger';
import { authorize, callback, oidcSignIn, startFakeIssuer, type AuthTarget, type FakeIssuer } from '../helpers/oidc';
import { providerRuntime } from '../../modules/auth/provider-runtime';
import { users } from '../helpers/tables';
import { findUserByEmail } from '../../modules/auth/users';
import { callbackOutcome } from '../../web/islands/callback/callback-logic';

const targetOf = (app: TestApp): AuthTarget => ({ request: app.request, publicUrl: app.ctx.config.publicUrl });
async function demoAccounts(app: TestApp) {
  await providerRuntime(app.ctx).client();
  return providerRuntime(app.ctx).devProvider()!.accounts;
}
const roleOf = async (app: TestApp, email: string) => (await oidcSignIn(targetOf(app), email)).body.data.user.role;

describe('admins from IdP groups (OIDC_ADMIN_GROUPS)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp({ OIDC_ADMIN_GROUPS: 'askreg-admins' });
  });
  afterAll(() => app.close());

  test('joining the group grants admin at the next sign-in, leaving it revokes it (every session loses it)', async () => {
    const accounts = await demoAccounts(app);
    accounts.setGroups('lecturer@uni.ac.th', ['staff', 'AskReg-Admins']); // group names compare case-insensitively
    const first = await oidcSignIn(targetOf(app), 'lecturer@uni.ac.th');
    expect(first.body.data.user.role).toBe('admin');
    expect(first.body.data.redirect).toBe('/admin/management');
    expect((await findUserByEmail(app.ctx, 'lecturer@uni.ac.th'))!.adminSource).toBe('idp_group');
    expect((await app.request('/api/admins', { cookie: first.cookie })).status).toBe(200);

    expect((await findUserByEmail(app.ctx, 'lecturer@uni.ac.th'))!.responsibility).not.toBe('');
    accounts.setGroups('lecturer@uni.ac.th', ['staff']);
    expect(await roleOf(app, 'lecturer@uni.ac.th')).toBe('user');
    // the admin's position goes with the right (issue 34: it stayed)
    expect((await findUserByEmail(app.ctx, 'lecturer@uni.ac.th'))!.responsibility).toBe('');
    // the session opened while still in the group has no admin powers any more
    expect((await app.request('/api/admins', { cookie: first.cookie })).status).toBe(403);
  });

  test('a right given in the console is not revoked by the IdP, and a deactivated group admin stays deactivated', async () => {
    await app.signIn('registrar@uni.ac.th', 'admin'); // granted in the console
    expect(await roleOf(app, 'registrar@uni.ac.th')).toBe('admin');
    expect((await findUserByEmail(app.ctx, 'registrar@uni.ac.th'))!.adminSource).toBeNull();

    const accounts = await demoAccounts(app);
    accounts.setGroups('dean@uni.ac.th', ['askreg-admins']);
    expect(await roleOf(app, 'dean@uni.ac.th')).toBe('admin');
    await app.ctx.db.update(users).set({ adminActive: false }).where(eq(users.email, 'dean@uni.ac.th'));
    expect(await roleOf(app, 'dean@uni.ac.th')).toBe('user');
    expect(await findUserByEmail(app.ctx, 'dean@uni.ac.th')).toMatchObject({ role: 'admin', adminActive: false });
  });

  test('the access list says where each right comes from: ADMIN_EMAILS, the demo admin, an IdP group, the console', async () => {
    const withEmails = await createTestApp({ OIDC_ADMIN_GROUPS: 'askreg-admins', ADMIN_EMAILS: 'boss@uni.ac.th' });
    try {
      const accounts = await demoAccounts(withEmails);
      accounts.setGroups('lecturer@uni.ac.th', ['askreg-admins']);
      accounts.setGroups('boss@uni.ac.th', ['askreg-admins']); // configured and in the group: the configuration is what sticks
      for (const email of ['boss@uni.ac.th', 'admin@demo.ac.th', 'lecturer@uni.ac.th']) await oidcSignIn(targetOf(withEmails), email);
      const admin = await withEmails.signIn('registrar@uni.ac.th', 'admin');
      const list = (await (await withEmails.request('/api/admins', { cookie: admin.cookie })).json()) as { data: Array<{ email: string; source: string }> };
      const sources = Object.fromEntries(list.data.map((a) => [a.email, a.source]));
      expect(sources).toEqual({
        'boss@uni.ac.th': 'admin_emails',
        'admin@demo.ac.th': 'demo',
        'lecturer@uni.ac.th': 'idp_group',
        'registrar@uni.ac.th': 'console',
      });
      // granted again in the console, the group's right becomes the console's: leaving the group no longer revokes it
      const granted = await withEmails.request('/api/admins', {
        method: 'POST',
        cookie: admin.cookie,
        json: { email: 'lecturer@uni.ac.th', position: 'อาจารย์' },
      });
      expect(((await granted.json()) as { data: { source: string } }).data.source).toBe('console');
      accounts.setGroups('lecturer@uni.ac.th', []);
      expect(await roleOf(withEmails, 'lecturer@uni.ac.th')).toBe('admin');
    } finally {
      await withEmails.close();
    }
  });

  test('the demo accounts carry groups the ways Keycloak (realm_access.roles) and Entra ID (roles) send them; without OIDC_ADMIN_GROUPS groups grant nothing', async () => {
    const keycloak = await createTestApp({ OIDC_GROUPS_CLAIM: 'realm_access.roles', OIDC_ADMIN_GROUPS: 'club-leaders' });
    const entra = await createTestApp({ OIDC_GROUPS_CLAIM: 'roles', OIDC_ADMIN_GROUPS: 'club-leaders' });
    const none = await createTestApp({}); // no OIDC_ADMIN_GROUPS: groups grant nothing
    try {
      expect(await roleOf(keycloak, 'club@demo.ac.th')).toBe('admin');
      expect(await roleOf(keycloak, 'student@demo.ac.th')).toBe('user');
      expect(await roleOf(entra, 'club@demo.ac.th')).toBe('admin');
      expect(await roleOf(none, 'club@demo.ac.th')).toBe('user');
    } finally {
      await Promise.all([keycloak.close(), entra.close(), none.close()]);
    }
  });
});

describe('an external issuer', () => {
  const now = () => Math.floor(Date.now() / 1000);
  const env = (fake: FakeIssuer, extra: Record<string, string> = {}) => ({
    OIDC_ISSUER: fake.issuer,
    OIDC_CLIENT_ID: 'askreg-client',
    OIDC_CLIENT_SECRET: 's3cret',
    ...extra,
  });
  const token = (fake: FakeIssuer, claims: Record<string, unknown>) => (c: { nonce: string }) =>
    fake.sign({ iss: fake.issuer, aud: 'askreg-client', sub: 'fake-sub', nonce: c.nonce, iat: now(), exp: now() + 300, ...claims });

  test('groups at a dotted path in the id token, or from userinfo when the token has none', async () => {
    const fake = await startFakeIssuer('askreg-client', { userinfo: { groups: ['ict-staff', 'askreg-admin'] } });
    const app = await createTestApp(env(fake, { OIDC_ADMIN_GROUPS: 'askreg-admin' }));
    const keycloak = await createTestApp(env(fake, { OIDC_GROUPS_CLAIM: 'realm_access.roles', OIDC_ADMIN_GROUPS: 'realm-admin' }));
    try {
      fake.idToken = token(fake, { email: 'a@uni.ac.th' }); // no groups in the token: userinfo's count
      expect(await roleOf(app, 'ignored@uni.ac.th')).toBe('admin');
      fake.idToken = token(fake, { email: 'a@uni.ac.th', groups: ['ict-staff'] }); // the token's own groups win
      expect(await roleOf(app, 'ignored@uni.ac.th')).toBe('user');
      fake.idToken = token(fake, { email: 'k@uni.ac.th', realm_access: { roles: ['offline_access', 'realm-admin'] } });
      expect(await roleOf(keycloak, 'ignored@uni.ac.th')).toBe('admin');
    } finally {
      await Promise.all([app.close(), keycloak.close()]);
      fake.stop();
    }
  });

  test('sign-out goes to the IdP end_session_endpoint with the id token as hint, or to /landing when it has none', async () => {
    const withEnd = await startFakeIssuer('askreg-client', { endSession: true });
    const without = await startFakeIssuer('askreg-client');
    const a = await createTestApp(env(withEnd));
    const b = await createTestApp(env(without));
    try {
      let issued = '';
      withEnd.idToken = async (c) => (issued = await token(withEnd, { email: 'out@uni.ac.th' })(c));
      const s = await oidcSignIn(targetOf(a), 'ignored@uni.ac.th');
      const out = await a.request('/auth/logout', { cookie: s.cookie, redirect: 'manual' });
      expect(out.status).toBe(303);
      const next = new URL(out.headers.get('location')!);
      expect(`${next.origin}${next.pathname}`).toBe(`${withEnd.issuer}/logout`);
      expect(next.searchParams.get('id_token_hint')).toBe(issued);
      expect(next.searchParams.get('post_logout_redirect_uri')).toBe(`${a.ctx.config.publicUrl}/landing`);
      expect(next.searchParams.get('client_id')).toBe('askreg-client');
      expect(out.headers.get('set-cookie')).toContain('Max-Age=0');
      expect((await a.request('/api/profile/me', { cookie: s.cookie })).status).toBe(401);

      // with a real IdP configured the built-in provider is not served at all
      expect((await a.request('/dev-oidc/.well-known/openid-configuration')).status).toBe(404);

      without.idToken = token(without, { email: 'out@uni.ac.th' });
      const t = await oidcSignIn(targetOf(b), 'ignored@uni.ac.th');
      const plain = await b.request('/auth/logout', { cookie: t.cookie, redirect: 'manual' });
      expect(plain.headers.get('location')).toBe('/landing');
      expect((await b.request('/api/profile/me', { cookie: t.cookie })).status).toBe(401);
    } finally {
      await Promise.all([a.close(), b.close()]);
      withEnd.stop();
      without.stop();
    }
  });
});

describe('allowed e-mail domains (OIDC_ALLOWED_DOMAINS)', () => {
  test('another domain is refused at the callback with a Thai reason and nothing recorded; the allowed one signs in', async () => {
    const app = await createTestApp({ OIDC_ALLOWED_DOMAINS: 'uni.ac.th, student.uni.ac.th' });
    try {
      const { code, state } = await authorize(targetOf(app), 'somchai@gmail.com');
      const res = await callback(targetOf(app), code, state);
      expect(res.status).toBe(401);
      expect(res.headers.get('set-cookie')).toBeNull();
      const body = (await res.json()) as { message: string };
      expect(callbackOutcome({ error: body.message })).toEqual({
        kind: 'failed',
        message: 'Authentication failed: บัญชีนี้ไม่ได้รับอนุญาตให้เข้าสู่ระบบ ใช้ได้เฉพาะอีเมลของมหาวิทยาลัย (@uni.ac.th, @student.uni.ac.th). Redirecting to login...',
      });
      expect(await findUserByEmail(app.ctx, 'somchai@gmail.com')).toBeUndefined();
      // a look-alike domain is not a sub- or super-domain match
      const { code: c2, state: s2 } = await authorize(targetOf(app), 'x@evil-uni.ac.th');
      expect((await callback(targetOf(app), c2, s2)).status).toBe(401);
      expect((await oidcSignIn(targetOf(app), '6401@student.uni.ac.th')).body.data.user.email).toBe('6401@student.uni.ac.th');
    } finally {
      await app.close();
    }
  });
});

describe('sign-out at the built-in provider', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  test('/auth/logout ends the session, then the provider signs out and returns to /landing', async () => {
    const s = await oidcSignIn(targetOf(app), 'student@demo.ac.th');
    const out = await app.request('/auth/logout', { cookie: s.cookie, redirect: 'manual' });
    expect(out.status).toBe(303);
    const end = new URL(out.headers.get('location')!);
    expect(end.pathname).toBe('/dev-oidc/session/end');
    expect(decodeJwt(end.searchParams.get('id_token_hint')!).email).toBe('student@demo.ac.th');
    expect((await app.request('/api/profile/me', { cookie: s.cookie })).status).toBe(401);

    // the provider's page posts its own form (xsrf in a cookie and a field) and sends the browser back
    const page = await app.request(end.pathname + end.search, { redirect: 'manual' });
    expect(page.status).toBe(200);
    // on the app's own origin, the provider's pages run only their own script and cannot be framed
    const csp = (page.headers.get('content-security-policy') ?? '').split(';').map((d) => d.trim());
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("form-action 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp.find((d) => d.startsWith('script-src'))).toMatch(/^script-src( 'sha256-[\w+/=]+')+$/);
    const html = await page.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)![1]!;
    const fields = new URLSearchParams([...html.matchAll(/<input type="hidden" name="(\w+)" value="([^"]*)"/g)].map((m) => [m[1]!, m[2]!] as [string, string]));
    expect(fields.get('logout')).toBe('yes');
    const jar = page.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const done = await app.request(new URL(action, end).pathname, {
      method: 'POST',
      body: fields.toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      cookie: jar,
      redirect: 'manual',
    });
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe(`${app.ctx.config.publicUrl}/landing`);
  });

  test('the spec API keeps its answer; a cross-site sign-out is refused; without a session it just goes to /landing', async () => {
    const s = await oidcSignIn(targetOf(app), 'club@demo.ac.th');
    const cross = await app.request('/auth/logout', { cookie: s.cookie, headers: { 'sec-fetch-site': 'cross-site' }, redirect: 'manual' });
    expect(cross.status).toBe(403);
    expect((await app.request('/api/profile/me', { cookie: s.cookie })).status).toBe(200);
    const api = await app.request('/api/auth/logout', { cookie: s.cookie });
    expect(await api.json()).toEqual({ status: 'success' });
    const after = await app.request('/auth/logout', { cookie: s.cookie, redirect: 'manual' });
    expect(after.headers.get('location')).toBe('/landing');
  });
});

test('DEV_OIDC_PORT, no longer used, is named in a warning at start', async () => {
  const lines: string[] = [];
  const opened = await createTestContext(
    { DEV_OIDC_PORT: '4000', LOG_LEVEL: 'warn' },
    createLogger('warn', 'json', {}, (l) => lines.push(l) > 0),
  );
  try {
    createApp(opened.ctx);
    expect(lines.some((l) => l.includes('DEV_OIDC_PORT is no longer used'))).toBe(true);
  } finally {
    await opened.close();
  }
});
