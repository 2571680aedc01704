// Server-rendered pages (chat.md §2). Every page declares `pageAccess` (src/http/guards.ts): a refused caller is
// redirected before any HTML is sent; islands repeat the guard on the client (a 401 from the API sends the browser to /login).
import { Elysia } from 'elysia';
import type { AppContext } from '../context';
import type { AssetManifest } from '../../web/document';
import { renderPage, SECURITY_HEADERS } from '../../web/render';
import { LandingPage } from '../../web/pages/LandingPage';
import { NotFoundPage } from '../../web/pages/NotFoundPage';
import { LoginPage } from '../../web/pages/LoginPage';
import { IslandPage } from '../../web/pages/IslandPage';
import { ChatApp } from '../../web/islands/chat/ChatApp';
import { ConsoleApp } from '../../web/islands/console/ConsoleApp';
import { CallbackApp } from '../../web/islands/callback/CallbackApp';
import type { ChatMode, SessionUser } from '../../web/islands/types';
import type { Caller } from '../http/auth-context';
import { guards, homeFor } from '../http/guards';
import { toPublicUser } from '../../modules/auth/users';
import { catalogSignature, listSupportedDocuments } from '../../modules/documents/catalog';
import { acceptsGzip, compressHtml } from '../http/compression';
import { viewerPageRoutes } from './viewer-page';
import { answerLinkHosts } from '../../contracts/answer-links';

const HTML_HEADERS = { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', ...SECURITY_HEADERS };
const LANDING_HEADERS = { ...HTML_HEADERS, vary: 'accept-encoding' };
const LANDING_GZIP_HEADERS = { ...LANDING_HEADERS, 'content-encoding': 'gzip' };
const redirect = (to: string) => new Response(null, { status: 302, headers: { location: to, 'cache-control': 'no-store' } });

export const CONSOLE_PATHS = [
  '/admin/management',
  '/admin/management/addDocument',
  '/admin/management/edit/:fileid',
  '/admin/management/view/:fileid',
  '/admin/management/setting',
  '/admin/management/access',
  '/admin/management/insights',
] as const;

export function pageRoutes(ctx: AppContext, assets: AssetManifest) {
  const onError = (e: unknown) => ctx.log.error('render failed', { error: e as Error });
  /** Every page but the cached landing: rendered, then gzipped as it streams for clients that accept it. */
  const page = async (request: Request, element: React.ReactElement) => compressHtml(request, await renderPage(element, 200, onError));
  const sessionUser = (c: Caller): SessionUser => toPublicUser(c.user);

  type PageInput = { me: Caller | null; request: Request; params?: Record<string, string> };

  const chatPage =
    (mode: ChatMode) =>
    ({ me: caller, request, params = {} }: PageInput) => {
      const url = new URL(request.url);
      return page(
        request,
        <IslandPage
          assets={assets}
          title="Chat"
          island="chat"
          component={ChatApp}
          bodyClass="page-chat"
          islandProps={{
            mode,
            user: caller ? sessionUser(caller) : null,
            chatId: params.chatid ?? null,
            initialMessage: mode === 'guest' ? url.searchParams.get('message') : null,
            questionLog: ctx.config.questionLogDays > 0,
            answerLinkHosts: answerLinkHosts(ctx.config.publicUrl, ctx.config.answerLinkHosts),
          }}
        />,
      );
    };

  const consolePage = ({ me: caller, request }: PageInput) =>
    page(
      request,
      <IslandPage
        assets={assets}
        title="Admin"
        island="console"
        component={ConsoleApp}
        bodyClass="page-console"
        islandProps={{ user: sessionUser(caller!), path: new URL(request.url).pathname }}
      />,
    );

  // One cached render per header variant: visitors see LOG IN, signed-in people a link to their home (chat or console).
  type LandingVariant = 'guest' | 'user' | 'admin';
  const landingCache = new Map<LandingVariant, { signature: string; html: Uint8Array<ArrayBuffer>; gzip: Uint8Array<ArrayBuffer> }>();
  const publicPage = { pageAccess: 'public' } as const;
  const app = new Elysia({ name: 'pages', seed: ctx.id })
    .use(guards(ctx))
    .use(viewerPageRoutes(ctx, assets))
    .get('/', ({ me }) => redirect(homeFor(me)), publicPage)
    .get(
      '/landing',
      async ({ request, me }) => {
        const variant: LandingVariant = !me ? 'guest' : me.role === 'admin' ? 'admin' : 'user';
        const landing = async () => {
          const { items, total } = await listSupportedDocuments(ctx, 12);
          const home = variant === 'guest' ? null : { href: homeFor(me), role: variant };
          return renderPage(<LandingPage assets={assets} documents={items} totalDocuments={total} home={home} />, 200, onError);
        };
        // LANDING_CACHE=false streams a fresh render per request (scripts/bench/http.ts measures both).
        if (!ctx.config.landingCache) return landing();
        // The landing page is the same for every visitor: render it once per catalog change.
        const signature = await catalogSignature(ctx);
        let cached = landingCache.get(variant);
        if (cached?.signature !== signature) {
          const html = await (await landing()).bytes();
          cached = { signature, html, gzip: Bun.gzipSync(html, { level: 6 }) };
          landingCache.set(variant, cached);
        }
        return acceptsGzip(request.headers.get('accept-encoding'))
          ? new Response(cached.gzip, { headers: LANDING_GZIP_HEADERS })
          : new Response(cached.html, { headers: LANDING_HEADERS });
      },
      publicPage,
    )
    .get(
      '/login',
      ({ request }) => {
        const callback = `${ctx.config.publicUrl}/auth/callback`;
        return page(request, <LoginPage assets={assets} loginHref={`/api/auth/login?redirectTo=${encodeURIComponent(callback)}`} />);
      },
      publicPage,
    )
    .get(
      '/auth/callback',
      ({ request }) => {
        const q = new URL(request.url).searchParams;
        return page(
          request,
          <IslandPage
            assets={assets}
            title="Sign in"
            island="callback"
            component={CallbackApp}
            bodyClass="page-center"
            islandProps={{ code: q.get('code'), state: q.get('state') }}
          />,
        );
      },
      publicPage,
    )
    .get(
      '/guest/chat',
      ({ request }) => {
        // An empty ?message= from the no-JS form lands on plain /guest/chat (chat.md §2).
        const url = new URL(request.url);
        if (url.searchParams.has('message') && !url.searchParams.get('message')!.trim()) return redirect('/guest/chat');
        return chatPage('guest')({ me: null, request });
      },
      publicPage,
    )
    .get('/user/chat', chatPage('user'), { pageAccess: 'user' })
    .get('/user/chat/:chatid', chatPage('user'), { pageAccess: 'user' })
    .get('/admin/chat', chatPage('admin'), { pageAccess: 'admin' })
    .get('/admin/chat/:chatid', chatPage('admin'), { pageAccess: 'admin' });
  for (const path of CONSOLE_PATHS) app.get(path, consolePage, { pageAccess: 'admin' });
  return app;
}

export function notFoundPage(ctx: AppContext, assets: AssetManifest) {
  return async (request: Request) =>
    compressHtml(request, await renderPage(<NotFoundPage assets={assets} />, 404, (e) => ctx.log.error('render failed', { error: e as Error })));
}
