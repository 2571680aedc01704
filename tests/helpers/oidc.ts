// Drives the real sign-in round trip over HTTP (redirects followed by hand, with a cookie jar for the
// provider), the way a browser would: /api/auth/login → provider → /auth/callback?code&state.
import { exportJWK, generateKeyPair, SignJWT, type JWTPayload } from 'jose';

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
  const start = await app.request(`/api/auth/login?redirectTo=${encodeURIComponent(redirectTo)}&login_hint=${encodeURIComponent(email)}`, { redirect: 'manual' });
  if (start.status !== 302) throw new Error(`login answered ${start.status}: ${await start.text()}`);
  const authorizeUrl = new URL(start.headers.get('location')!);
  const jar = new Map<string, string>();
  let url = authorizeUrl.toString();
  for (let hop = 0; hop < 10; hop++) {
    const res = await fetch(url, { redirect: 'manual', headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') } });
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

export async function callback(app: AuthTarget, code: string, state: string, cookie?: string): Promise<Response> {
  return app.request(`/api/auth/callback?code=${encodeURIComponent(code)}&state=${encodeURIComponent(state)}`, { cookie });
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
  /** signs with a key the JWKS does not hold, under the published key id */
  signWithOtherKey(payload: JWTPayload): Promise<string>;
  stop(): void;
}

/** A tiny OpenID issuer: discovery, JWKS, an authorization endpoint that answers at once, a scripted token endpoint. */
export async function startFakeIssuer(clientId: string): Promise<FakeIssuer> {
  const good = await generateKeyPair('RS256', { extractable: true });
  const other = await generateKeyPair('RS256', { extractable: true });
  const kid = 'fake-key-1';
  const jwk = { ...(await exportJWK(good.publicKey)), kid, alg: 'RS256', use: 'sig' };
  const signWith = (key: CryptoKey) => (payload: JWTPayload) => new SignJWT(payload).setProtectedHeader({ alg: 'RS256', kid }).sign(key);
  const fake: FakeIssuer = {
    issuer: '',
    lastNonce: null,
    sign: signWith(good.privateKey),
    signWithOtherKey: signWith(other.privateKey),
    idToken: ({ nonce, issuer }) =>
      fake.sign({ iss: issuer, aud: clientId, sub: 'fake-sub', email: 'fake@uni.ac.th', nonce, iat: Math.floor(Date.now() / 1000), exp: Math.floor(Date.now() / 1000) + 300 }),
    stop: () => server.stop(true),
  };
  const server = Bun.serve({
    port: 0,
    hostname: '127.0.0.1',
    fetch: async (req) => {
      const url = new URL(req.url);
      if (url.pathname === '/.well-known/openid-configuration') {
        return Response.json({ issuer: fake.issuer, authorization_endpoint: `${fake.issuer}/authorize`, token_endpoint: `${fake.issuer}/token`, jwks_uri: `${fake.issuer}/jwks` });
      }
      if (url.pathname === '/jwks') return Response.json({ keys: [jwk] });
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
