// Login CSRF defence: a sign-in's `state` is only accepted from the browser that started it. The
// login start sets a short-lived HttpOnly cookie named after the state and holding its keyed MAC;
// the callback refuses a state whose cookie this browser does not carry. Without it, an attacker who
// stops before their own callback could send a signed-in victim to it and sign them in as the attacker.
// One cookie per started sign-in (not one shared cookie) so two tabs signing in at once both work.
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { AppContext } from '../../src/context';
import { installSecret } from '../../src/secrets';
import { LOGIN_REQUEST_TTL_MS } from './login-requests';

const CALLBACK_PATH = '/api/auth/callback';

const mac = (ctx: AppContext, state: string) => createHmac('sha256', installSecret(ctx, 'login-binding.key')).update(state).digest('base64url');

/** `__Host-` on https: a sibling subdomain cannot plant it (Secure, no Domain, Path=/ are required by the prefix). */
function cookieName(ctx: AppContext, state: string): string {
  const id = createHmac('sha256', 'askreg-login').update(state).digest('hex').slice(0, 16);
  return `${ctx.config.publicUrl.startsWith('https:') ? '__Host-' : ''}askreg_login_${id}`;
}

function attributes(ctx: AppContext, maxAge: number): string[] {
  const https = ctx.config.publicUrl.startsWith('https:');
  return [`Path=${https ? '/' : CALLBACK_PATH}`, 'HttpOnly', 'SameSite=Lax', `Max-Age=${maxAge}`, ...(https ? ['Secure'] : [])];
}

export function loginBindingCookie(ctx: AppContext, state: string): string {
  return [`${cookieName(ctx, state)}=${mac(ctx, state)}`, ...attributes(ctx, Math.floor(LOGIN_REQUEST_TTL_MS / 1000))].join('; ');
}

export function clearedLoginBindingCookie(ctx: AppContext, state: string): string {
  return [`${cookieName(ctx, state)}=`, ...attributes(ctx, 0)].join('; ');
}

/** True when the request carries the cookie this state's login start set. */
export function startedByThisBrowser(ctx: AppContext, state: string, cookieHeader: string | null): boolean {
  const name = cookieName(ctx, state);
  const value = (cookieHeader ?? '')
    .split(';')
    .map((c) => c.trim())
    .find((c) => c.startsWith(`${name}=`))
    ?.slice(name.length + 1);
  if (!value) return false;
  const expected = Buffer.from(mac(ctx, state));
  const got = Buffer.from(value);
  return got.length === expected.length && timingSafeEqual(got, expected);
}
