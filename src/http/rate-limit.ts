// Token buckets per caller (user or guest browser) and, much looser, per client IP: the IP limit is
// what stops a script that never keeps cookies. X-Forwarded-For is believed only behind a trusted proxy.
// The buckets live in the app's limit store (limits/store.ts): this process's memory on the embedded default,
// Postgres when several instances share it; on the default every check is answered synchronously, as before.
import type { AppContext } from '../context';
import { AppError, MESSAGES } from './errors';
import { limitClock, limitStore, then, type Maybe } from './limits/store';

export { rateLimitClock, rateLimitMaxKeys } from './limits/store';

const refuse = (wait: number): void => {
  if (wait) throw new AppError('rate_limited', MESSAGES.rateLimited, { retryAfter: wait });
};

/**
 * The client's address. Behind TRUST_PROXY, X-Forwarded-For is read from the right: each of our
 * TRUSTED_PROXY_HOPS proxies appends the address it saw, so the entry that many from the end is the one the
 * outermost of them saw; everything left of it was written by the client and is ignored. X-Real-IP is
 * never read (a proxy that sets only it leaves a header anyone may send).
 */
export function clientIp(ctx: AppContext, request: Request, socketIp: string | null): string {
  if (ctx.config.trustProxy) {
    // Several header lines are one list (RFC 9110 §5.3); Headers.get joins them with ", ".
    const chain = (request.headers.get('x-forwarded-for') ?? '')
      .split(',')
      .map((h) => h.trim())
      .filter(Boolean);
    const hop = chain[Math.max(0, chain.length - ctx.config.trustedProxyHops)];
    if (hop) return hop;
  }
  return socketIp ?? 'unknown';
}

/** One bucket outside chat (sign-in per IP, uploads per admin): 429 with `retryAfter` when empty. */
export function checkLimit(ctx: AppContext, key: string, perMinute: number): Maybe<void> {
  return then(limitStore(ctx).takeToken(key, perMinute, limitClock(ctx)), refuse);
}

/** Throws 429 (with `retryAfter` seconds in details) when the caller or the IP is over its limit. */
export function checkRateLimit(ctx: AppContext, callerKey: string, ip: string): Maybe<void> {
  const store = limitStore(ctx);
  const now = limitClock(ctx);
  // the IP's bucket is spent only when the caller's allows
  return then(store.takeToken(`c:${callerKey}`, ctx.config.chatRatePerMinute, now), (waitCaller) =>
    waitCaller ? refuse(waitCaller) : then(store.takeToken(`ip:${ip}`, ctx.config.chatRatePerMinuteIp, now), refuse),
  );
}
