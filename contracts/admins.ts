// Admin access rights' API shapes (console.md §6, §7): one admin as the access page lists it.
import { t } from 'elysia';
import { success } from './envelope';

/** Where an admin right comes from: ADMIN_EMAILS, the demo provider's admin, an IdP group (OIDC_ADMIN_GROUPS), the console. */
export const AdminRightSource = t.Union([t.Literal('admin_emails'), t.Literal('demo'), t.Literal('idp_group'), t.Literal('console')]);
export type AdminRightSource = typeof AdminRightSource.static;

export const AdminItem = t.Object({
  id: t.String(),
  user_image: t.Nullable(t.String()),
  firstname: t.String(),
  lastname: t.String(),
  responsibility: t.String(),
  email: t.String(),
  role: t.Union([t.Literal('admin'), t.Literal('user')]),
  status: t.Boolean(),
  updatedAt: t.String(),
  source: AdminRightSource,
});
export type AdminItem = typeof AdminItem.static;

export const AdminResponses = {
  one: success(AdminItem),
  list: success(t.Array(AdminItem)),
};
