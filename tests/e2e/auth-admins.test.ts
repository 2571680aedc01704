// Admin access rights API: every rule of console.md §5/§6 plus ours (no self-revoke, a last active admin), on the test
// database (SQLite, or Postgres under TEST_DATABASE=postgres).
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { createTestApp, type TestApp } from '../helpers/server';
import { TEXT } from '../../modules/admins/service';
import { oidcSignIn } from '../helpers/oidc';

let app: TestApp;
let boss: { cookie: string; userId: string };
beforeAll(async () => {
  app = await createTestApp();
  boss = await app.signIn('boss@uni.ac.th', 'admin', { firstname: 'บอส', lastname: 'ใหญ่' });
});
afterAll(() => app.close());

const call = (method: string, path: string, cookie: string, json?: unknown) => app.request(path, { method, cookie, json });
const body = async (r: Response) => (await r.json()) as { status: string; message?: string; data?: any };
const me = async (t: TestApp, cookie: string) => (await body(await t.request('/api/profile/me', { cookie }))).data as { role: string };

describe('access', () => {
  test('signed-out → 401, plain user → 403 on every admins route', async () => {
    const user = await app.signIn('plain@uni.ac.th', 'user');
    const routes: Array<[string, string, unknown]> = [
      ['GET', '/api/admins', undefined],
      ['POST', '/api/admins', { email: 'plain@uni.ac.th', position: 'x' }],
      ['PATCH', '/api/admins/status', { email: 'boss@uni.ac.th', isActive: false }],
      ['PATCH', '/api/admins/position', { email: 'boss@uni.ac.th', responsibility: 'x' }],
      ['DELETE', '/api/admins', { email: 'boss@uni.ac.th' }],
    ];
    for (const [m, p, j] of routes) {
      const anon = await call(m, p, '', j);
      expect([m, p, anon.status]).toEqual([m, p, 401]);
      expect((await body(anon)).message).toBe('Authentication required. Please log in.');
      const denied = await call(m, p, user.cookie, j);
      expect([m, p, denied.status]).toEqual([m, p, 403]);
      expect((await body(denied)).message).toBe('Access denied. Admin privileges required.');
    }
  });
});

describe('grant', () => {
  test('grants rights to someone who signed in; e-mail trimmed and case-insensitive', async () => {
    await app.signIn('staff1@uni.ac.th', 'user', { firstname: 'สมร', lastname: 'ดีงาม' });
    const r = await call('POST', '/api/admins', boss.cookie, { email: '  Staff1@UNI.ac.th ', position: ' เจ้าหน้าที่กิจการนักศึกษา ' });
    expect(r.status).toBe(200);
    const item = (await body(r)).data;
    expect(Object.keys(item).sort()).toEqual(['email', 'firstname', 'id', 'lastname', 'responsibility', 'role', 'source', 'status', 'updatedAt', 'user_image']);
    expect(item).toMatchObject({ email: 'staff1@uni.ac.th', role: 'admin', status: true, responsibility: 'เจ้าหน้าที่กิจการนักศึกษา', firstname: 'สมร' });
    expect(Number.isNaN(Date.parse(item.updatedAt))).toBe(false);
  });

  test('invalid e-mail → 400; blank position → 400', async () => {
    const bad = await call('POST', '/api/admins', boss.cookie, { email: 'not-an-email', position: 'x' });
    expect(bad.status).toBe(400);
    expect((await body(bad)).message).toBe(TEXT.invalidEmail);
    await app.signIn('staff2@uni.ac.th', 'user');
    const blank = await call('POST', '/api/admins', boss.cookie, { email: 'staff2@uni.ac.th', position: '   ' });
    expect(blank.status).toBe(400);
    expect((await body(blank)).message).toBe(TEXT.positionRequired);
  });

  test('someone who never signed in → 404 whose text mentions user and email', async () => {
    const r = await call('POST', '/api/admins', boss.cookie, { email: 'ghost@uni.ac.th', position: 'x' });
    expect(r.status).toBe(404);
    const msg = (await body(r)).message!;
    expect(msg).toMatch(/user/i);
    expect(msg).toMatch(/email/i);
  });
});

