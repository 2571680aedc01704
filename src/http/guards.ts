// The one guard mechanism: every API route declares `access`, every page `pageAccess` (the same levels,
// answered with a redirect instead of 401/403). Both read the caller the global derive resolved once per
// request. The authorization test walks all registered routes so a forgotten guard cannot slip through.
// Routes that cost model time declare `admit: true` after `access`: the requester plus the rate limits.
import { Elysia } from 'elysia';
import { perApp, type AppContext } from '../context';
import { callerFromRequest, type Caller } from './auth-context';
import { AppError, forbidden, unauthorized } from './errors';
import { checkRateLimit, clientIp } from './rate-limit';
import { identify, type Requester } from './requester';
import { parseCapped } from './capped-body';
import { releaseSpooled } from './spooled-body';
import { refuseUnknownFields, routeHooks } from './strict-body';
import { checkAnswerSlots } from './in-flight';
import { bodyCapsOf } from './body-caps';
import { then, type Maybe } from './limits/store';

type Headers = Record<string, string | number>;

interface AdmissionBits {
  request: Request;
  /** set by `access`, which must come first in the route's options */
  me?: Caller | null;
  set: { headers: Headers | Record<string, unknown> };
  server: { requestIP(req: Request): { address: string } | null } | null;
}

/** `true`: rate-limited; 'answer': also refused while the requester's or address's answers in flight are full (in-flight.ts). */
export type Admission = true | 'answer';

/** Identifies the requester (issuing a guest cookie when needed) and applies the rate limits (synchronously on the embedded default). */
function admitRequest(ctx: AppContext, { request, me, set, server }: AdmissionBits, kind: Admission): Maybe<Requester> {
  // Elysia runs macros in the order a route declares them; the rate limit must not count refused callers.
  if (me === undefined) throw new Error('a route declares `admit` before `access`');
  const who = identify(ctx, request, me);
  if (who.setCookie) (set.headers as Headers)['set-cookie'] = who.setCookie;
  who.address = clientIp(ctx, request, server?.requestIP(request)?.address ?? null);
  const refused = (err: unknown): never => {
    if (err instanceof AppError && err.code === 'rate_limited') (set.headers as Headers)['retry-after'] = String(err.details?.retryAfter ?? 60);
    throw err;
  };
  try {
    const admitted = then(checkRateLimit(ctx, who.limitKey, who.address), () => (kind === 'answer' ? then(checkAnswerSlots(ctx, who), () => who) : who));
    return admitted instanceof Promise ? admitted.catch(refused) : admitted;
  } catch (err) {
    return refused(err);
  }
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

/** Admitted (rate-limited) while its body was still unread: the route's `admit` takes it from here. */
const admittedRequests = perApp(() => new WeakMap<Request, Requester>());

const ACCESS = Symbol('access');
const ADMIT = Symbol('admit');

/** What a registered route declared as `admit` (its hooks in `app.routes`), if anything. */
function admits(hooks: unknown): Admission | undefined {
  const steps = (hooks as { beforeHandle?: Array<{ fn?: unknown }> } | undefined)?.beforeHandle ?? [];
  for (const step of steps) {
    const kind = (step.fn as { [ADMIT]?: Admission } | undefined)?.[ADMIT];
    if (kind) return kind;
  }
  return undefined;
}

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
  const admitted = admittedRequests(ctx);
  // after the response, the files the body parser spooled go with their request (spooled-body.ts)
  return new Elysia({ name: 'guards', seed: ctx.id })
    .derive({ as: 'global' }, async ({ request }) => ({ caller: await callerOf(request) }))
    .onAfterResponse({ as: 'global' }, ({ request }) => releaseSpooled(request))
    .macro({
      access: (level: AccessRule) => ({
        // Bodies are parsed here, after the caller is known: a guest gets 401 (a user 403 on admin
        // routes) whatever it sends, before one byte of the body is read. An `admit` route's rate limit is
        // taken here too, and the route's own cap (body-caps.ts) is checked against Content-Length and held
        // while the body streams: a rate-limited or oversize request is refused unread (issue 34 finding 5).
        // Routes that stream their own body (uploads) replace this parser and read after `resolve`.
        async parse(c: AdmissionBits & { contentType: string; route?: string }) {
          const { request, contentType, route } = c;
          const me = await callerOf(request);
          admitLevel(level, me);
          const hooks = routeHooks(ctx, request.method, route);
          const kind = admits(hooks);
          if (kind) admitted.set(request, await admitRequest(ctx, { ...c, me }, kind));
          const body = await parseCapped(request, contentType, bodyCapsOf(hooks), ctx.paths.tmpDir);
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
      /**
       * The requester (signed-in user or signed guest browser) as `requester`, after the rate limits; `'answer'`:
       * a route that starts an answer is refused too while the caller's answers in flight are full.
       */
      admit: (kind: Admission) => ({
        // a request with no body to parse is admitted here
        resolve: Object.assign(async (c: AdmissionBits) => ({ requester: admitted.get(c.request) ?? (await admitRequest(ctx, c, kind)) }), { [ADMIT]: kind }),
      }),
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
