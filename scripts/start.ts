// `npm start`: build the client (production React), then serve. Needs no environment variables.
import { buildWeb } from './build-web';

process.env.NODE_ENV ??= 'production';
// No university SSO configured: keep the first run usable with the built-in demo sign-in, and say so loudly.
// Set OIDC_ISSUER (or DEV_OIDC_IN_PRODUCTION=false) for a real deployment (README, Configuration).
if (!process.env.OIDC_ISSUER?.trim() && !process.env.DEV_OIDC_IN_PRODUCTION?.trim()) {
  process.env.DEV_OIDC_IN_PRODUCTION = 'true';
  console.warn('\n!!! OIDC_ISSUER is not set: using the BUILT-IN DEMO SIGN-IN (anyone can sign in as any e-mail; admin@demo.ac.th is admin).\n!!! Set OIDC_ISSUER/OIDC_CLIENT_ID/OIDC_CLIENT_SECRET for the university SSO before real use.\n');
}
const built = await buildWeb();
console.log(`client built in ${built.ms} ms`);
await import('../src/index');