describe('list and search', () => {
  test('lists admins only; search matches e-mail, name and position, case-insensitively', async () => {
    const all = (await body(await call('GET', '/api/admins', boss.cookie))).data as Array<{ email: string }>;
    expect(all.map((a) => a.email).sort()).toEqual(['boss@uni.ac.th', 'staff1@uni.ac.th']);
    const q = async (s: string) =>
      ((await body(await call('GET', `/api/admins?search=${encodeURIComponent(s)}`, boss.cookie))).data as Array<{ email: string }>).map((a) => a.email);
    expect(await q('STAFF1')).toEqual(['staff1@uni.ac.th']);
    expect(await q('ดีงาม')).toEqual(['staff1@uni.ac.th']);
    expect(await q('กิจการ')).toEqual(['staff1@uni.ac.th']);
    expect(await q('%')).toEqual([]); // LIKE wildcards are literal
    expect(await q('nobody')).toEqual([]);
  });
});

describe('position', () => {
  test('updates the position; blank refused; non-admin → 404', async () => {
    const ok = await call('PATCH', '/api/admins/position', boss.cookie, { email: 'staff1@uni.ac.th', responsibility: 'หัวหน้างาน' });
    expect((await body(ok)).data.responsibility).toBe('หัวหน้างาน');
    expect((await call('PATCH', '/api/admins/position', boss.cookie, { email: 'staff1@uni.ac.th', responsibility: ' ' })).status).toBe(400);
    expect((await call('PATCH', '/api/admins/position', boss.cookie, { email: 'staff2@uni.ac.th', responsibility: 'x' })).status).toBe(404);
  });
});

describe('status and revoke', () => {
  test('no admin may deactivate or revoke themselves', async () => {
    const d = await call('PATCH', '/api/admins/status', boss.cookie, { email: 'boss@uni.ac.th', isActive: false });
    expect(d.status).toBe(400);
    expect((await body(d)).message).toBe(TEXT.selfDeactivate);
    const r = await call('DELETE', '/api/admins', boss.cookie, { email: 'BOSS@uni.ac.th' });
    expect(r.status).toBe(400);
    expect((await body(r)).message).toBe(TEXT.selfRevoke);
  });

  test('a deactivated admin loses admin powers at once, and gets them back when re-activated', async () => {
    const staff = await app.signIn('staff3@uni.ac.th', 'user');
    await call('POST', '/api/admins', boss.cookie, { email: 'staff3@uni.ac.th', position: 'ผู้ช่วย' });
    expect((await call('GET', '/api/admins', staff.cookie)).status).toBe(200);
    const off = await call('PATCH', '/api/admins/status', boss.cookie, { email: 'staff3@uni.ac.th', isActive: false });
    expect((await body(off)).data).toMatchObject({ status: false, role: 'admin' });
    expect((await call('GET', '/api/admins', staff.cookie)).status).toBe(403); // same session, next request
    const profile = await body(await app.request('/api/profile/me', { cookie: staff.cookie }));
    expect(profile.data.role).toBe('user');
    await call('PATCH', '/api/admins/status', boss.cookie, { email: 'staff3@uni.ac.th', isActive: true });
    expect((await call('GET', '/api/admins', staff.cookie)).status).toBe(200);
  });

  test('revoke makes the person a plain user at once', async () => {
    const staff = await app.signIn('staff4@uni.ac.th', 'user');
    await call('POST', '/api/admins', boss.cookie, { email: 'staff4@uni.ac.th', position: 'ผู้ช่วย' });
    const r = await call('DELETE', '/api/admins', boss.cookie, { email: 'staff4@uni.ac.th' });
    expect(r.status).toBe(200);
    expect((await body(r)).data).toMatchObject({ role: 'user', email: 'staff4@uni.ac.th' });
    expect((await call('GET', '/api/admins', staff.cookie)).status).toBe(403);
    expect((await call('DELETE', '/api/admins', boss.cookie, { email: 'staff4@uni.ac.th' })).status).toBe(404); // no longer an admin
  });

  test('the last active admin cannot be deactivated or removed', async () => {
    const solo = await createTestApp();
    try {
      const a = await solo.signIn('a@uni.ac.th', 'admin');
      const b = await solo.signIn('b@uni.ac.th', 'admin');
      const req = (m: string, p: string, c: string, j: unknown) => solo.request(p, { method: m, cookie: c, json: j });
      // a deactivates b: fine, a is still active
      expect((await req('PATCH', '/api/admins/status', a.cookie, { email: 'b@uni.ac.th', isActive: false })).status).toBe(200);
      // b (inactive, so no powers) cannot act; a is now the last active admin — nobody may remove a
      expect((await req('DELETE', '/api/admins', b.cookie, { email: 'a@uni.ac.th' })).status).toBe(403);
      const { revokeAdmin, setAdminActive } = await import('../../modules/admins/service');
      expect(revokeAdmin(solo.ctx, null, 'a@uni.ac.th')).rejects.toThrow(TEXT.lastAdmin);
      expect(setAdminActive(solo.ctx, null, 'a@uni.ac.th', false)).rejects.toThrow(TEXT.lastAdmin);
      // an inactive admin may still be removed while another stays active
      expect((await revokeAdmin(solo.ctx, null, 'b@uni.ac.th')).role).toBe('user');
    } finally {
      await solo.close();
    }
  });

  test('validation: isActive must be a boolean, e-mail capped', async () => {
    expect((await call('PATCH', '/api/admins/status', boss.cookie, { email: 'staff1@uni.ac.th', isActive: 'no' })).status).toBe(400);
    expect((await call('POST', '/api/admins', boss.cookie, { email: 'a'.repeat(400) + '@x.th', position: 'x' })).status).toBe(400);
  });
});

