// A signed-in person for tests, written straight into the test database. On SQLite it is written at once, so the many
// tests that call `signIn(...)` inline need not await; on Postgres (TEST_DATABASE=postgres) the write is a query to
// await: `await signIn(...)` works on both, and a test that runs on both awaits it. The real sign-in path
// (upsertUserAtSignIn, createSession) is covered by the auth tests and tests/postgres/services.test.ts.
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../src/context';
import { firstRow } from '../../src/db/client';
import { users, sessions } from '../../modules/auth/schema';
import { hashToken, newToken, SESSION_COOKIE } from '../../modules/auth/sessions';

export interface SignedIn {
  cookie: string;
  token: string;
  userId: string;
}
/** The signed-in person, and a promise of it: read its fields at once on SQLite, `await` it on either database. */
export type PendingSignIn = SignedIn & Promise<SignedIn>;

export interface SignInExtra {
  firstname?: string;
  lastname?: string;
  adminActive?: boolean;
  userAgent?: string;
}

export function signInSync(ctx: AppContext, email: string, role: 'user' | 'admin' = 'user', extra: SignInExtra = {}): SignedIn {
  if (ctx.dialect !== 'sqlite') throw new Error('signInSync writes the SQLite test database; on Postgres await signIn(...)');
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

/** The same rows through queries both dialects run. */
export async function signInAsync(ctx: AppContext, email: string, role: 'user' | 'admin' = 'user', extra: SignInExtra = {}): Promise<SignedIn> {
  const t = ctx.tables;
  const address = email.trim().toLowerCase();
  const now = new Date();
  const names = { firstname: extra.firstname ?? 'ทดสอบ', lastname: extra.lastname ?? 'ผู้ใช้' };
  let user = await firstRow(ctx.db.select({ id: t.users.id }).from(t.users).where(eq(t.users.email, address)));
  if (!user) {
    user = { id: crypto.randomUUID() };
    await ctx.db
      .insert(t.users)
      .values({ id: user.id, email: address, ...names, role: 'user', adminActive: true, createdAt: now, updatedAt: now, lastLoginAt: now });
  }
  await ctx.db
    .update(t.users)
    .set({ ...names, role, adminActive: extra.adminActive ?? true, updatedAt: now, lastLoginAt: now })
    .where(eq(t.users.id, user.id));
  const token = newToken();
  const expiresAt = new Date(now.getTime() + ctx.config.sessionMaxDays * 86_400_000);
  await ctx.db
    .insert(t.sessions)
    .values({ id: hashToken(token), userId: user.id, createdAt: now, lastSeenAt: now, expiresAt, userAgent: extra.userAgent ?? 'test', idToken: null });
  return { cookie: `${SESSION_COOKIE}=${token}`, token, userId: user.id };
}

/** Signs in on either database: see PendingSignIn. On Postgres reading a field before awaiting throws (a test to convert). */
export function signIn(ctx: AppContext, email: string, role: 'user' | 'admin' = 'user', extra: SignInExtra = {}): PendingSignIn {
  if (ctx.dialect === 'sqlite') {
    const done = signInSync(ctx, email, role, extra);
    return Object.assign(Promise.resolve(done), done);
  }
  const pending = signInAsync(ctx, email, role, extra);
  const early = () => {
    throw new Error('signIn(...) on Postgres: await it before reading cookie, token or userId');
  };
  return Object.defineProperties(pending, { cookie: { get: early }, token: { get: early }, userId: { get: early } }) as PendingSignIn;
}
