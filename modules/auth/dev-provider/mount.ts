// Serves the built-in provider from the app's own port: a Fetch Request becomes Node req/res for
// oidc-provider (fetch-to-node), with the path below the mount point as `url` and the full path as
// `originalUrl` (oidc-provider builds its own addresses from the difference), and the Node response
// becomes a Fetch Response again. The sign-in pages under /interaction are ours.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { toFetchResponse, toReqRes } from 'fetch-to-node';
import type Provider from 'oidc-provider';
import { isEmail, type DevAccounts } from './accounts';
import { errorPage, PAGE_CSP, signInPage } from './page';

const FORM_LIMIT = 10_000;
const BODY_LIMIT = 64 * 1024;

function sendHtml(res: ServerResponse, status: number, html: string) {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
  res.end(html);
}

export function mountedHandler(provider: Provider, issuer: string, mountPath: string, accounts: DevAccounts) {
  const origin = new URL(issuer);
  const protocolCallback = provider.callback();

  const finishLogin = (req: IncomingMessage, res: ServerResponse, email: string) =>
    provider.interactionFinished(req, res, { login: { accountId: email } }, { mergeWithLastSubmission: false });

  async function interaction(req: IncomingMessage, res: ServerResponse, form: URLSearchParams | null, isLogin: boolean) {
    try {
      const details = await provider.interactionDetails(req, res);
      const action = `${mountPath}/interaction/${encodeURIComponent(details.uid)}/login`;
      if (details.prompt.name !== 'login') {
        // Consent is implicit for the app's own client (see loadExistingGrant); finish whatever remains.
        return await provider.interactionFinished(req, res, {}, { mergeWithLastSubmission: true });
      }
      if (form && isLogin) {
        const email = String(form.get('email') ?? '')
          .trim()
          .toLowerCase();
        if (!accounts.ensure(email)) return sendHtml(res, 400, signInPage(action, accounts.list(), 'กรุณากรอกอีเมลให้ถูกต้อง'));
        return await finishLogin(req, res, email);
      }
      const hint = typeof details.params.login_hint === 'string' ? details.params.login_hint.trim().toLowerCase() : '';
      if (hint && isEmail(hint)) {
        accounts.ensure(hint);
        return await finishLogin(req, res, hint);
      }
      return sendHtml(res, 200, signInPage(action, accounts.list()));
    } catch {
      return sendHtml(res, 400, errorPage('คำขอเข้าสู่ระบบหมดอายุหรือไม่ถูกต้อง กรุณากลับไปที่แอปแล้วเริ่มเข้าสู่ระบบใหม่'));
    }
  }

  return async function handle(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const inner = url.pathname === mountPath ? '/' : url.pathname.startsWith(`${mountPath}/`) ? url.pathname.slice(mountPath.length) : null;
    if (inner === null) return new Response('Not Found', { status: 404 });
    const m = inner.match(/^\/interaction\/([\w-]+)(\/login)?$/);
    // Our form is read here (small, urlencoded); the provider's own endpoints read their bodies themselves.
    let form: URLSearchParams | null = null;
    if (m && request.method === 'POST') {
      const text = await request.text();
      form = text.length <= FORM_LIMIT ? new URLSearchParams(text) : new URLSearchParams();
    }
    // The provider trusts these (proxy mode): they come from the issuer, never from the client.
    const headers = new Headers(request.headers);
    headers.set('host', origin.host);
    headers.set('x-forwarded-host', origin.host);
    headers.set('x-forwarded-proto', origin.protocol.slice(0, -1));
    headers.delete('x-forwarded-for');
    // Bodies here are small forms (token, logout): read whole, with the length Koa needs to see one at all.
    const body = !form && !['GET', 'HEAD'].includes(request.method) ? new Uint8Array(await request.arrayBuffer()) : null;
    if (body && body.byteLength > BODY_LIMIT) return new Response('Payload Too Large', { status: 413 });
    if (body) headers.set('content-length', String(body.byteLength));
    headers.delete('transfer-encoding');
    const forwarded = new Request(`${origin.origin}${url.pathname}${url.search}`, { method: request.method, headers, body });
    const { req, res } = toReqRes(forwarded);
    // Koa reads the protocol and client address from the socket, which a bridged request has none of.
    Object.defineProperty(req, 'socket', { value: { encrypted: origin.protocol === 'https:', remoteAddress: '127.0.0.1' }, configurable: true });
    // Set first: oidc-provider adds the hash of its own auto-submitting form scripts to a policy already there.
    res.setHeader('content-security-policy', PAGE_CSP);
    res.setHeader('x-content-type-options', 'nosniff');
    req.url = inner + url.search;
    (req as IncomingMessage & { originalUrl: string }).originalUrl = url.pathname + url.search;
    if (m) void interaction(req, res, form, Boolean(m[2]));
    else protocolCallback(req, res);
    return toFetchResponse(res);
  };
}
