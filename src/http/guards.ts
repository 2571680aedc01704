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
import { parseCapped } from './capped-body';
import { refuseUnknownFields } from './strict-body';

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

/** A level, or a level with the spec's own text for a signed-in caller it refuses (e.g. creating a category). */
export type AccessRule = Access | { level: Access; denied: string };

/** Throws the refusal for a caller the rule does not admit. */
function admitLevel(rule: AccessRule, caller: Caller | null): void {
  const level = typeof rule === 'string' ? rule : rule.level;
  if (level === 'public') return;
  if (!caller) throw unauthorized();
  const denied = typeof rule === 'string' ? undefined : rule.denied;
  if (level === 'admin' && caller.role !== 'admin') throw forbidden(denied);
  if (level === 'user' && caller.role !== 'user') throw forbidden(denied ?? 'Access denied.');
}

const ACCESS = Symbol('access');

/** The `access` level a registered route declared (from its hooks in `app.routes`), if any. */
export function accessOf(hooks: unknown): Access | undefined {
  const steps = (hooks as { beforeHandle?: Array<{ fn?: unknown }> } | undefined)?.beforeHandle ?? [];
  for (const step of steps) {
    const level = (step.fn as { [ACCESS]?: Access } | undefined)?.[ACCESS];
    if (level) return level;
  }
  return undefined;
}

export function guards(ctx: AppContext) {
  // One session lookup per request: the body parser needs the caller before the derive runs.
  // The lookup reads the database (async since issue 36); a request without a token gets null without a promise.
  const callers = new WeakMap<Request, Promise<Caller | null> | Caller | null>();
  const callerOf = (request: Request): Promise<Caller | null> | Caller | null => {
    if (!callers.has(request)) callers.set(request, callerFromRequest(ctx, request));
    return callers.get(request)!;
  };
  return new Elysia({ name: 'guards', seed: ctx.id })
    .derive({ as: 'global' }, async ({ request }) => ({ caller: await callerOf(request) }))
    .macro({
      access: (level: AccessRule) => ({
        // Bodies are parsed here, after the caller is known: a guest gets 401 (a user 403 on admin
        // routes) whatever it sends, before one byte of the body is read; and the read is capped while
        // it streams. Routes that stream their own body (uploads) replace this parser and read after `resolve`.
        async parse({ request, contentType, route }: { request: Request; contentType: string; route?: string }) {
          admitLevel(level, await callerOf(request));
          const body = await parseCapped(request, contentType);
          if (level === 'public' && contentType?.includes('application/json')) refuseUnknownFields(ctx, request.method, route, body);
          return body;
        },
        // marked with its level so the OpenAPI document can say who may call the route (accessOf)
        resolve: Object.assign(
          ({ caller }: { caller: Caller | null }) => {
            admitLevel(level, caller);
            return { me: caller };
          },
          { [ACCESS]: typeof level === 'string' ? level : level.level },
        ),
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
