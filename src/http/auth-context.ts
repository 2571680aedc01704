// Who is calling: read once per request from the session cookie or a Bearer token (the spec's two readings).
// Plumbing imports no module: the auth module registers how a token becomes a caller, per app, and fills
// in the user's record type below (declaration merging in modules/auth/users.ts).
import type { AppContext } from '../context';

export const SESSION_COOKIE = 'askreg_session';

export type Role = 'user' | 'admin';

/** The signed-in user's record; modules/auth/users.ts merges in its stored row (UserRow). */
export interface CallerUser {
  id: string;
}

export interface Caller {
  user: CallerUser;
  role: Role;
  sessionId: string;
}

/** Turns a presented token into the caller, or null for an unknown or expired session (a database read: async). */
export type SessionResolver = (ctx: AppContext, token: string) => Promise<Caller | null>;

const resolvers = new WeakMap<AppContext, SessionResolver>();

export function registerSessionResolver(ctx: AppContext, resolve: SessionResolver): void {
  resolvers.set(ctx, resolve);
}

export function readToken(cookieHeader: string | null | undefined, authorization: string | null | undefined): string | null {
  if (authorization?.startsWith('Bearer ')) return authorization.slice(7).trim() || null;
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === SESSION_COOKIE) return safeDecode(part.slice(eq + 1).trim()) || null;
  }
  return null;
}

/** A malformed %-escape in a cookie means "no session", not a 500 on every route. */
function safeDecode(v: string): string | null {
  try {
    return decodeURIComponent(v);
  } catch {
    return null;
  }
}

/** The caller a request presents; null at once (no promise) when it presents no token, the guests' common case. */
export function callerFromRequest(ctx: AppContext, request: Request): Promise<Caller | null> | null {
  const token = readToken(request.headers.get('cookie'), request.headers.get('authorization'));
  if (!token) return null;
  const resolve = resolvers.get(ctx);
  // An app composed without the auth module would treat every session as a guest: say so instead.
  if (!resolve) throw new Error('no session resolver registered for this app (the auth module registers it)');
  return resolve(ctx, token);
}
