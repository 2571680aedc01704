// Drives the real sign-in round trip over HTTP (redirects followed by hand, with a cookie jar for the
// provider), the way a browser would: /api/auth/login → provider → /auth/callback?code&state.
import { exportJWK, generateKeyPair, SignJWT, type JWK, type JWTPayload } from 'jose';
import { createDevProvider, type DevProvider } from '../../modules/auth/dev-provider';

export interface AuthTarget {
  /** same-origin request against the app, e.g. TestApp.request or TestServer.request */
  request(path: string, init?: RequestInit & { cookie?: string }): Promise<Response>;
  publicUrl: string;
}

export interface Authorized {
  code: string;
  state: string;
  /** the provider's authorization URL the app redirected to */
  authorizeUrl: URL;
}

/** Starts sign-in with `login_hint` and walks the provider until it returns to our callback page. */
export async function authorize(app: AuthTarget, email: string, redirectTo = `${app.publicUrl}/auth/callback`): Promise<Authorized> {
  const start = await app.request(`/api/auth/login?redirectTo=${encodeURIComponent(redirectTo)}&login_hint=${encodeURIComponent(email)}`, {
    redirect: 'manual',
  });
  if (start.status !== 302) throw new Error(`login answered ${start.status}: ${await start.text()}`);
  const authorizeUrl = new URL(start.headers.get('location')!);
  const binding = start.headers.getSetCookie().find((c) => c.includes('askreg_login_'));
  if (binding) startedLogins.set(authorizeUrl.searchParams.get('state')!, binding.split(';')[0]!);
  const jar = new Map<string, string>();
  let url = authorizeUrl.toString();
  for (let hop = 0; hop < 10; hop++) {
    const cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    // The built-in provider is served by the app itself (under /dev-oidc): in-process apps answer it directly.
    const res = url.startsWith(`${app.publicUrl}/`)
      ? await app.request(url.slice(app.publicUrl.length), { redirect: 'manual', cookie: cookie || undefined })
      : await fetch(url, { redirect: 'manual', headers: { cookie } });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const i = pair!.indexOf('=');
      jar.set(pair!.slice(0, i), pair!.slice(i + 1));
    }
    const location = res.headers.get('location');
    if (!location) throw new Error(`provider stopped at ${url} with ${res.status}: ${(await res.text()).slice(0, 300)}`);
    url = new URL(location, url).toString();
    if (url.startsWith(`${app.publicUrl}/auth/callback`)) {
      const q = new URL(url).searchParams;
      return { code: q.get('code')!, state: q.get('state')!, authorizeUrl };
    }
  }
  throw new Error('too many redirects at the provider');
}

/** The sign-in cookies this "browser" got at each login start (by state), sent back at its callback. */
const startedLogins = new Map<string, string>();

/**
 * Calls the callback API as the browser that started the sign-in would (its login cookie included);
 * `otherBrowser` sends it without, as a victim's browser would in a login-CSRF attempt.
 */
export async function callback(app: AuthTarget, code: string, state: string, cookie?: string, opts: { otherBrowser?: boolean } = {}): Promise<Response> {
  const binding = opts.otherBrowser ? undefined : startedLogins.get(state);
  const cookies = [cookie, binding].filter(Boolean).join('; ');
  return app.request(`/api/auth/callback?code=${encodeURIComponent(code)}&state=${encodeURIComponent(state)}`, { cookie: cookies || undefined });
}

export interface SignedIn {
  token: string;
  cookie: string;
  setCookie: string;
  body: { status: string; data: { token: string; redirect: string; user: { id: string; email: string; role: string; firstname: string } } };
}

/** The whole round trip; throws unless the callback succeeds. */
export async function oidcSignIn(app: AuthTarget, email: string, cookie?: string): Promise<SignedIn> {
  const { code, state } = await authorize(app, email);
  const res = await callback(app, code, state, cookie);
  const body = (await res.json()) as SignedIn['body'];
  if (res.status !== 200) throw new Error(`callback answered ${res.status}: ${JSON.stringify(body)}`);
  const setCookie = res.headers.get('set-cookie') ?? '';
  return { token: body.data.token, cookie: setCookie.split(';')[0]!, setCookie, body };
}

export interface FakeIssuer {
  issuer: string;
  /** what the next token request answers; gets the nonce the app sent at the authorization step */
  idToken: (ctx: { nonce: string; issuer: string }) => Promise<string>;
  lastNonce: string | null;
  /** signs with the key published in the JWKS */
  sign(payload: JWTPayload): Promise<string>;
  /** signs with the JWKS's second key, an ES256 one (id `fake-ec-1`) */
  signEs256(payload: JWTPayload): Promise<string>;
  stop(): void;
}

/**
 * A tiny OpenID issuer: discovery, JWKS (an RS256 and an ES256 key), an authorization endpoint that answers at
 * once, a scripted token endpoint. `algs` is the discovery's `id_token_signing_alg_values_supported` (absent when unset);
 * `endSession` adds an `end_session_endpoint` (RP-initiated logout); `userinfo` adds a userinfo endpoint answering
 * those claims for the subject `fake-sub`.
 */
