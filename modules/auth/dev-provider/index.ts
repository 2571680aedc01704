// Built-in development OpenID provider (oidc-provider 9) on its own local port, used when OIDC_ISSUER is
// unset. It is a real provider: discovery, JWKS, PKCE-only code flow, signed id tokens, so the app's
// sign-in code runs exactly as it would against the university's SSO.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair } from 'jose';
import Provider, { interactionPolicy, type OidcContext } from 'oidc-provider';
import { DevAccounts, isEmail } from './accounts';
import { errorPage, signInPage } from './page';

export interface DevProviderOptions {
  /** host name the browser and the app use to reach the provider (PUBLIC_URL's host) */
  publicHost: string;
  listenHost: string | undefined;
  port: number;
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
  /** authorization-code lifetime; tests shorten it to see an expired code refused */
  codeTtlSeconds?: number;
  /** the issuer it names itself (default its own address); tests put a proxy at this address */
  issuer?: string;
}

export interface DevProvider {
  issuer: string;
  accounts: DevAccounts;
  close(): Promise<void>;
}

const SCOPES = 'openid email profile';

function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  return new Promise((resolve, reject) => {
    let body = '';
    req.on('data', (c: Buffer) => {
      body += c.toString('utf8');
      if (body.length > 10_000) reject(new Error('form too large'));
    });
    req.on('end', () => resolve(new URLSearchParams(body)));
    req.on('error', reject);
  });
}

function sendHtml(res: ServerResponse, status: number, html: string) {
  res.writeHead(status, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
  res.end(html);
}

export async function startDevProvider(opts: DevProviderOptions): Promise<DevProvider> {
  const accounts = new DevAccounts();
  let provider: Provider | null = null;

  const finishLogin = async (req: IncomingMessage, res: ServerResponse, email: string) => {
    await provider!.interactionFinished(req, res, { login: { accountId: email } }, { mergeWithLastSubmission: false });
  };

  // Our interaction pages; everything else is the provider's own protocol endpoints.
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const m = url.pathname.match(/^\/interaction\/([\w-]+)(\/login)?$/);
    if (!m) return provider!.callback()(req, res);
    try {
      const details = await provider!.interactionDetails(req, res);
      if (details.prompt.name !== 'login') {
        // Consent is implicit for the app's own client (see loadExistingGrant); finish whatever remains.
        return await provider!.interactionFinished(req, res, {}, { mergeWithLastSubmission: true });
      }
      if (req.method === 'POST' && m[2]) {
        const email = String((await readForm(req)).get('email') ?? '').trim().toLowerCase();
        if (!accounts.ensure(email)) return sendHtml(res, 400, signInPage(details.uid, accounts.list(), 'กรุณากรอกอีเมลให้ถูกต้อง'));
        return await finishLogin(req, res, email);
      }
      const hint = typeof details.params.login_hint === 'string' ? details.params.login_hint.trim().toLowerCase() : '';
      if (hint && isEmail(hint)) {
        accounts.ensure(hint);
        return await finishLogin(req, res, hint);
      }
      return sendHtml(res, 200, signInPage(details.uid, accounts.list()));
    } catch {
      return sendHtml(res, 400, errorPage('คำขอเข้าสู่ระบบหมดอายุหรือไม่ถูกต้อง กรุณากลับไปที่แอปแล้วเริ่มเข้าสู่ระบบใหม่'));
    }
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.listenHost, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const issuer = opts.issuer ?? `http://${opts.publicHost}:${port}`;

  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const signingKey = { ...(await exportJWK(privateKey)), kid: crypto.randomUUID(), alg: 'RS256', use: 'sig' };

  // The dev provider always asks who is signing in (or takes login_hint), so switching demo accounts just works.
  const policy = interactionPolicy.base();
  const { Check } = interactionPolicy;
  policy.get('login')!.checks.add(new Check('dev_account_choice', 'choose a demo account', (ctx) => (ctx.oidc.result?.login ? Check.NO_NEED_TO_PROMPT : Check.REQUEST_PROMPT)));

  provider = new Provider(issuer, {
    clients: [
      {
        client_id: opts.clientId,
        ...(opts.clientSecret ? { client_secret: opts.clientSecret, token_endpoint_auth_method: 'client_secret_basic' } : { token_endpoint_auth_method: 'none' }),
        redirect_uris: opts.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    pkce: { required: () => true },
    features: { devInteractions: { enabled: false } },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'given_name', 'family_name', 'picture'] },
    scopes: ['openid', 'email', 'profile'],
    conformIdTokenClaims: false, // put e-mail and names into the id token itself
    jwks: { keys: [signingKey] },
    cookies: { keys: [Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('base64url')] },
    ttl: { AuthorizationCode: opts.codeTtlSeconds ?? 60, IdToken: 3600, AccessToken: 3600, Interaction: 600, Session: 3600, Grant: 3600 },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}`, policy },
    async findAccount(_ctx: unknown, sub: string) {
      const acc = accounts.find(sub);
      if (!acc) return undefined;
      return {
        accountId: acc.email,
        claims: async () => ({ sub: acc.email, email: acc.email, email_verified: true, given_name: acc.given_name, family_name: acc.family_name, name: `${acc.given_name} ${acc.family_name}` }),
      };
    },
    // First-party client: grant the standard scopes without a consent screen.
    async loadExistingGrant(ctx: OidcContext) {
      const { oidc } = ctx;
      const existing = oidc.result?.consent?.grantId ?? oidc.session?.grantIdFor(oidc.client!.clientId);
      if (existing) return oidc.provider.Grant.find(existing);
      const grant = new oidc.provider.Grant({ clientId: oidc.client!.clientId, accountId: oidc.session?.accountId });
      grant.addOIDCScope(SCOPES);
      await grant.save();
      return grant;
    },
    async renderError(ctx: { type: string; body: string }, out: Record<string, string>) {
      ctx.type = 'html';
      ctx.body = errorPage(`${out.error ?? 'error'}: ${out.error_description ?? ''}`);
    },
  });

  return {
    issuer,
    accounts,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections?.();
        server.close(() => resolve());
      }),
  };
}
