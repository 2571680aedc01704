// Id-token verification against a scripted issuer (wrong key, audience, expiry, issuer; claim mapping),
// and no token or secret in the logs of a real sign-in.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { rmSync } from 'node:fs';
import { createTestApp, testConfig, type TestApp } from '../helpers/server';
import { authorize, callback, oidcSignIn, startFakeIssuer, type AuthTarget, type FakeIssuer } from '../helpers/oidc';
import { createContext } from '../../src/context';
import { createApp } from '../../src/app';
import { createLogger } from '../../src/logger';
import { loginRequests } from '../../modules/auth/schema';

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

  const base = (nonce: string) => ({ iss: fake.issuer, aud: 'askreg-client', sub: 'u-1', upn: 'Somsak@Uni.ac.th', given_name: 'สมศักดิ์', nonce, iat: now(), exp: now() + 300 });

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

  test('a token signed by another key is refused', async () => {
    const r = await attempt((n) => fake.signWithOtherKey(base(n)));
    expect(r.status).toBe(401);
    expect(r.body.message).toBe('ลายเซ็นของโทเค็นยืนยันตัวตนไม่ถูกต้อง');
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

test('no token, code, state, nonce, verifier or client secret appears in the logs', async () => {
  const lines: string[] = [];
  const config = testConfig({ OIDC_CLIENT_SECRET: 'dev-client-secret-xyz', LOG_LEVEL: 'debug' });
  const ctx = createContext(config, createLogger('debug', 'json', {}, (l) => lines.push(l) > 0));
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
    const verifier = ctx.db.select().from(loginRequests).all().at(-1)!.codeVerifier;
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
    await ctx.close();
    rmSync(config.dataDir, { recursive: true, force: true });
  }
});
