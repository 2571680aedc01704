// The session cookie: HttpOnly, SameSite=Lax, Path=/, Secure when the site is served over https.
import type { AppContext } from '../../src/context';
import { SESSION_COOKIE } from './sessions';

export function sessionCookie(ctx: AppContext, token: string, expiresAt: Date): string {
  const maxAge = Math.max(0, Math.floor((expiresAt.getTime() - Date.now()) / 1000));
  return [
    `${SESSION_COOKIE}=${encodeURIComponent(token)}`,
    'Path=/',
    'HttpOnly',
    'SameSite=Lax',
    `Max-Age=${maxAge}`,
    `Expires=${expiresAt.toUTCString()}`,
    ...secure(ctx),
  ].join('; ');
}

export function clearedSessionCookie(ctx: AppContext): string {
  return [`${SESSION_COOKIE}=`, 'Path=/', 'HttpOnly', 'SameSite=Lax', 'Max-Age=0', 'Expires=Thu, 01 Jan 1970 00:00:00 GMT', ...secure(ctx)].join('; ');
}

const secure = (ctx: AppContext) => (ctx.config.publicUrl.startsWith('https:') ? ['Secure'] : []);
