// A signed-in person for tests, written straight into the SQLite test database and synchronous, so the many tests
// that call `signIn(...)` inline need not await (the auth services are async since issue 36). The real sign-in path
// (upsertUserAtSignIn, createSession) is covered by the auth tests and tests/postgres/services.test.ts.
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../src/context';
import { users, sessions } from '../../modules/auth/schema';
import { hashToken, newToken, SESSION_COOKIE } from '../../modules/auth/sessions';

export interface SignedIn {
  cookie: string;
  token: string;
  userId: string;
}

export function signInSync(
  ctx: AppContext,
  email: string,
  role: 'user' | 'admin' = 'user',
  extra: { firstname?: string; lastname?: string; adminActive?: boolean; userAgent?: string } = {},
): SignedIn {
  if (ctx.dialect !== 'sqlite') throw new Error('signInSync writes the SQLite test database; on Postgres await the auth services');
  const address = email.trim().toLowerCase();
  const now = new Date();
  const names = { firstname: extra.firstname ?? 'ทดสอบ', lastname: extra.lastname ?? 'ผู้ใช้' };
  let user = ctx.db.select({ id: users.id }).from(users).where(eq(users.email, address)).get();
  if (!user) {
    user = { id: crypto.randomUUID() };
    ctx.db
      .insert(users)
      .values({ id: user.id, email: address, ...names, role: 'user', adminActive: true, createdAt: now, updatedAt: now, lastLoginAt: now })
      .run();
  }
  ctx.db
    .update(users)
    .set({ ...names, role, adminActive: extra.adminActive ?? true, updatedAt: now, lastLoginAt: now })
    .where(eq(users.id, user.id))
    .run();
  const token = newToken();
  const expiresAt = new Date(now.getTime() + ctx.config.sessionMaxDays * 86_400_000);
  ctx.db
    .insert(sessions)
    .values({ id: hashToken(token), userId: user.id, createdAt: now, lastSeenAt: now, expiresAt, userAgent: extra.userAgent ?? 'test', idToken: null })
    .run();
  return { cookie: `${SESSION_COOKIE}=${token}`, token, userId: user.id };
}
