import { eq } from 'drizzle-orm';
import type { AppContext } from '../../src/context';
import type { Role } from '../../src/http/auth-context';
import type { users } from './schema';
// `users` above is the SQLite table, for its row type; queries use ctx.tables.
import { inAnyGroup } from './idp-claims';
import { resolveIdentity } from './identity';

export type { Role };
export type UserRow = typeof users.$inferSelect;

// The request plumbing's caller carries this module's user row (see src/http/auth-context.ts).
declare module '../../src/http/auth-context' {
  interface CallerUser extends UserRow {}
}

/** The spec's rule: anything other than admin is user. */
export function normaliseRole(role: unknown): Role {
  return role === 'admin' ? 'admin' : 'user';
}

/** A deactivated admin keeps the role on record but has no admin powers. */
export function effectiveRole(user: Pick<UserRow, 'role' | 'adminActive'>): Role {
  return user.role === 'admin' && user.adminActive ? 'admin' : 'user';
}

export interface PublicUser {
  id: string;
  firstname: string;
  lastname: string;
  role: Role;
  photoUrl: string | null;
  email: string;
  responsibility: string;
}

export function toPublicUser(u: UserRow): PublicUser {
  return {
    id: u.id,
    firstname: u.firstname,
    lastname: u.lastname,
    role: effectiveRole(u),
    photoUrl: u.photoUrl,
    email: u.email,
    responsibility: u.responsibility,
  };
}

export async function getUserById(ctx: AppContext, id: string): Promise<UserRow | undefined> {
  const { users } = ctx.tables;
  const [row] = await ctx.db.select().from(users).where(eq(users.id, id));
  return row;
}

export async function findUserByEmail(ctx: AppContext, email: string): Promise<UserRow | undefined> {
  const { users } = ctx.tables;
  const [row] = await ctx.db.select().from(users).where(eq(users.email, email.trim().toLowerCase()));
  return row;
}

/** Position shown for admins made by ADMIN_EMAILS until someone sets a real one. */
const BOOTSTRAP_POSITION = 'ผู้ดูแลระบบ';

export interface SignInProfile {
  email: string;
  /** the IdP's `sub` and issuer: set on every OIDC sign-in; absent on the console and CLI paths (matched by e-mail) */
  subject?: string | null;
  issuer?: string | null;
  /** the IdP's email_verified; undefined when it sends none */
  emailVerified?: boolean;
  firstname?: string;
  lastname?: string;
  photoUrl?: string | null;
  /** the IdP's groups or roles (OIDC_GROUPS_CLAIM); undefined: not known (a console or CLI path) */
  groups?: string[];
}

type AdminPatch = Partial<Pick<UserRow, 'role' | 'adminActive' | 'responsibility' | 'adminSource'>>;

/**
 * What this sign-in does to the admin right. ADMIN_EMAILS (and the demo admins) grant it; membership of an
 * OIDC_ADMIN_GROUPS group grants it as 'idp_group', and an 'idp_group' right whose group is gone is revoked.
 * A right given in the console is left alone; so is a deactivation (the group does not switch it back on).
 */
function adminChange(ctx: AppContext, existing: UserRow | undefined, bootstrapAdmin: boolean, groups: string[] | undefined): AdminPatch {
  const adminGroups = ctx.config.oidc.adminGroups;
  const fromGroup = adminGroups.length > 0 && groups !== undefined && inAnyGroup(groups, adminGroups);
  const isAdmin = existing?.role === 'admin';
  if (bootstrapAdmin)
    return isAdmin
      ? existing!.adminSource
        ? { adminSource: null }
        : {}
      : { role: 'admin', adminActive: true, responsibility: existing?.responsibility || BOOTSTRAP_POSITION, adminSource: null };
  if (fromGroup)
    return isAdmin ? {} : { role: 'admin', adminActive: true, responsibility: existing?.responsibility || BOOTSTRAP_POSITION, adminSource: 'idp_group' };
  // the position held as an admin goes with the right (it is shown to others as the admin's responsibility)
  if (isAdmin && existing!.adminSource === 'idp_group' && groups !== undefined) return { role: 'user', adminSource: null, responsibility: '' };
  return {};
}

/**
 * Records (or refreshes) a person at sign-in. ADMIN_EMAILS (plus `extraAdminEmails`, the built-in
 * provider's demo admins) bootstraps admins; OIDC_ADMIN_GROUPS grants and revokes (see adminChange).
 */
export async function upsertUserAtSignIn(ctx: AppContext, p: SignInProfile, extraAdminEmails: readonly string[] = []): Promise<UserRow> {
  const claimed = p.email.trim().toLowerCase();
  const now = new Date();
  const { existing, email } =
    p.subject && p.issuer
      ? await resolveIdentity(ctx, { email: claimed, subject: p.subject, issuer: p.issuer, emailVerified: p.emailVerified })
      : { existing: await findUserByEmail(ctx, claimed), email: claimed };
  // An address the IdP says is unverified grants no bootstrap right.
  const bootstrapAdmin = p.emailVerified !== false && (ctx.config.adminEmails.includes(email) || extraAdminEmails.includes(email));
  const admin = adminChange(ctx, existing, bootstrapAdmin, p.groups);
  const t = ctx.tables;
  if (existing) {
    await ctx.db
      .update(t.users)
      .set({
        email,
        subject: p.subject ?? existing.subject,
        issuer: p.issuer ?? existing.issuer,
        firstname: p.firstname ?? existing.firstname,
        lastname: p.lastname ?? existing.lastname,
        photoUrl: p.photoUrl ?? existing.photoUrl,
        ...admin,
        updatedAt: now,
        lastLoginAt: now,
      })
      .where(eq(t.users.id, existing.id));
    return (await getUserById(ctx, existing.id))!;
  }
  const row = {
    id: crypto.randomUUID(),
    email,
    subject: p.subject ?? null,
    issuer: p.issuer ?? null,
    firstname: p.firstname ?? '',
    lastname: p.lastname ?? '',
    photoUrl: p.photoUrl ?? null,
    role: 'user' as Role,
    adminActive: true,
    responsibility: '',
    adminSource: null,
    ...admin,
    createdAt: now,
    updatedAt: now,
    lastLoginAt: now,
  };
  await ctx.db.insert(t.users).values(row);
  return (await getUserById(ctx, row.id))!;
}
