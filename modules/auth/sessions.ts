// Opaque random session tokens; only their SHA-256 is stored, so a leaked database holds no usable token.
import { eq, lt, or, sql } from 'drizzle-orm';
import { perApp, type AppContext } from '../../src/context';
import { prepareNamed } from '../../src/db/client';
import { SESSION_COOKIE } from '../../src/http/auth-context';
import type { UserRow } from './users';

export { SESSION_COOKIE };
const TOUCH_EVERY_MS = 60_000; // write lastSeenAt at most once a minute per session

export function hashToken(token: string): string {
  return new Bun.CryptoHasher('sha256').update(token).digest('hex');
}

export function newToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return Buffer.from(bytes).toString('base64url');
}

export interface CreatedSession {
  token: string;
  expiresAt: Date;
}

/** `idToken`: the IdP's id token of this sign-in, kept as the hint of a later sign-out at the IdP. */
export async function createSession(ctx: AppContext, userId: string, userAgent?: string | null, idToken?: string | null): Promise<CreatedSession> {
  const token = newToken();
  const now = Date.now();
  const expiresAt = new Date(now + ctx.config.sessionMaxDays * 86_400_000);
  await ctx.db.insert(ctx.tables.sessions).values({
    id: hashToken(token),
    userId,
    createdAt: new Date(now),
    lastSeenAt: new Date(now),
    expiresAt,
    userAgent: userAgent?.slice(0, 300) ?? null,
    idToken: idToken && idToken.length <= 16_000 ? idToken : null,
  });
  return { token, expiresAt };
}

/** Runs on every signed-in request: prepared once per app (building and compiling it each time cost ~0.2 ms). */
const sessionLookup = perApp((ctx: AppContext) => {
  const { sessions, users } = ctx.tables;
  return prepareNamed(
    ctx.db
      .select({ s: sessions, u: users })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(eq(sessions.id, sql.placeholder('id'))),
    'session_lookup',
  );
});

/** The signed-in user behind a token, or null when unknown, idle too long or past its absolute expiry. */
export async function resolveSession(ctx: AppContext, token: string | null | undefined): Promise<{ user: UserRow; sessionId: string } | null> {
  if (!token || token.length > 200) return null;
  const id = hashToken(token);
  const [row] = await sessionLookup(ctx).execute({ id });
  if (!row) return null;
  const now = Date.now();
  const idleLimit = ctx.config.sessionIdleHours * 3_600_000;
  const { sessions } = ctx.tables;
  if (row.s.expiresAt.getTime() <= now || now - row.s.lastSeenAt.getTime() > idleLimit) {
    await ctx.db.delete(sessions).where(eq(sessions.id, id));
    return null;
  }
  if (now - row.s.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
    await ctx.db
      .update(sessions)
      .set({ lastSeenAt: new Date(now) })
      .where(eq(sessions.id, id));
  }
  return { user: row.u, sessionId: id };
}

export async function destroySession(ctx: AppContext, token: string | null | undefined): Promise<boolean> {
  return (await endSession(ctx, token)) !== null;
}

/** Ends a session; returns its id token ('' when it had none), or null when there was no such session. */
export async function endSession(ctx: AppContext, token: string | null | undefined): Promise<string | null> {
  if (!token || token.length > 200) return null;
  const { sessions } = ctx.tables;
  const [row] = await ctx.db
    .delete(sessions)
    .where(eq(sessions.id, hashToken(token)))
    .returning({ idToken: sessions.idToken });
  return row ? (row.idToken ?? '') : null;
}

export async function destroyUserSessions(ctx: AppContext, userId: string): Promise<number> {
  const { sessions } = ctx.tables;
  return (await ctx.db.delete(sessions).where(eq(sessions.userId, userId)).returning({ id: sessions.id })).length;
}

export async function purgeExpiredSessions(ctx: AppContext): Promise<number> {
  const now = Date.now();
  const idleCutoff = new Date(now - ctx.config.sessionIdleHours * 3_600_000);
  const { sessions } = ctx.tables;
  const gone = await ctx.db
    .delete(sessions)
    .where(or(lt(sessions.expiresAt, new Date(now)), lt(sessions.lastSeenAt, idleCutoff)))
    .returning({ id: sessions.id });
  return gone.length;
}
