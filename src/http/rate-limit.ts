// Token buckets per caller (user or guest browser) and, much looser, per client IP: the IP limit is
// what stops a script that never keeps cookies. X-Forwarded-For is believed only behind a trusted proxy.
import type { AppContext } from '../context';
import { perApp } from '../context';
import { AppError, MESSAGES } from './errors';

interface Bucket {
  tokens: number;
  at: number;
  /** this bucket's own rate: one map holds buckets of several limits (chat, IP, sign-in, uploads) */
  perMinute: number;
}

const MAX_KEYS = 50_000;

const buckets = perApp(() => new Map<string, Bucket>());

/** Tests may set the limiter's clock, so a refill does not depend on how fast the machine runs. */
export const rateLimitClock = new WeakMap<AppContext, () => number>();
const clock = (ctx: AppContext) => (rateLimitClock.get(ctx) ?? Date.now)();

/** Tests may lower the number of buckets at which full ones are dropped (normally MAX_KEYS). */
export const rateLimitMaxKeys = new WeakMap<AppContext, number>();

/** Takes one token; returns 0 when allowed, else the seconds until one is available. */
function take(map: Map<string, Bucket>, key: string, perMinute: number, now: number): number {
  const rate = perMinute / 60_000;
  const b = map.get(key) ?? { tokens: perMinute, at: now, perMinute };
  b.tokens = Math.min(perMinute, b.tokens + (now - b.at) * rate);
  b.at = now;
  b.perMinute = perMinute;
  if (b.tokens < 1) {
    map.set(key, b);
    return Math.max(1, Math.ceil((1 - b.tokens) / rate / 1000));
  }
  b.tokens -= 1;
  map.set(key, b);
  return 0;
}

/**
 * Full buckets carry no information: drop them when the map grows. Each is judged by its own rate, so
 * a chat call never refills a looser IP bucket early by dropping it.
 */
function prune(ctx: AppContext, map: Map<string, Bucket>, now: number): void {
  if (map.size < (rateLimitMaxKeys.get(ctx) ?? MAX_KEYS)) return;
  for (const [k, b] of map) if (b.tokens + ((now - b.at) * b.perMinute) / 60_000 >= b.perMinute) map.delete(k);
}

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
export function checkLimit(ctx: AppContext, key: string, perMinute: number): void {
  const map = buckets(ctx);
  const now = clock(ctx);
  prune(ctx, map, now);
  const wait = take(map, key, perMinute, now);
  if (wait) throw new AppError('rate_limited', MESSAGES.rateLimited, { retryAfter: wait });
}

/** Throws 429 (with `retryAfter` seconds in details) when the caller or the IP is over its limit. */
export function checkRateLimit(ctx: AppContext, callerKey: string, ip: string): void {
  const map = buckets(ctx);
  const now = clock(ctx);
  prune(ctx, map, now);
  const waitCaller = take(map, `c:${callerKey}`, ctx.config.chatRatePerMinute, now);
  const waitIp = waitCaller ? 0 : take(map, `ip:${ip}`, ctx.config.chatRatePerMinuteIp, now);
  const wait = waitCaller || waitIp;
  if (wait) throw new AppError('rate_limited', MESSAGES.rateLimited, { retryAfter: wait });
}
