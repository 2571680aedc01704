import { Elysia } from 'elysia';
import type { AppContext } from '../context';
import { AppError, MESSAGES } from './errors';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * State-changing requests must come from our own origin. Browsers send `Origin` (or at least
 * `Sec-Fetch-Site`) on every cross-site POST; clients sending neither are not browsers and carry no
 * ambient cookies of a victim, so they pass.
 */
export function csrf(ctx: AppContext) {
  const allowed = new Set([new URL(ctx.config.publicUrl).origin]);
  return new Elysia({ name: 'csrf', seed: ctx.id }).onRequest(({ request }) => {
    if (SAFE.has(request.method)) return;
    if (!isSameOrigin(request, allowed)) throw new AppError('csrf', MESSAGES.csrf);
  });
}

/**
 * Only PUBLIC_URL's origin counts as ours. Comparing `Origin` with the request's own `Host` (or
 * X-Forwarded-Host) would let any name that reaches this server (DNS rebinding, a second host name)
 * vouch for itself.
 */
export function isSameOrigin(request: Request, allowed: Set<string>): boolean {
  const origin = request.headers.get('origin');
  if (origin) return allowed.has(origin);
  const site = request.headers.get('sec-fetch-site');
  return site === null || site === 'same-origin' || site === 'none';
}
