// Server-rendered pages (chat.md §2). Role guards run here, before any HTML is sent; islands repeat
// them on the client (a 401 from the API sends the browser to /login).
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
import { callerFromRequest, type Caller } from '../http/auth-context';
import { homeFor, pageRedirect, type Access } from '../http/guards';
import { toPublicUser } from '../../modules/auth/users';
import { catalogSignature, listSupportedDocuments } from '../../modules/documents/catalog';

const HTML_HEADERS = { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', ...SECURITY_HEADERS };
const redirect = (to: string) => new Response(null, { status: 302, headers: { location: to, 'cache-control': 'no-store' } });

export const CONSOLE_PATHS = [
  '/admin/management',
  '/admin/management/addDocument',
  '/admin/management/edit/:fileid',
  '/admin/management/view/:fileid',
  '/admin/management/setting',
  '/admin/management/access',
] as const;

export function pageRoutes(ctx: AppContext, assets: AssetManifest) {
  const onError = (e: unknown) => ctx.log.error('render failed', { error: e as Error });
  const sessionUser = (c: Caller): SessionUser => toPublicUser(c.user);

  /** Runs the page guard, then renders; a forbidden page is a redirect with no HTML at all. */
  const guarded = (access: Access, render: (caller: Caller | null, request: Request, params: Record<string, string>) => Promise<Response>) =>
    ({ request, params }: { request: Request; params: Record<string, string> }) => {
      const caller = callerFromRequest(ctx, request);
      const to = pageRedirect(access, caller);
      return to ? redirect(to) : render(caller, request, params ?? {});
    };

  const chatPage = (mode: ChatMode) => (caller: Caller | null, request: Request, params: Record<string, string>) => {
    const url = new URL(request.url);
    return renderPage(
      <IslandPage
        assets={assets}
        title="Chat"
        island="chat"
        component={ChatApp}
        bodyClass="page-chat"
        islandProps={{ mode, user: caller ? sessionUser(caller) : null, chatId: params.chatid ?? null, initialMessage: mode === 'guest' ? url.searchParams.get('message') : null }}
      />,
      200,
      onError,
    );
  };

  const consolePage = (caller: Caller | null, request: Request) =>
    renderPage(
      <IslandPage assets={assets} title="Admin" island="console" component={ConsoleApp} bodyClass="page-console" islandProps={{ user: sessionUser(caller!), path: new URL(request.url).pathname }} />,
      200,
      onError,
    );

  let landingCache: { signature: string; html: string } | null = null;
  const app = new Elysia({ name: 'pages', seed: ctx.id })
    .get('/', ({ request }) => redirect(homeFor(callerFromRequest(ctx, request))))
    .get('/landing', async () => {
      const landing = () => {
        const { items, total } = listSupportedDocuments(ctx, 12);
        return renderPage(<LandingPage assets={assets} documents={items} totalDocuments={total} />, 200, onError);
      };
      // LANDING_CACHE=false streams a fresh render per request (scripts/bench/http.ts measures both).
      if (!ctx.config.landingCache) return landing();
      // The landing page is the same for every visitor: render it once per catalog change.
      const signature = catalogSignature(ctx);
      if (landingCache?.signature !== signature) {
        const html = await (await landing()).text();
        landingCache = { signature, html };
      }
      return new Response(landingCache.html, { headers: HTML_HEADERS });
    })
    .get('/login', () => {
      const callback = `${ctx.config.publicUrl}/auth/callback`;
      return renderPage(<LoginPage assets={assets} loginHref={`/api/auth/login?redirectTo=${encodeURIComponent(callback)}`} />, 200, onError);
    })
    .get('/auth/callback', ({ request }) => {
      const q = new URL(request.url).searchParams;
      return renderPage(
        <IslandPage assets={assets} title="Sign in" island="callback" component={CallbackApp} bodyClass="page-center" islandProps={{ code: q.get('code'), state: q.get('state') }} />,
        200,
        onError,
      );
    })
    .get('/guest/chat', ({ request }) => {
      // An empty ?message= from the no-JS form lands on plain /guest/chat (chat.md §2).
      const url = new URL(request.url);
      if (url.searchParams.has('message') && !url.searchParams.get('message')!.trim()) return redirect('/guest/chat');
      return chatPage('guest')(null, request, {});
    })
    .get('/user/chat', guarded('user', chatPage('user')))
    .get('/user/chat/:chatid', guarded('user', chatPage('user')))
    .get('/admin/chat', guarded('admin', chatPage('admin')))
    .get('/admin/chat/:chatid', guarded('admin', chatPage('admin')));
  for (const path of CONSOLE_PATHS) app.get(path, guarded('admin', consolePage));
  return app;
}

export function notFoundPage(ctx: AppContext, assets: AssetManifest) {
  return () => renderPage(<NotFoundPage assets={assets} />, 404, (e) => ctx.log.error('render failed', { error: e as Error }));
}
