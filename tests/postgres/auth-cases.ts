// Auth's cases of the conformance table (issue 36): sign-in records, sessions and login requests, on every database.
import { expect } from 'bun:test';
import { eq } from 'drizzle-orm';
import { consumeLoginRequest, saveLoginRequest } from '../../modules/auth/login-requests';
import { createSession, destroyUserSessions, endSession, purgeExpiredSessions, resolveSession } from '../../modules/auth/sessions';
import { findUserByEmail, upsertUserAtSignIn } from '../../modules/auth/users';
import { errorCode, type ServiceCase } from './service-cases';

export const authCases: ServiceCase[] = [
  {
    name: 'auth: sign-in creates then refreshes one account; a subject follows its account, another subject is refused',
    async run(ctx) {
      const first = await upsertUserAtSignIn(ctx, { email: ' Dean@Uni.ac.th ', subject: 'sub-1', issuer: 'https://idp', firstname: 'ก' });
      expect(first).toMatchObject({ email: 'dean@uni.ac.th', role: 'user', adminActive: true, subject: 'sub-1' });
      const again = await upsertUserAtSignIn(ctx, { email: 'dean.new@uni.ac.th', subject: 'sub-1', issuer: 'https://idp', lastname: 'ข' });
      expect(again).toMatchObject({ id: first.id, email: 'dean.new@uni.ac.th', firstname: 'ก', lastname: 'ข' });
      expect(again.lastLoginAt).toBeInstanceOf(Date);
      expect((await findUserByEmail(ctx, 'DEAN.NEW@uni.ac.th'))?.id).toBe(first.id);
      expect(await errorCode(upsertUserAtSignIn(ctx, { email: 'dean.new@uni.ac.th', subject: 'sub-2', issuer: 'https://idp' }))).toBe('unauthorized');
      const boot = await upsertUserAtSignIn(ctx, { email: 'boot@uni.ac.th' }, ['boot@uni.ac.th']);
      expect(boot).toMatchObject({ role: 'admin', adminActive: true });
    },
  },
  {
    name: 'auth: a session resolves to its user until it ends; idle and expired sessions are gone',
    async run(ctx) {
      const user = await upsertUserAtSignIn(ctx, { email: 'session@uni.ac.th', firstname: 'ส' });
      const a = await createSession(ctx, user.id, 'agent', 'id-token-a');
      const found = await resolveSession(ctx, a.token);
      expect(found?.user).toMatchObject({ id: user.id, email: 'session@uni.ac.th' });
      expect(await resolveSession(ctx, 'not-a-token')).toBeNull();
      expect(await endSession(ctx, a.token)).toBe('id-token-a');
      expect(await resolveSession(ctx, a.token)).toBeNull();
      expect(await endSession(ctx, a.token)).toBeNull();
      // an idle session: last seen longer ago than SESSION_IDLE_HOURS
      const b = await createSession(ctx, user.id);
      const { sessions } = ctx.tables;
      const longAgo = new Date(Date.now() - (ctx.config.sessionIdleHours + 1) * 3_600_000);
      await ctx.db.update(sessions).set({ lastSeenAt: longAgo }).where(eq(sessions.userId, user.id));
      expect(await resolveSession(ctx, b.token)).toBeNull();
      const c = await createSession(ctx, user.id);
      await createSession(ctx, user.id);
      await ctx.db
        .update(sessions)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(sessions.userId, user.id));
      expect(await purgeExpiredSessions(ctx)).toBeGreaterThanOrEqual(2);
      expect(await resolveSession(ctx, c.token)).toBeNull();
      await createSession(ctx, user.id);
      await createSession(ctx, user.id);
      expect(await destroyUserSessions(ctx, user.id)).toBe(2);
    },
  },
  {
    name: 'auth: a login request is consumed once, and not after it expires',
    async run(ctx) {
      const pending = { codeVerifier: 'v'.repeat(43), nonce: 'n1', redirectTo: '/user/chat' };
      await saveLoginRequest(ctx, 'state-1', pending);
      expect(await consumeLoginRequest(ctx, 'state-1')).toEqual(pending);
      expect(await consumeLoginRequest(ctx, 'state-1')).toBeNull();
      await saveLoginRequest(ctx, 'state-2', { ...pending, redirectTo: null });
      const { loginRequests } = ctx.tables;
      await ctx.db.update(loginRequests).set({ expiresAt: new Date(Date.now() - 1) });
      expect(await consumeLoginRequest(ctx, 'state-2')).toBeNull();
    },
  },
];
