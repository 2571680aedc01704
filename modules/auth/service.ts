// Sign-in flow without HTTP: start (state, PKCE, nonce stored) and finish (verify, upsert user, new session).
import { generateCodeVerifier, generateState } from 'arctic';
import type { AppContext } from '../../src/context';
import { badRequest } from '../../src/http/errors';
import { consumeLoginRequest, safeRedirect, saveLoginRequest } from './login-requests';
import { POST_LOGOUT_PATH, providerRuntime } from './provider-runtime';
import { createSession, destroySession, endSession, purgeExpiredSessions } from './sessions';
import { signInError } from './oidc-client';
import { domainRefused, emailDomainAllowed } from './idp-claims';
import { effectiveRole, toPublicUser, upsertUserAtSignIn, type PublicUser } from './users';

export const INVALID_STATE = 'คำขอเข้าสู่ระบบไม่ถูกต้อง หมดอายุ หรือถูกใช้ไปแล้ว กรุณาเข้าสู่ระบบใหม่';

/** Returns the provider's authorization URL for a new sign-in, and its state (the caller binds it to the browser). */
export async function startLogin(ctx: AppContext, p: { redirectTo?: string; loginHint?: string }): Promise<{ url: string; state: string }> {
  const redirectTo = p.redirectTo ? safeRedirect(ctx.config.publicUrl, p.redirectTo) : null;
  if (p.redirectTo && !redirectTo) throw badRequest('redirectTo must be an address on this site');
  const client = await providerRuntime(ctx).client();
  const state = generateState();
  const codeVerifier = generateCodeVerifier();
  const nonce = generateState();
  await saveLoginRequest(ctx, state, { codeVerifier, nonce, redirectTo });
  const url = await client.authorizationUrl({ state, codeVerifier, nonce, loginHint: p.loginHint?.trim() || undefined });
  return { url: url.toString(), state };
}

export interface FinishedLogin {
  token: string;
  expiresAt: Date;
  user: PublicUser;
  redirect: string;
}

const HOME = { admin: '/admin/management', user: '/user/chat' } as const;

/** Where to go after sign-in: the requested page when the role may open it, else the role's home. */
function afterSignIn(role: 'admin' | 'user', requested: string | null): string {
  const area = role === 'admin' ? /^\/admin(\/|$)/ : /^\/user(\/|$)/;
  return requested && area.test(requested) ? requested : HOME[role];
}

/**
 * Consumes the login request (single use), exchanges the code, verifies the id token, records the
 * person and opens a fresh session. `previousToken` (a session the browser still holds) is ended: sessions rotate at sign-in.
 */
export async function finishLogin(
  ctx: AppContext,
  p: { code: string; state: string; previousTokens: Array<string | null>; userAgent: string | null },
): Promise<FinishedLogin> {
  const pending = await consumeLoginRequest(ctx, p.state);
  if (!pending) throw badRequest(INVALID_STATE);
  const runtime = providerRuntime(ctx);
  const { profile, idToken } = await (await runtime.client()).signIn(p.code, pending.codeVerifier, pending.nonce);
  // Refused before anything is written: an account outside OIDC_ALLOWED_DOMAINS leaves no user row.
  const { allowedDomains } = ctx.config.oidc;
  if (!emailDomainAllowed(profile.email, allowedDomains)) throw signInError(domainRefused(allowedDomains));
  const user = await upsertUserAtSignIn(ctx, profile, runtime.extraAdminEmails());
  for (const t of p.previousTokens) await destroySession(ctx, t);
  await purgeExpiredSessions(ctx); // sign-ins are rare enough to carry the clean-up of dead sessions
  const { token, expiresAt } = await createSession(ctx, user.id, p.userAgent, idToken);
  ctx.log.info('signed in', { userId: user.id, role: effectiveRole(user) });
  return { token, expiresAt, user: toPublicUser(user), redirect: afterSignIn(effectiveRole(user), pending.redirectTo) };
}

/**
 * Ends the sessions a browser presents, then returns where it should go: the IdP's end-session URL (with the
 * sign-in's id token as hint, back to /landing) when the IdP offers one, else /landing itself.
 */
export async function signOut(ctx: AppContext, tokens: Array<string | null>): Promise<string> {
  let idToken: string | null = null;
  let ended = false;
  for (const t of tokens) {
    const hint = await endSession(ctx, t);
    if (hint !== null) ended = true;
    idToken ||= hint || null;
  }
  const landing = `${ctx.config.publicUrl}${POST_LOGOUT_PATH}`;
  // Without a session there is nothing to end at the IdP either (and no hint to name the person).
  if (!ended) return POST_LOGOUT_PATH;
  const client = await providerRuntime(ctx)
    .client()
    .catch(() => null);
  return (await client?.endSessionUrl(idToken, landing)) ?? POST_LOGOUT_PATH;
}
