// Sign-in over OpenID Connect (chat.md §2, §4, §7): login → provider → /auth/callback page → callback API.
import { Elysia, t } from 'elysia';
import type { AppContext } from '../../src/context';
import { readToken, registerSessionResolver } from '../../src/http/auth-context';
import { AppError, badRequest, MESSAGES, notFound } from '../../src/http/errors';
import { guards } from '../../src/http/guards';
import { clearedSessionCookie, sessionCookie } from './cookies';
import { devProviderEnabled, devProviderRefused, DEV_PROVIDER_REFUSED, providerRuntime } from './provider-runtime';
import { finishLogin, INVALID_STATE, signOut, startLogin } from './service';
import { clearedLoginBindingCookie, loginBindingCookie, startedByThisBrowser } from './login-binding';
import { destroySession, resolveSession } from './sessions';
import { effectiveRole, toPublicUser } from './users';
import { safeRedirect } from './login-requests';
import { checkLimit, clientIp } from '../../src/http/rate-limit';
import { AuthResponses } from '../../contracts/auth';

export const INVALID_CALLBACK = 'Invalid callback parameters';

const noStore = { 'cache-control': 'no-store' };

type Server = { requestIP(req: Request): { address: string } | null } | null;
/** Sign-in attempts per client IP: each one costs a provider round trip and a database write. */
const limitSignIn = (ctx: AppContext, request: Request, server: Server) =>
  checkLimit(ctx, `auth:${clientIp(ctx, request, server?.requestIP(request)?.address ?? null)}`, ctx.config.authRatePerMinute);

/** Tokens a request carries: the cookie and the Bearer header may name different sessions. */
function presentedTokens(request: Request): Array<string | null> {
  const cookie = request.headers.get('cookie');
  return [readToken(cookie, null), readToken(null, request.headers.get('authorization'))];
}

export function authModule(ctx: AppContext) {
  // The guards read the caller through this (src/http imports no module).
  registerSessionResolver(ctx, async (c, token) => {
    const found = await resolveSession(c, token);
    return found ? { user: found.user, role: effectiveRole(found.user), sessionId: found.sessionId } : null;
  });
  if (ctx.config.oidc.devProviderPortIgnored) {
    ctx.log.warn("DEV_OIDC_PORT is no longer used and is ignored: the built-in provider is served on the app's own port under PUBLIC_URL/dev-oidc");
  }
  if (devProviderRefused(ctx)) ctx.log.error(DEV_PROVIDER_REFUSED);
  // Outside tests the dev provider is created with the app, so its address is in the start-up log.
  else if (devProviderEnabled(ctx) && ctx.config.nodeEnv !== 'test') {
    providerRuntime(ctx)
      .client()
      .catch((e: Error) => ctx.log.error('built-in OpenID provider did not start', { error: e }));
  }

  return (
    new Elysia({ name: 'auth', seed: ctx.id })
      .use(guards(ctx))
      .get(
        '/api/auth/login',
        async ({ query, request, server }) => {
          await limitSignIn(ctx, request, server);
          try {
            const { url, state } = await startLogin(ctx, { redirectTo: query.redirectTo, loginHint: query.login_hint });
            return new Response(null, { status: 302, headers: { location: url, 'set-cookie': loginBindingCookie(ctx, state), ...noStore } });
          } catch (e) {
            // A browser navigation: send provider outages back to the callback page, which shows the reason.
            const back = safeRedirect(ctx.config.publicUrl, query.redirectTo);
            if (!(e instanceof AppError) || e.code !== 'unavailable' || !back?.startsWith('/auth/callback')) throw e;
            const q = new URLSearchParams({ error: 'temporarily_unavailable', error_description: e.message });
            return new Response(null, { status: 302, headers: { location: `/auth/callback?${q}`, ...noStore } });
          }
        },
        { access: 'public', query: t.Object({ redirectTo: t.Optional(t.String({ maxLength: 2000 })), login_hint: t.Optional(t.String({ maxLength: 254 })) }) },
      )
      .get(
        '/api/auth/callback',
        async ({ query, request, set, server }) => {
          await limitSignIn(ctx, request, server);
          if (!query.code || !query.state) throw badRequest(INVALID_CALLBACK);
          // A state this browser did not start (login CSRF) is refused like an unknown one.
          if (!startedByThisBrowser(ctx, query.state, request.headers.get('cookie'))) throw badRequest(INVALID_STATE);
          const done = await finishLogin(ctx, {
            code: query.code,
            state: query.state,
            previousTokens: presentedTokens(request),
            userAgent: request.headers.get('user-agent'),
          });
          set.headers['set-cookie'] = [sessionCookie(ctx, done.token, done.expiresAt), clearedLoginBindingCookie(ctx, query.state)];
          set.headers['cache-control'] = 'no-store';
          return { status: 'success' as const, data: { token: done.token, user: done.user, redirect: done.redirect } };
        },
        {
          access: 'public',
          query: t.Object({ code: t.Optional(t.String({ maxLength: 2000 })), state: t.Optional(t.String({ maxLength: 200 })) }),
          response: { 200: AuthResponses.signedIn },
        },
      )
      .get(
        '/api/auth/logout',
        async ({ request, set }) => {
          // The spec makes logout a GET; refuse it when another site triggers it (a forced sign-out).
          if (request.headers.get('sec-fetch-site') === 'cross-site') throw new AppError('csrf', MESSAGES.csrf);
          for (const token of presentedTokens(request)) await destroySession(ctx, token);
          set.headers['set-cookie'] = clearedSessionCookie(ctx);
          set.headers['cache-control'] = 'no-store';
          return { status: 'success' as const };
        },
        { access: 'public', response: { 200: AuthResponses.signedOut } },
      )
      // Sign-out for a browser navigation (the console's logout): ends the session like the API, then goes on
      // to the IdP's end-session URL when it offers one (RP-initiated logout), which returns to /landing.
      .get(
        '/auth/logout',
        async ({ request }) => {
          if (request.headers.get('sec-fetch-site') === 'cross-site') throw new AppError('csrf', MESSAGES.csrf);
          const next = await signOut(ctx, presentedTokens(request));
          return new Response(null, { status: 303, headers: { location: next, 'set-cookie': clearedSessionCookie(ctx), ...noStore } });
        },
        { access: 'public' },
      )
      // The built-in demo provider, served on the app's own port (no second listener): browser pages and protocol
      // endpoints. Its body is its own to read (form posts, token requests), so Elysia parses nothing here.
      .all(
        '/dev-oidc/*',
        async ({ request }) => {
          if (!devProviderEnabled(ctx) || devProviderRefused(ctx)) throw notFound();
          const runtime = providerRuntime(ctx);
          await runtime.client();
          return runtime.devProvider()!.handle(request);
        },
        { access: 'public', parse: 'none' },
      )
      .get('/api/profile/me', ({ me }) => ({ status: 'success' as const, data: toPublicUser(me!.user) }), {
        access: 'signedIn',
        response: { 200: AuthResponses.me },
      })
  );
}
