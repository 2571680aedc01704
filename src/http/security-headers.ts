// Headers every response carries, whatever produced it (JSON, pages, downloads, assets, errors, the built-in
// provider): set in onRequest, which runs before any route and whose headers Elysia merges into returned
// Responses too. nosniff stops a browser from reading a JSON answer or a downloaded file as HTML or script;
// HSTS (only when PUBLIC_URL is https, so a plain-http test or LAN install is never locked out) keeps browsers
// on https after their first visit.
import { Elysia } from 'elysia';
import type { AppContext } from '../context';

/** One year, the preload lists' minimum; subdomains are the university's own and are left out. */
export const HSTS = 'max-age=31536000';

export function securityHeaders(ctx: AppContext) {
  const https = ctx.config.publicUrl.startsWith('https://');
  return new Elysia({ name: 'security-headers', seed: ctx.id }).onRequest(({ set }) => {
    set.headers['x-content-type-options'] = 'nosniff';
    if (https) set.headers['strict-transport-security'] = HSTS;
  });
}
