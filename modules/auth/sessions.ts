// Opaque random session tokens; only their SHA-256 is stored, so a leaked database holds no usable token.
import { eq, lt, or, sql } from 'drizzle-orm';
import { perApp, type AppContext } from '../../src/context';
import { sessions, users } from './schema';
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
export function createSession(ctx: AppContext, userId: string, userAgent?: string | null, idToken?: string | null): CreatedSession {
  const token = newToken();
  const now = Date.now();
  const expiresAt = new Date(now + ctx.config.sessionMaxDays * 86_400_000);
  ctx.db
    .insert(sessions)
    .values({
      id: hashToken(token),
      userId,
      createdAt: new Date(now),
      lastSeenAt: new Date(now),
      expiresAt,
      userAgent: userAgent?.slice(0, 300) ?? null,
      idToken: idToken && idToken.length <= 16_000 ? idToken : null,
    })
    .run();
  return { token, expiresAt };
}

/** Runs on every signed-in request: prepared once per app (building and compiling it each time cost ~0.2 ms). */
const sessionLookup = perApp((ctx: AppContext) =>
  ctx.db
    .select({ s: sessions, u: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, sql.placeholder('id')))
    .prepare(),
);

/** The signed-in user behind a token, or null when unknown, idle too long or past its absolute expiry. */
export function resolveSession(ctx: AppContext, token: string | null | undefined): { user: UserRow; sessionId: string } | null {
  if (!token || token.length > 200) return null;
  const id = hashToken(token);
  const row = sessionLookup(ctx).get({ id });
  if (!row) return null;
  const now = Date.now();
  const idleLimit = ctx.config.sessionIdleHours * 3_600_000;
  if (row.s.expiresAt.getTime() <= now || now - row.s.lastSeenAt.getTime() > idleLimit) {
    ctx.db.delete(sessions).where(eq(sessions.id, id)).run();
    return null;
  }
  if (now - row.s.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
    ctx.db
      .update(sessions)
      .set({ lastSeenAt: new Date(now) })
      .where(eq(sessions.id, id))
      .run();
  }
  return { user: row.u, sessionId: id };
}

export function destroySession(ctx: AppContext, token: string | null | undefined): boolean {
  return endSession(ctx, token) !== null;
}

/** Ends a session; returns its id token ('' when it had none), or null when there was no such session. */
export function endSession(ctx: AppContext, token: string | null | undefined): string | null {
  if (!token || token.length > 200) return null;
  const row = ctx.db
    .delete(sessions)
    .where(eq(sessions.id, hashToken(token)))
    .returning({ idToken: sessions.idToken })
    .get();
  return row ? (row.idToken ?? '') : null;
}

export function destroyUserSessions(ctx: AppContext, userId: string): number {
  return ctx.db.delete(sessions).where(eq(sessions.userId, userId)).returning({ id: sessions.id }).all().length;
}

export function purgeExpiredSessions(ctx: AppContext): number {
  const now = Date.now();
  const idleCutoff = new Date(now - ctx.config.sessionIdleHours * 3_600_000);
  return ctx.db
    .delete(sessions)
    .where(or(lt(sessions.expiresAt, new Date(now)), lt(sessions.lastSeenAt, idleCutoff)))
    .returning({ id: sessions.id })
    .all().length;
}
