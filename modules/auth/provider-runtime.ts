// Which OpenID provider the app signs in with: OIDC_ISSUER when set, otherwise the built-in development
// provider, created once per app and served under ${PUBLIC_URL}/dev-oidc. Production refuses it unless allowed.
import type { AppContext } from '../../src/context';
import type { Config } from '../../src/config';
import { perApp } from '../../src/context';
import { AppError } from '../../src/http/errors';
import { OidcClient } from './oidc-client';
import { DEMO_ADMIN_EMAILS } from './dev-provider/accounts';
import type { DevProvider, DevProviderOptions } from './dev-provider';
import { loadDevProvider, withoutExpectedWarnings } from './dev-provider/load';

export const DEV_PROVIDER_REFUSED =
  'The built-in development sign-in provider is disabled because NODE_ENV=production. ' +
  'Set OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET for the university SSO, or DEV_OIDC_IN_PRODUCTION=true to allow the demo provider.';

export interface ProviderRuntime {
  /** the OIDC client, starting the dev provider on first use when needed */
  client(): Promise<OidcClient>;
  /** e-mails treated like ADMIN_EMAILS (the dev provider's demo admins while it is in use) */
  extraAdminEmails(): string[];
  devProvider(): DevProvider | null;
}

/** What the process entry (src/index.ts) prints before exiting when production has no sign-in it may use. */
export const START_REFUSED = `Ask-Reg will not start without a sign-in provider. ${DEV_PROVIDER_REFUSED}`;

/** Production with no OIDC_ISSUER, and the demo provider not explicitly allowed: nobody could sign in. */
export const signInUnavailable = (config: Config) => !config.oidc.issuer && config.nodeEnv === 'production' && !config.oidc.allowDevProviderInProduction;

export const devProviderEnabled = (ctx: AppContext) => !ctx.config.oidc.issuer;
export const devProviderRefused = (ctx: AppContext) => signInUnavailable(ctx.config);

/**
 * Accounts made admin by configuration at every sign-in: ADMIN_EMAILS, plus the demo admins while the built-in
 * provider is the sign-in. Revoking them would not stick, so the access API refuses it (deactivation does stick).
 */
export function configuredAdminEmails(ctx: AppContext): string[] {
  const demo = devProviderEnabled(ctx) && !devProviderRefused(ctx) ? DEMO_ADMIN_EMAILS : [];
  return [...ctx.config.adminEmails, ...demo];
}

/** Where the IdP's sign-out sends the browser back to (registered with the provider as post_logout_redirect_uri). */
export const POST_LOGOUT_PATH = '/landing';

/** Tests may shorten the dev provider's code lifetime; set before the first sign-in. */
export const devProviderOverrides = new WeakMap<AppContext, Partial<DevProviderOptions>>();

export const providerRuntime = perApp((ctx: AppContext): ProviderRuntime => {
  const { oidc, publicUrl } = ctx.config;
  const settings = (issuer: string) => ({
    issuer,
    clientId: oidc.clientId,
    clientSecret: oidc.clientSecret,
    redirectUri: `${publicUrl}/auth/callback`,
    scopes: oidc.scopes,
    claims: { email: oidc.claimEmail, givenName: oidc.claimGivenName, familyName: oidc.claimFamilyName, picture: oidc.claimPicture, groups: oidc.groupsClaim },
    wantGroups: oidc.adminGroups.length > 0,
  });

  if (oidc.issuer) {
    const client = new OidcClient(settings(oidc.issuer));
    return { client: async () => client, extraAdminEmails: () => [], devProvider: () => null };
  }

  let dev: DevProvider | null = null;
  let starting: Promise<OidcClient> | null = null;
  let closed = false;
  ctx.onClose(() => void (closed = true));
  const start = async (): Promise<OidcClient> => {
    if (devProviderRefused(ctx)) throw new AppError('unavailable', DEV_PROVIDER_REFUSED);
    // Imported lazily (a real deployment never loads oidc-provider), without its Bun runtime warning (load.ts).
    const { createDevProvider, DEV_OIDC_PATH } = await loadDevProvider();
    // Served by this app under its own origin (the auth module's /dev-oidc route): no port of its own.
    const started = await withoutExpectedWarnings(() =>
      createDevProvider({
        issuer: `${publicUrl}${DEV_OIDC_PATH}`,
        clientId: oidc.clientId,
        clientSecret: oidc.clientSecret,
        redirectUris: [`${publicUrl}/auth/callback`],
        postLogoutRedirectUris: [`${publicUrl}${POST_LOGOUT_PATH}`],
        onServerError: (error) => ctx.log.error('built-in OpenID provider failed', { error }),
        ...devProviderOverrides.get(ctx),
      }),
    );
    if (closed) throw new AppError('unavailable', 'ระบบกำลังปิดให้บริการ');
    dev = started;
    ctx.log.warn('built-in development OpenID provider is running: anyone can sign in as any e-mail (set OIDC_ISSUER for real sign-in)', {
      issuer: started.issuer,
      demoAdmins: DEMO_ADMIN_EMAILS.join(','),
    });
    return new OidcClient({ ...settings(started.issuer), fetch: started.fetch });
  };
  return {
    client() {
      starting ??= start();
      starting.catch(() => (starting = null));
      return starting;
    },
    extraAdminEmails: () => (dev ? DEMO_ADMIN_EMAILS : []),
    devProvider: () => dev,
  };
});
