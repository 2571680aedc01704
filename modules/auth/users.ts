import { eq } from 'drizzle-orm';
import type { AppContext } from '../../src/context';
import type { Role } from '../../src/http/auth-context';
import { users } from './schema';

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

export function getUserById(ctx: AppContext, id: string): UserRow | undefined {
  return ctx.db.select().from(users).where(eq(users.id, id)).get();
}

export function getUserByEmail(ctx: AppContext, email: string): UserRow | undefined {
  return ctx.db.select().from(users).where(eq(users.email, email.trim().toLowerCase())).get();
}

/** Position shown for admins made by ADMIN_EMAILS until someone sets a real one. */
const BOOTSTRAP_POSITION = 'ผู้ดูแลระบบ';

export interface SignInProfile {
  email: string;
  subject?: string | null;
  firstname?: string;
  lastname?: string;
  photoUrl?: string | null;
}

/**
 * Records (or refreshes) a person at sign-in. ADMIN_EMAILS (plus `extraAdminEmails`, the built-in
 * provider's demo admins) bootstraps admins.
 */
export function upsertUserAtSignIn(ctx: AppContext, p: SignInProfile, extraAdminEmails: readonly string[] = []): UserRow {
  const email = p.email.trim().toLowerCase();
  const now = new Date();
  const existing = getUserByEmail(ctx, email);
  const bootstrapAdmin = ctx.config.adminEmails.includes(email) || extraAdminEmails.includes(email);
  if (existing) {
    ctx.db
      .update(users)
      .set({
        subject: p.subject ?? existing.subject,
        firstname: p.firstname ?? existing.firstname,
        lastname: p.lastname ?? existing.lastname,
        photoUrl: p.photoUrl ?? existing.photoUrl,
        ...(bootstrapAdmin && existing.role !== 'admin' ? { role: 'admin' as const, adminActive: true, responsibility: existing.responsibility || BOOTSTRAP_POSITION } : {}),
        updatedAt: now,
        lastLoginAt: now,
      })
      .where(eq(users.id, existing.id))
      .run();
    return getUserById(ctx, existing.id)!;
  }
  const row = {
    id: crypto.randomUUID(),
    email,
    subject: p.subject ?? null,
    firstname: p.firstname ?? '',
    lastname: p.lastname ?? '',
    photoUrl: p.photoUrl ?? null,
    role: (bootstrapAdmin ? 'admin' : 'user') as Role,
    adminActive: true,
    responsibility: bootstrapAdmin ? BOOTSTRAP_POSITION : '',
    createdAt: now,
    updatedAt: now,
    lastLoginAt: now,
  };
  ctx.db.insert(users).values(row).run();
  return getUserById(ctx, row.id)!;
}
