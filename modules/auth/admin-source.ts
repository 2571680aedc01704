// Where a person's admin right comes from, for the console's access page: the configuration (ADMIN_EMAILS,
// or the built-in provider's demo admin), the university IdP's groups (OIDC_ADMIN_GROUPS), or the console.
import type { AppContext } from '../../src/context';
import type { AdminRightSource } from '../../contracts/admins';
import { configuredAdminEmails } from './provider-runtime';
import type { UserRow } from './users';

export type { AdminRightSource };

/** The configuration is read now, not stored: an address taken out of ADMIN_EMAILS stops showing as configured. */
export function adminRightSource(ctx: AppContext, u: Pick<UserRow, 'email' | 'adminSource'>): AdminRightSource {
  if (ctx.config.adminEmails.includes(u.email)) return 'admin_emails';
  if (configuredAdminEmails(ctx).includes(u.email)) return 'demo';
  return u.adminSource === 'idp_group' ? 'idp_group' : 'console';
}