describe('accounts ADMIN_EMAILS configures', () => {
  test('revoking them is refused (409, Thai text naming the setting); deactivation works and survives the next sign-in', async () => {
    const conf = await createTestApp({ ADMIN_EMAILS: 'dean@uni.ac.th' });
    try {
      const target = { request: conf.request, publicUrl: conf.ctx.config.publicUrl };
      const dean = await oidcSignIn(target, 'dean@uni.ac.th'); // made admin by ADMIN_EMAILS at sign-in
      expect(dean.body.data.user.role).toBe('admin');
      const head = await conf.signIn('head@uni.ac.th', 'admin');
      const req = (m: string, j: unknown, path = '/api/admins') => conf.request(path, { method: m, cookie: head.cookie, json: j });

      const refused = await req('DELETE', { email: ' Dean@uni.ac.th' });
      expect(refused.status).toBe(409);
      expect((await body(refused)).message).toBe(TEXT.configuredAdmin('dean@uni.ac.th'));
      expect(TEXT.configuredAdmin('dean@uni.ac.th')).toContain('ADMIN_EMAILS');
      expect((await me(conf, dean.cookie)).role).toBe('admin'); // nothing changed
      // the built-in provider's demo admin is configured the same way while that provider is the sign-in
      await oidcSignIn(target, 'admin@demo.ac.th');
      const demo = await req('DELETE', { email: 'admin@demo.ac.th' });
      expect(demo.status).toBe(409);
      expect((await body(demo)).message).toBe(TEXT.demoAdmin('admin@demo.ac.th')); // not blamed on ADMIN_EMAILS
      expect(TEXT.demoAdmin('admin@demo.ac.th')).toContain('OIDC_ISSUER');

      const off = await req('PATCH', { email: 'dean@uni.ac.th', isActive: false }, '/api/admins/status');
      expect((await body(off)).data).toMatchObject({ status: false, role: 'admin' });
      expect((await me(conf, dean.cookie)).role).toBe('user');
      const again = await oidcSignIn(target, 'dean@uni.ac.th'); // the bootstrap does not switch it back on
      expect(again.body.data.user.role).toBe('user');
      expect((await me(conf, again.cookie)).role).toBe('user');
      // an admin nobody configured is still revoked as before
      await conf.signIn('aide@uni.ac.th', 'admin');
      expect((await req('DELETE', { email: 'aide@uni.ac.th' })).status).toBe(200);
    } finally {
      await conf.close();
    }
  });
});
