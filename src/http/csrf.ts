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
    if (!isSameOrigin(request, allowed, ctx.config.trustProxy)) throw new AppError('csrf', MESSAGES.csrf);
  });
}

export function isSameOrigin(request: Request, allowed: Set<string>, trustProxy = false): boolean {
  const origin = request.headers.get('origin');
  if (origin) {
    if (allowed.has(origin)) return true;
    const host = (trustProxy && request.headers.get('x-forwarded-host')) || request.headers.get('host');
    try {
      return host !== null && new URL(origin).host === host;
    } catch {
      return false;
    }
  }
  const site = request.headers.get('sec-fetch-site');
  return site === null || site === 'same-origin' || site === 'none';
}
