// Started sign-ins: the state is only stored hashed, each row is usable once and for 10 minutes.
import { eq, lt } from 'drizzle-orm';
import type { AppContext } from '../../src/context';
import { hashToken } from './sessions';

export const LOGIN_REQUEST_TTL_MS = 10 * 60_000;

export interface PendingLogin {
  codeVerifier: string;
  nonce: string;
  redirectTo: string | null;
}

export async function saveLoginRequest(ctx: AppContext, state: string, p: PendingLogin): Promise<void> {
  const now = Date.now();
  const { loginRequests } = ctx.tables;
  await ctx.db.delete(loginRequests).where(lt(loginRequests.expiresAt, new Date(now)));
  await ctx.db.insert(loginRequests).values({
    stateHash: hashToken(state),
    codeVerifier: p.codeVerifier,
    nonce: p.nonce,
    redirectTo: p.redirectTo,
    createdAt: new Date(now),
    expiresAt: new Date(now + LOGIN_REQUEST_TTL_MS),
  });
}

/** Deletes and returns the request for `state`; null when unknown, already used or expired. */
export async function consumeLoginRequest(ctx: AppContext, state: string): Promise<PendingLogin | null> {
  const { loginRequests } = ctx.tables;
  const [row] = await ctx.db
    .delete(loginRequests)
    .where(eq(loginRequests.stateHash, hashToken(state)))
    .returning();
  if (!row || row.expiresAt.getTime() <= Date.now()) return null;
  return { codeVerifier: row.codeVerifier, nonce: row.nonce, redirectTo: row.redirectTo };
}

/** redirectTo must stay on our own origin (no open redirect through the sign-in flow). */
export function safeRedirect(publicUrl: string, redirectTo: string | undefined | null): string | null {
  if (!redirectTo) return null;
  try {
    const base = new URL(publicUrl);
    const u = new URL(redirectTo, base);
    if (u.origin !== base.origin) return null;
    return u.pathname + u.search;
  } catch {
    return null;
  }
}
