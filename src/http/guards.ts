// The one guard mechanism: every API route declares `access`, every page `pageAccess` (the same levels,
// answered with a redirect instead of 401/403). Both read the caller the global derive resolved once per
// request. The authorization test walks all registered routes so a forgotten guard cannot slip through.
// Routes that cost model time declare `admit: true` after `access`: the requester plus the rate limits.
import { Elysia } from 'elysia';
import type { AppContext } from '../context';
import { callerFromRequest, type Caller } from './auth-context';
import { AppError, forbidden, unauthorized } from './errors';
import { checkRateLimit, clientIp } from './rate-limit';
import { identify, type Requester } from './requester';

type Headers = Record<string, string | number>;

interface AdmissionBits {
  request: Request;
  /** set by `access`, which must come first in the route's options */
  me?: Caller | null;
  set: { headers: Headers | Record<string, unknown> };
  server: { requestIP(req: Request): { address: string } | null } | null;
}

/** Identifies the requester (issuing a guest cookie when needed) and applies the rate limits. */
function admitRequest(ctx: AppContext, { request, me, set, server }: AdmissionBits): Requester {
  // Elysia runs macros in the order a route declares them; the rate limit must not count refused callers.
  if (me === undefined) throw new Error('a route declares `admit` before `access`');
  const who = identify(ctx, request, me);
  if (who.setCookie) (set.headers as Headers)['set-cookie'] = who.setCookie;
  try {
    checkRateLimit(ctx, who.limitKey, clientIp(ctx, request, server?.requestIP(request)?.address ?? null));
  } catch (err) {
    if (err instanceof AppError && err.code === 'rate_limited') (set.headers as Headers)['retry-after'] = String(err.details?.retryAfter ?? 60);
    throw err;
  }
  return who;
}

export type Access = 'public' | 'signedIn' | 'user' | 'admin';

export function guards(ctx: AppContext) {
  return new Elysia({ name: 'guards', seed: ctx.id })
    .derive({ as: 'global' }, ({ request }) => ({ caller: callerFromRequest(ctx, request) as Caller | null }))
    .macro({
      access: (level: Access) => ({
        resolve({ caller }: { caller: Caller | null }) {
          if (level === 'public') return { me: caller };
          if (!caller) throw unauthorized();
          if (level === 'admin' && caller.role !== 'admin') throw forbidden();
          if (level === 'user' && caller.role !== 'user') throw forbidden('Access denied.');
          return { me: caller };
        },
      }),
      /** chat.md §4 route guard: no session or a role the page is not for → /login, before any HTML is rendered. */
      pageAccess: (level: Access) => ({
        beforeHandle({ caller }: { caller: Caller | null }) {
          const to = pageRedirect(level, caller);
          if (to) return new Response(null, { status: 302, headers: { location: to, 'cache-control': 'no-store' } });
        },
        resolve: ({ caller }: { caller: Caller | null }) => ({ me: caller }),
      }),
      /** The requester (signed-in user or signed guest browser) as `requester`, after the rate limits. */
      admit: {
        resolve: (c: AdmissionBits) => ({ requester: admitRequest(ctx, c) }),
      },
    });
}

/** Where a page sends someone whose role may not open it (chat.md §4: route guard). */
export function pageRedirect(level: Access, caller: Caller | null): string | null {
  if (level === 'public') return null;
  if (!caller) return '/login';
  if (level === 'admin' && caller.role !== 'admin') return '/login';
  if (level === 'user' && caller.role !== 'user') return '/login';
  return null;
}

export function homeFor(caller: Caller | null): string {
  if (!caller) return '/landing';
  return caller.role === 'admin' ? '/admin/management' : '/user/chat';
}
