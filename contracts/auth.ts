// Sign-in and the caller's profile (chat.md §7; docs/api.md "Auth and profile").
import { t } from 'elysia';
import { success } from './envelope';

/** The signed-in person as the API and the pages show them. */
export const PublicUser = t.Object({
  id: t.String(),
  firstname: t.String(),
  lastname: t.String(),
  role: t.Union([t.Literal('user'), t.Literal('admin')]),
  photoUrl: t.Nullable(t.String()),
  email: t.String(),
  responsibility: t.String(),
});
export type PublicUser = typeof PublicUser.static;

export const AuthResponses = {
  /** GET /api/auth/callback: the session token (also set as the cookie), who signed in, and where to go */
  signedIn: success(t.Object({ token: t.String(), user: PublicUser, redirect: t.String() })),
  /** GET /api/auth/logout: the session is over (the spec's client reads nothing else) */
  signedOut: t.Object({ status: t.Literal('success') }),
  /** GET /api/profile/me */
  me: success(PublicUser),
};
