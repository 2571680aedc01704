// Built-in development OpenID provider (oidc-provider 9), used when OIDC_ISSUER is unset. It listens on no
// port of its own: the app serves it under PUBLIC_URL/dev-oidc (mount.ts bridges Fetch requests to its Node
// handler), so a Docker trial or a browser on another machine signs in through the app's one port. It is a real
// provider: discovery, JWKS, PKCE-only code flow, signed id tokens, RP-initiated logout, so the app's sign-in
// code runs exactly as it would against the university's SSO.
import { exportJWK, generateKeyPair } from 'jose';
import Provider, { interactionPolicy, type OidcContext } from 'oidc-provider';
import { DevAccounts } from './accounts';
import { errorPage, logoutPage } from './page';
import { mountedHandler } from './mount';

/** Where the app serves the built-in provider: its issuer is `${PUBLIC_URL}${DEV_OIDC_PATH}`. */
export const DEV_OIDC_PATH = '/dev-oidc';

export interface DevProviderOptions {
  /** the provider's issuer; its path is where it is mounted (the app uses `${PUBLIC_URL}/dev-oidc`) */
  issuer: string;
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
  /** where RP-initiated logout may send the browser back to */
  postLogoutRedirectUris: string[];
  /** authorization-code lifetime; tests shorten it to see an expired code refused */
  codeTtlSeconds?: number;
  /** the provider's own failures (answered as server_error), for the app's log */
  onServerError?: (error: Error) => void;
}

export interface DevProvider {
  issuer: string;
  accounts: DevAccounts;
  /** answers a browser's or the app's request for an address under the issuer */
  handle(request: Request): Promise<Response>;
  /** the app's back channel (discovery, token, JWKS, userinfo): in-process, no network or port */
  fetch(input: string | URL | Request, init?: RequestInit): Promise<Response>;
}

const SCOPES = 'openid email profile';

export async function createDevProvider(opts: DevProviderOptions): Promise<DevProvider> {
  const accounts = new DevAccounts();
  const issuer = opts.issuer.replace(/\/+$/, '');
  const mountPath = new URL(issuer).pathname.replace(/\/+$/, '');

  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const signingKey = { ...(await exportJWK(privateKey)), kid: crypto.randomUUID(), alg: 'RS256', use: 'sig' };

  // The dev provider always asks who is signing in (or takes login_hint), so switching demo accounts just works.
  const policy = interactionPolicy.base();
  const { Check } = interactionPolicy;
  policy
    .get('login')!
    .checks.add(new Check('dev_account_choice', 'choose a demo account', (ctx) => (ctx.oidc.result?.login ? Check.NO_NEED_TO_PROMPT : Check.REQUEST_PROMPT)));

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: opts.clientId,
        ...(opts.clientSecret
          ? { client_secret: opts.clientSecret, token_endpoint_auth_method: 'client_secret_basic' }
          : { token_endpoint_auth_method: 'none' }),
        redirect_uris: opts.redirectUris,
        post_logout_redirect_uris: opts.postLogoutRedirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    pkce: { required: () => true },
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: { enabled: true, logoutSource: async (ctx: { body: string }, form: string) => void (ctx.body = logoutPage(form)) },
    },
    // groups/roles/realm_access: the shapes Entra ID and Keycloak use, so OIDC_GROUPS_CLAIM can be tried on the demo
    claims: {
      openid: ['sub', 'groups', 'roles', 'realm_access'],
      email: ['email', 'email_verified'],
      profile: ['name', 'given_name', 'family_name', 'picture'],
    },
    scopes: ['openid', 'email', 'profile'],
    conformIdTokenClaims: false, // put e-mail, names and groups into the id token itself
    jwks: { keys: [signingKey] },
    cookies: { keys: [Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('base64url')] },
    ttl: { AuthorizationCode: opts.codeTtlSeconds ?? 60, IdToken: 3600, AccessToken: 3600, Interaction: 600, Session: 3600, Grant: 3600 },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `${mountPath}/interaction/${interaction.uid}`, policy },
    async findAccount(_ctx: unknown, sub: string) {
      const acc = accounts.find(sub);
      if (!acc) return undefined;
      return {
        accountId: acc.email,
        claims: async () => ({
          sub: acc.email,
          email: acc.email,
          email_verified: true,
          given_name: acc.given_name,
          family_name: acc.family_name,
          name: `${acc.given_name} ${acc.family_name}`,
          groups: acc.groups,
          roles: acc.groups,
          realm_access: { roles: acc.groups },
        }),
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
  // Requests reach it only through the app, which sets the forwarded protocol and host from the issuer.
  provider.proxy = true;
  provider.on('server_error', (_ctx, error) => opts.onServerError?.(error as Error));

  const handle = mountedHandler(provider, issuer, mountPath, accounts);
  return {
    issuer,
    accounts,
    handle,
    fetch: (input, init) => handle(new Request(input, init)),
  };
}