export async function startFakeIssuer(
  clientId: string,
  opts: { algs?: string[]; endSession?: boolean; userinfo?: Record<string, unknown> } = {},
): Promise<FakeIssuer> {
  const good = await generateKeyPair('RS256', { extractable: true });
  const ec = await generateKeyPair('ES256', { extractable: true });
  const kid = 'fake-key-1';
  const jwk = { ...(await exportJWK(good.publicKey)), kid, alg: 'RS256', use: 'sig' };
  const ecJwk = { ...(await exportJWK(ec.publicKey)), kid: 'fake-ec-1', alg: 'ES256', use: 'sig' };
  const signWith = (key: CryptoKey) => (payload: JWTPayload) => new SignJWT(payload).setProtectedHeader({ alg: 'RS256', kid }).sign(key);
  const fake: FakeIssuer = {
    issuer: '',
    lastNonce: null,
    sign: signWith(good.privateKey),
    signEs256: (payload) => new SignJWT(payload).setProtectedHeader({ alg: 'ES256', kid: 'fake-ec-1' }).sign(ec.privateKey),
    idToken: ({ nonce, issuer }) =>
      fake.sign({
        iss: issuer,
        aud: clientId,
        sub: 'fake-sub',
        email: 'fake@uni.ac.th',
        nonce,
        iat: Math.floor(Date.now() / 1000),
        exp: Math.floor(Date.now() / 1000) + 300,
      }),
    stop: () => server.stop(true),
  };
  const server = Bun.serve({
    port: 0,
    hostname: '127.0.0.1',
    fetch: async (req) => {
      const url = new URL(req.url);
      if (url.pathname === '/.well-known/openid-configuration') {
        const algs = opts.algs ? { id_token_signing_alg_values_supported: opts.algs } : {};
        const extra = {
          ...algs,
          ...(opts.endSession ? { end_session_endpoint: `${fake.issuer}/logout` } : {}),
          ...(opts.userinfo ? { userinfo_endpoint: `${fake.issuer}/userinfo` } : {}),
        };
        return Response.json({
          issuer: fake.issuer,
          authorization_endpoint: `${fake.issuer}/authorize`,
          token_endpoint: `${fake.issuer}/token`,
          jwks_uri: `${fake.issuer}/jwks`,
          ...extra,
        });
      }
      if (url.pathname === '/userinfo' && opts.userinfo) {
        if (req.headers.get('authorization') !== 'Bearer fake-access') return new Response(null, { status: 401 });
        return Response.json({ sub: 'fake-sub', ...opts.userinfo });
      }
      if (url.pathname === '/jwks') return Response.json({ keys: [jwk, ecJwk] });
      if (url.pathname === '/authorize') {
        fake.lastNonce = url.searchParams.get('nonce');
        const back = new URL(url.searchParams.get('redirect_uri')!);
        back.searchParams.set('code', 'fake-code');
        back.searchParams.set('state', url.searchParams.get('state')!);
        return new Response(null, { status: 302, headers: { location: back.toString() } });
      }
      if (url.pathname === '/token') {
        const idToken = await fake.idToken({ nonce: fake.lastNonce ?? '', issuer: fake.issuer });
        return Response.json({ access_token: 'fake-access', token_type: 'Bearer', expires_in: 300, id_token: idToken });
      }
      return new Response('not found', { status: 404 });
    },
  });
  fake.issuer = `http://127.0.0.1:${server.port}`;
  return fake;
}

export interface ProxiedProvider {
  /** the issuer the app is configured with: the proxy's address, which the provider names as its own */
  issuer: string;
  /** true: the discovery sent to the app points at a foreign JWKS (the provider's key id, another key) */
  foreignKeys: boolean;
  provider: DevProvider;
  stop(): Promise<void>;
}

/**
 * A real oidc-provider (the built-in one) served on a port of its own through a small proxy that passes everything through, except that
 * while `foreignKeys` is on, the discovery document's `jwks_uri` leads to a JWKS holding another RSA key
 * under the provider's own key id: the provider's genuine id tokens then fail signature verification.
 */
export async function startProxiedProvider(p: { clientId: string; clientSecret: string; redirectUri: string }): Promise<ProxiedProvider> {
  let foreignJwks: { keys: JWK[] } | null = null;
  let provider: DevProvider | null = null;
  const proxy = Bun.serve({
    port: 0,
    hostname: '127.0.0.1',
    fetch: async (req) => {
      const url = new URL(req.url);
      if (url.pathname === '/foreign-jwks') return Response.json(foreignJwks);
      const res = await provider!.handle(req);
      if (url.pathname === '/.well-known/openid-configuration' && out.foreignKeys) {
        const discovery = (await res.json()) as Record<string, unknown>;
        return Response.json({ ...discovery, jwks_uri: `${out.issuer}/foreign-jwks` }, { status: res.status });
      }
      return res;
    },
  });
  const issuer = `http://127.0.0.1:${proxy.port}`;
  // Mounted at the root of the proxy's address: an external issuer to the app, reached over the network.
  provider = await createDevProvider({ issuer, clientId: p.clientId, clientSecret: p.clientSecret, redirectUris: [p.redirectUri], postLogoutRedirectUris: [] });
  // The provider's own key id, published again with a key of our making.
  const discovery = (await (await provider.fetch(`${issuer}/.well-known/openid-configuration`)).json()) as { jwks_uri: string };
  const genuine = (await (await provider.fetch(discovery.jwks_uri)).json()) as { keys: JWK[] };
  const other = await exportJWK((await generateKeyPair('RS256', { extractable: true })).publicKey);
  foreignJwks = { keys: genuine.keys.map((k) => ({ ...other, kid: k.kid, alg: k.alg ?? 'RS256', use: 'sig' })) };
  const out: ProxiedProvider = {
    issuer,
    foreignKeys: true,
    provider,
    async stop() {
      proxy.stop(true);
    },
  };
  return out;
}
