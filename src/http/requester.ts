// Who a caller is, for rate limits, cancel ownership and draft downloads: the session when signed in,
// otherwise a guest browser id kept in a signed cookie (HMAC with a per-install secret in DATA_DIR).
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { AppContext } from '../context';
import { installSecret } from '../secrets';
import type { Caller } from './auth-context';

export const GUEST_COOKIE = 'askreg_guest';
const ONE_YEAR_S = 365 * 24 * 3600;

const secretFor = (ctx: AppContext) => installSecret(ctx, 'guest-cookie.secret');

const sign = (ctx: AppContext, id: string) => createHmac('sha256', secretFor(ctx)).update(id).digest('base64url');

export function readCookie(header: string | null, name: string): string | null {
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        return null; // a malformed escape is a missing cookie, not a 500
      }
    }
  }
  return null;
}

/** The guest id in a valid cookie, or null (missing, forged, malformed). */
export function verifyGuestCookie(ctx: AppContext, value: string | null): string | null {
  if (!value) return null;
  const [id, mac] = value.split('.');
  if (!id || !mac || !/^[A-Za-z0-9_-]{16,64}$/.test(id)) return null;
  const want = Buffer.from(sign(ctx, id));
  const got = Buffer.from(mac);
  return want.length === got.length && timingSafeEqual(want, got) ? id : null;
}

export interface Requester {
  /** 'session:<id>' or 'guest:<id>': owner of cancels and drafts */
  owner: string;
  /** rate-limit key: the user (all their sessions together) or the guest browser */
  limitKey: string;
  /** Set-Cookie to send when a new guest id was issued */
  setCookie: string | null;
  /** the client's address (rate-limit.ts clientIp), set at admission: answers in flight and parse shares count by it too */
  address?: string;
}

export function identify(ctx: AppContext, request: Request, caller: Caller | null): Requester {
  if (caller) return { owner: `session:${caller.sessionId}`, limitKey: `user:${caller.user.id}`, setCookie: null };
  const existing = verifyGuestCookie(ctx, readCookie(request.headers.get('cookie'), GUEST_COOKIE));
  const id = existing ?? randomBytes(18).toString('base64url');
  const setCookie = existing
    ? null
    : [
        `${GUEST_COOKIE}=${id}.${sign(ctx, id)}`,
        'Path=/',
        'HttpOnly',
        'SameSite=Lax',
        `Max-Age=${ONE_YEAR_S}`,
        ...(ctx.config.publicUrl.startsWith('https:') ? ['Secure'] : []),
      ].join('; ');
  return { owner: `guest:${id}`, limitKey: `guest:${id}`, setCookie };
}
