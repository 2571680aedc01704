// Id-token verification: a real oidc-provider's token checked against a foreign key; against a scripted issuer,
// audience, azp, algorithms, expiry, issuer and claim mapping; and no token or secret in the logs of a real sign-in.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { createTestApp, createTestContext, type TestApp } from '../helpers/server';
import {
  authorize,
  callback,
  oidcSignIn,
  startFakeIssuer,
  startProxiedProvider,
  type AuthTarget,
  type FakeIssuer,
  type ProxiedProvider,
} from '../helpers/oidc';
import { callbackOutcome } from '../../web/islands/callback/callback-logic';
import { createApp } from '../../src/app';
import { createLogger } from '../../src/logger';
import { loginRequests } from '../helpers/tables';
import { desc } from 'drizzle-orm';

const now = () => Math.floor(Date.now() / 1000);

describe('id tokens from an external issuer', () => {
  let fake: FakeIssuer;
  let app: TestApp;
  let target: AuthTarget;
  beforeAll(async () => {
    fake = await startFakeIssuer('askreg-client');
    app = await createTestApp({ OIDC_ISSUER: fake.issuer, OIDC_CLIENT_ID: 'askreg-client', OIDC_CLIENT_SECRET: 's3cret-value', OIDC_CLAIM_EMAIL: 'upn' });
    target = { request: app.request, publicUrl: app.ctx.config.publicUrl };
  });
  afterAll(async () => {
    await app.close();
    fake.stop();
  });

  const base = (nonce: string) => ({
    iss: fake.issuer,
    aud: 'askreg-client',
    sub: 'u-1',
    upn: 'Somsak@Uni.ac.th',
    given_name: 'สมศักดิ์',
    nonce,
    iat: now(),
    exp: now() + 300,
  });

  async function attempt(makeToken: (nonce: string) => Promise<string>) {
    fake.idToken = ({ nonce }) => makeToken(nonce);
    const { code, state } = await authorize(target, 'ignored@uni.ac.th');
    const res = await callback(target, code, state);
    return { status: res.status, body: (await res.json()) as { status: string; message?: string; data?: { user: { email: string; firstname: string } } } };
  }

  test('a correctly signed token signs in, with the e-mail read from the configured claim', async () => {
    const r = await attempt((n) => fake.sign(base(n)));
    expect(r.status).toBe(200);
    expect(r.body.data!.user).toMatchObject({ email: 'somsak@uni.ac.th', firstname: 'สมศักดิ์' });
  });

  test('a token with several audiences must name this app as azp', async () => {
    const aud = ['askreg-client', 'another-app'];
    for (const azp of [undefined, 'another-app']) {
      const r = await attempt((n) => fake.sign({ ...base(n), aud, azp }));
      expect({ azp, status: r.status }).toEqual({ azp, status: 401 });
      expect(r.body.message).toBe('โทเค็นยืนยันตัวตนไม่ถูกต้อง (azp)');
    }
    expect((await attempt((n) => fake.sign({ ...base(n), aud, azp: 'askreg-client' }))).status).toBe(200);
    // a single audience with a foreign azp is refused too (OIDC Core §3.1.3.7)
    expect((await attempt((n) => fake.sign({ ...base(n), azp: 'another-app' }))).status).toBe(401);
  });

  test('only RS256 when the discovery names no algorithms: an ES256 token from the same JWKS is refused', async () => {
    const r = await attempt((n) => fake.signEs256(base(n)));
    expect(r.status).toBe(401);
    expect(r.body.message).toBe('โทเค็นยืนยันตัวตนใช้อัลกอริทึมที่ไม่อนุญาต (alg)');
  });

  test('wrong audience, wrong issuer, expired, wrong nonce and missing e-mail are refused', async () => {
    const cases: Array<[string, (n: string) => Promise<string>, string]> = [
      ['aud', (n) => fake.sign({ ...base(n), aud: 'another-app' }), '(aud)'],
      ['iss', (n) => fake.sign({ ...base(n), iss: 'https://elsewhere.example' }), '(iss)'],
      ['exp', (n) => fake.sign({ ...base(n), iat: now() - 7200, exp: now() - 3600 }), 'หมดอายุ'],
      ['nonce', (n) => fake.sign({ ...base(n), nonce: n + 'x' }), 'nonce'],
      ['email', (n) => fake.sign({ ...base(n), upn: undefined }), 'อีเมล'],
    ];
    for (const [name, make, text] of cases) {
      const r = await attempt(make);
      expect({ name, status: r.status }).toEqual({ name, status: 401 });
      expect(r.body.message).toContain(text);
    }
  });
});

