// Issue 34 finding 1: an account is the IdP's issuer + subject, not the e-mail claim. A provider that lets its
// users choose their e-mail (the scripted issuer here) must not hand out an existing account, nor its admin right.
import { afterAll, beforeAll, describe, expect, spyOn, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../helpers/server';
import { authorize, callback, oidcSignIn, startFakeIssuer, type AuthTarget, type FakeIssuer } from '../helpers/oidc';
import { users } from '../helpers/tables';
import { findUserByEmail } from '../../modules/auth/users';
import { IDENTITY_MESSAGES } from '../../modules/auth/identity';

const now = () => Math.floor(Date.now() / 1000);
let fake: FakeIssuer;
let app: TestApp;
let target: AuthTarget;

/** The next sign-in at the provider says this about the person. */
function provider(claims: Record<string, unknown>) {
  fake.idToken = (c) => fake.sign({ iss: fake.issuer, aud: 'askreg-client', nonce: c.nonce, iat: now(), exp: now() + 300, ...claims });
}
async function attempt(): Promise<{ status: number; body: { message?: string; data?: { user: { id: string; role: string; firstname: string } } } }> {
  const { code, state } = await authorize(target, 'ignored@uni.ac.th');
  const res = await callback(target, code, state);
  return { status: res.status, body: (await res.json()) as never };
}

beforeAll(async () => {
  fake = await startFakeIssuer('askreg-client');
  app = await createTestApp({ OIDC_ISSUER: fake.issuer, OIDC_CLIENT_ID: 'askreg-client', OIDC_CLIENT_SECRET: 's3cret', ADMIN_EMAILS: 'dean@uni.ac.th' });
  target = { request: app.request, publicUrl: app.ctx.config.publicUrl };
});
afterAll(async () => {
  await app.close();
  fake.stop();
});

describe('identity by issuer and subject', () => {
  test("another subject with the admin's e-mail (any case, unverified or not) is refused, logged, and changes nothing", async () => {
    provider({ sub: 'dean-sub', email: 'dean@uni.ac.th', email_verified: true, given_name: 'คณบดี' });
    const dean = await attempt();
    expect(dean.status).toBe(200);
    expect(dean.body.data!.user.role).toBe('admin');
    const warn = spyOn(app.ctx.log, 'warn');
    try {
      for (const verified of [false, true, undefined]) {
        provider({ sub: 'attacker-sub', email: 'DEAN@uni.ac.th', email_verified: verified, given_name: 'ผู้บุกรุก' });
        const r = await attempt();
        expect(r.status).toBe(401);
        expect(r.body.message).toContain(IDENTITY_MESSAGES.otherSubject);
      }
      expect(warn.mock.calls.filter(([m]) => m.startsWith('sign-in refused')).length).toBe(3);
      expect(JSON.stringify(warn.mock.calls)).not.toContain('dean@uni.ac.th');
    } finally {
      warn.mockRestore();
    }
    const row = (await findUserByEmail(app.ctx, 'dean@uni.ac.th'))!;
    expect(row).toMatchObject({ id: dean.body.data!.user.id, subject: 'dean-sub', firstname: 'คณบดี', role: 'admin' });
    expect(await app.ctx.db.select().from(users).where(eq(users.subject, 'attacker-sub'))).toHaveLength(0);
  });

  test('an account from before subjects were kept is bound at its next verified sign-in, never at an unverified one', async () => {
    await app.signIn('old@uni.ac.th', 'admin'); // made without a subject
    provider({ sub: 'old-sub', email: 'old@uni.ac.th', email_verified: false });
    const unverified = await attempt();
    expect(unverified.status).toBe(401);
    expect(unverified.body.message).toContain(IDENTITY_MESSAGES.unverified);
    expect((await findUserByEmail(app.ctx, 'old@uni.ac.th'))!.subject).toBeNull();

    provider({ sub: 'old-sub', email: 'old@uni.ac.th' }); // no email_verified sent: bound
    expect((await attempt()).body.data!.user.role).toBe('admin');
    expect(await findUserByEmail(app.ctx, 'old@uni.ac.th')).toMatchObject({ subject: 'old-sub', issuer: fake.issuer });
    provider({ sub: 'old-sub-2', email: 'old@uni.ac.th', email_verified: true });
    expect((await attempt()).status).toBe(401);
  });

  test('the same subject is the same account when its e-mail changes; a taken or unverified address is not taken over', async () => {
    provider({ sub: 'mover', email: 'mover@uni.ac.th', email_verified: true });
    const first = (await attempt()).body.data!.user.id;
    provider({ sub: 'mover', email: 'moved@uni.ac.th', email_verified: true });
    expect((await attempt()).body.data!.user.id).toBe(first);
    expect((await findUserByEmail(app.ctx, 'moved@uni.ac.th'))!.id).toBe(first);
    provider({ sub: 'mover', email: 'dean@uni.ac.th', email_verified: true }); // another account's address
    const r = await attempt();
    expect(r.body.data!.user).toMatchObject({ id: first, role: 'user' });
    expect((await findUserByEmail(app.ctx, 'moved@uni.ac.th'))!.id).toBe(first);
    provider({ sub: 'mover', email: 'unverified@uni.ac.th', email_verified: 'false' });
    await attempt();
    expect(await findUserByEmail(app.ctx, 'unverified@uni.ac.th')).toBeUndefined();
  });

  test('an unverified ADMIN_EMAILS address grants no admin right to a new account', async () => {
    await app.ctx.db.delete(users).where(eq(users.email, 'dean@uni.ac.th'));
    provider({ sub: 'squatter', email: 'dean@uni.ac.th', email_verified: false });
    const r = await attempt();
    expect(r.status).toBe(200);
    expect(r.body.data!.user.role).toBe('user');
  });

  test('the built-in provider (subject = e-mail) still signs people in', async () => {
    const other = await createTestApp();
    try {
      const a = await oidcSignIn({ request: other.request, publicUrl: other.ctx.config.publicUrl }, 'student@uni.ac.th');
      const b = await oidcSignIn({ request: other.request, publicUrl: other.ctx.config.publicUrl }, 'student@uni.ac.th');
      expect(a.body.data.user.id).toBe(b.body.data.user.id);
    } finally {
      await other.close();
    }
  });
});
