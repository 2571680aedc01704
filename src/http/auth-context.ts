// Who is calling: read once per request from the session cookie or a Bearer token (the spec's two readings).
import type { AppContext } from '../context';
import { resolveSession, SESSION_COOKIE } from '../../modules/auth/sessions';
import { effectiveRole, type Role, type UserRow } from '../../modules/auth/users';

export interface Caller {
  user: UserRow;
  role: Role;
  sessionId: string;
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

export function callerFromRequest(ctx: AppContext, request: Request): Caller | null {
  const token = readToken(request.headers.get('cookie'), request.headers.get('authorization'));
  const found = resolveSession(ctx, token);
  return found ? { user: found.user, role: effectiveRole(found.user), sessionId: found.sessionId } : null;
}