test("the algorithms are the discovery's id_token_signing_alg_values_supported", async () => {
  const es = await startFakeIssuer('askreg-client', { algs: ['ES256', 'none', 'HS256'] });
  const app = await createTestApp({ OIDC_ISSUER: es.issuer, OIDC_CLIENT_ID: 'askreg-client', OIDC_CLIENT_SECRET: 's' });
  const target: AuthTarget = { request: app.request, publicUrl: app.ctx.config.publicUrl };
  const claims = (nonce: string) => ({ iss: es.issuer, aud: 'askreg-client', sub: 'u-2', email: 'ec@uni.ac.th', nonce, iat: now(), exp: now() + 300 });
  const attempt = async (sign: (p: ReturnType<typeof claims>) => Promise<string>) => {
    es.idToken = ({ nonce }) => sign(claims(nonce));
    const { code, state } = await authorize(target, 'ignored@uni.ac.th');
    const res = await callback(target, code, state);
    return { status: res.status, message: ((await res.json()) as { message?: string }).message };
  };
  try {
    expect((await attempt((p) => es.signEs256(p))).status).toBe(200);
    expect(await attempt((p) => es.sign(p))).toEqual({ status: 401, message: 'โทเค็นยืนยันตัวตนใช้อัลกอริทึมที่ไม่อนุญาต (alg)' });
  } finally {
    await app.close();
    es.stop();
  }
});

describe('an id token signed by another key, from a real oidc-provider', () => {
  let sso: ProxiedProvider;
  const publicUrl = 'http://localhost:3000'; // in-process requests: only the name matters
  const env = (issuer: string) => ({ PUBLIC_URL: publicUrl, OIDC_ISSUER: issuer, OIDC_CLIENT_ID: 'askreg-sso', OIDC_CLIENT_SECRET: 'sso-secret-value' });
  const signIn = async (app: TestApp) => {
    const target: AuthTarget = { request: app.request, publicUrl: app.ctx.config.publicUrl };
    const { code, state } = await authorize(target, 'somsri@uni.ac.th');
    return callback(target, code, state);
  };
  beforeAll(async () => {
    sso = await startProxiedProvider({ clientId: 'askreg-sso', clientSecret: 'sso-secret-value', redirectUri: `${publicUrl}/auth/callback` });
  });
  afterAll(() => sso.stop());

  test('the JWKS holds another key under the same key id: refused with the spec text', async () => {
    sso.foreignKeys = true;
    const app = await createTestApp(env(sso.issuer));
    try {
      const res = await signIn(app);
      expect(res.status).toBe(401);
      expect(res.headers.get('set-cookie')).toBeNull();
      const body = (await res.json()) as { message: string };
      expect(callbackOutcome({ error: body.message })).toEqual({
        kind: 'failed',
        message: 'Authentication failed: ลายเซ็นของโทเค็นยืนยันตัวตนไม่ถูกต้อง. Redirecting to login...',
      });
    } finally {
      await app.close();
    }
  });

  test('control: the same provider and client with its genuine JWKS signs in', async () => {
    sso.foreignKeys = false;
    const app = await createTestApp(env(sso.issuer));
    try {
      const res = await signIn(app);
      expect(res.status).toBe(200);
      expect(((await res.json()) as { data: { user: { email: string } } }).data.user.email).toBe('somsri@uni.ac.th');
    } finally {
      await app.close();
    }
  });
});

test('no token, code, state, nonce, verifier or client secret appears in the logs', async () => {
  const lines: string[] = [];
  const opened = await createTestContext(
    { OIDC_CLIENT_SECRET: 'dev-client-secret-xyz', LOG_LEVEL: 'debug' },
    createLogger('debug', 'json', {}, (l) => lines.push(l) > 0),
  );
  const { ctx } = opened;
  const config = ctx.config;
  const app = createApp(ctx);
  const target: AuthTarget = {
    publicUrl: config.publicUrl,
    request: (path, init = {}) => {
      const headers = new Headers(init.headers);
      if (init.cookie) headers.set('cookie', init.cookie);
      return app.handle(new Request(config.publicUrl + path, { ...init, headers }));
    },
  };
  try {
    const { code, state, authorizeUrl } = await authorize(target, 'admin@demo.ac.th');
    const [latest] = await ctx.db.select().from(loginRequests).orderBy(desc(loginRequests.createdAt)).limit(1);
    const verifier = latest!.codeVerifier;
    const res = await callback(target, code, state);
    const body = await res.json();
    expect(body.status).toBe('success');
    const token = body.data.token as string;
    await target.request('/api/admins', { cookie: `askreg_session=${token}` });
    await target.request('/api/auth/logout', { headers: { authorization: `Bearer ${token}` } });
    await oidcSignIn(target, 'student@demo.ac.th'); // a second round, to log more
    const log = lines.join('\n');
    expect(lines.length).toBeGreaterThan(3); // the capture really sees the requests
    for (const secret of [token, code, state, authorizeUrl.searchParams.get('nonce')!, verifier, 'dev-client-secret-xyz']) {
      expect(log.includes(secret)).toBe(false);
    }
  } finally {
    await opened.close();
  }
});
