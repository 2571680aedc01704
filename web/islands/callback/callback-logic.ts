// Redirect rules of the sign-in callback page; its texts are in web/strings/common.ts.
import { common } from '../../strings/common';

export const FAILURE_REDIRECT_MS = 3000;

export const callbackTexts = common.callback;

/** chat.md §4: admin → /admin/management, user → /user/chat, any other role → /landing. */
export function homeForRole(role: string | undefined): string {
  if (role === 'admin') return '/admin/management';
  if (role === 'user') return '/user/chat';
  return '/landing';
}

/** The server's `redirect` when it is a local path inside the role's own area; null otherwise. */
export function safeNextPath(redirect: string | undefined, role: string | undefined): string | null {
  if (!redirect || !redirect.startsWith('/') || redirect.startsWith('//') || redirect.includes('\\')) return null;
  const area = role === 'admin' ? /^\/admin(\/|$|\?)/ : role === 'user' ? /^\/user(\/|$|\?)/ : null;
  return area && area.test(redirect) ? redirect : null;
}

/** The callback API's JSON answer (chat.md §7). */
export interface CallbackBody {
  status?: string;
  message?: string;
  data?: { token?: string; redirect?: string; user?: { role?: string } | null };
}

/** What the callback call came back with: a failed call's message (HTTP error or network), or a 2xx body. */
export type CallbackAnswer = { error: string } | { body: CallbackBody | null };

export type CallbackOutcome = { kind: 'failed'; message: string } | { kind: 'success'; token: string; to: string };

/**
 * The page's decision (chat.md §4, §8): a refused sign-in (tampered state, wrong nonce, expired code, bad
 * signature: the server's 400/401 message) → "Authentication failed: …"; a body that is not a success →
 * "Login failed"; no user or token → "No user data found…"; otherwise where to go by role.
 */
export function callbackOutcome(answer: CallbackAnswer): CallbackOutcome {
  if ('error' in answer) return { kind: 'failed', message: callbackTexts.authFailed(answer.error) };
  const { body } = answer;
  if (body?.status !== 'success') return { kind: 'failed', message: callbackTexts.loginFailed };
  const user = body.data?.user;
  if (!user || !body.data?.token) return { kind: 'failed', message: callbackTexts.noUser };
  return { kind: 'success', token: body.data.token, to: safeNextPath(body.data.redirect, user.role) ?? homeForRole(user.role) };
}
