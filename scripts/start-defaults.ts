// What `npm start` and the single binary assume when nothing is configured.
// With NODE_ENV unset, this is a try-out on embedded defaults: production mode, and with no university SSO the
// built-in demo sign-in (said loudly). An operator who sets NODE_ENV=production declares a real deployment: the demo
// sign-in is then never switched on behind their back, and without OIDC_ISSUER (or DEV_OIDC_IN_PRODUCTION=true)
// the server refuses to start (src/index.ts). README, Configuration.
import { NODE_ENV_DEFAULTED } from '../src/config';

export function applyStartDefaults(env: Record<string, string | undefined> = process.env): void {
  if (env.NODE_ENV?.trim()) return; // the operator chose; keep their settings as they are
  env.NODE_ENV = 'production';
  env[NODE_ENV_DEFAULTED] = '1'; // not the operator's production: a try-out may get the demo library (src/config.ts)
  if (!env.OIDC_ISSUER?.trim() && !env.DEV_OIDC_IN_PRODUCTION?.trim()) {
    env.DEV_OIDC_IN_PRODUCTION = 'true';
    console.warn(
      '\n!!! OIDC_ISSUER is not set: using the BUILT-IN DEMO SIGN-IN (anyone can sign in as any e-mail; admin@demo.ac.th is admin).' +
        '\n!!! Set OIDC_ISSUER/OIDC_CLIENT_ID/OIDC_CLIENT_SECRET for the university SSO before real use (and NODE_ENV=production to make it required).\n',
    );
  }
}
