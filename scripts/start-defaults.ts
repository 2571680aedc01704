// What `npm start` and the single binary assume when nothing is configured: production, and with no
// university SSO, the built-in demo sign-in (said loudly). Set OIDC_ISSUER (or DEV_OIDC_IN_PRODUCTION=false)
// for a real deployment (README, Configuration).
export function applyStartDefaults(): void {
  const env = process.env;
  env.NODE_ENV ??= 'production';
  if (!env.OIDC_ISSUER?.trim() && !env.DEV_OIDC_IN_PRODUCTION?.trim()) {
    env.DEV_OIDC_IN_PRODUCTION = 'true';
    console.warn('\n!!! OIDC_ISSUER is not set: using the BUILT-IN DEMO SIGN-IN (anyone can sign in as any e-mail; admin@demo.ac.th is admin).\n!!! Set OIDC_ISSUER/OIDC_CLIENT_ID/OIDC_CLIENT_SECRET for the university SSO before real use.\n');
  }
}
