// Admin access rights (console.md §1, §6): grant, (de)activate, change position, revoke. Shared by the
// HTTP API and scripts/admin.ts; `actorId` is the admin doing it (null from the command line).
import { and, desc, eq, like, ne, sql } from 'drizzle-orm';
import type { AppContext } from '../../src/context';
import { AppError, badRequest, conflict, notFound } from '../../src/http/errors';
import { users } from '../auth/schema';
import { getUserByEmail, type UserRow } from '../auth/users';
import { configuredAdminEmails } from '../auth/provider-runtime';
import { adminRightSource } from '../auth/admin-source';
import type { AdminItem } from '../../contracts/admins';
import { USER_TEXT_INVALID, userTextProblem } from '../../contracts/user-text';

export type { AdminItem };

export const TEXT = {
  invalidEmail: 'รูปแบบอีเมลไม่ถูกต้อง',
  positionRequired: 'กรุณาระบุตำแหน่ง',
  userNotFound: (email: string) => `User not found: the email ${email} has never signed in to the bot`,
  notAdmin: (email: string) => `ไม่พบผู้ดูแลระบบที่ใช้อีเมล ${email}`,
  selfRevoke: 'ไม่สามารถลบสิทธิ์ผู้ดูแลระบบของตนเองได้',
  selfDeactivate: 'ไม่สามารถปิดการใช้งานสิทธิ์ผู้ดูแลระบบของตนเองได้',
  lastAdmin: 'ต้องมีผู้ดูแลระบบที่ใช้งานอยู่อย่างน้อยหนึ่งคน จึงไม่สามารถดำเนินการนี้ได้',
  configuredAdmin: (email: string) =>
    `ไม่สามารถลบสิทธิ์ของ ${email} ได้ เพราะอีเมลนี้ถูกกำหนดเป็นผู้ดูแลระบบในการตั้งค่าระบบ (ADMIN_EMAILS) และจะได้รับสิทธิ์คืนทุกครั้งที่เข้าสู่ระบบ ` +
    'กรุณาให้ผู้ดูแลเซิร์ฟเวอร์นำอีเมลออกจากการตั้งค่าก่อน หรือใช้การปิดการใช้งานสิทธิ์แทน',
  demoAdmin: (email: string) =>
    `ไม่สามารถลบสิทธิ์ของ ${email} ได้ เพราะเป็นบัญชีผู้ดูแลระบบสาธิตของระบบเข้าสู่ระบบสำหรับการพัฒนา และจะได้รับสิทธิ์คืนทุกครั้งที่เข้าสู่ระบบ ` +
    'บัญชีนี้จะไม่มีสิทธิ์อีกเมื่อเซิร์ฟเวอร์ตั้งค่าการเข้าสู่ระบบของมหาวิทยาลัย (OIDC_ISSUER) หรือใช้การปิดการใช้งานสิทธิ์แทน',
} as const;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function toAdminItem(ctx: AppContext, u: UserRow): AdminItem {
  return {
    id: u.id,
    user_image: u.photoUrl,
    firstname: u.firstname,
    lastname: u.lastname,
    responsibility: u.responsibility,
    email: u.email,
    role: u.role,
    status: u.adminActive,
    updatedAt: u.updatedAt.toISOString(),
    source: adminRightSource(ctx, u),
  };
}

function normaliseEmail(raw: string): string {
  const email = raw.trim().toLowerCase();
  if (!EMAIL.test(email) || email.length > 254) throw badRequest(TEXT.invalidEmail);
  return email;
}

function requirePosition(raw: string): string {
  const position = raw.normalize('NFC').trim();
  const problem = userTextProblem(position);
  if (problem === 'invalid') throw badRequest(USER_TEXT_INVALID);
  if (problem === 'blank') throw badRequest(TEXT.positionRequired);
  return position;
}

function requireAdmin(ctx: AppContext, rawEmail: string): UserRow {
  const email = normaliseEmail(rawEmail);
  const u = getUserByEmail(ctx, email);
  if (!u) throw notFound(TEXT.userNotFound(email));
  if (u.role !== 'admin') throw notFound(TEXT.notAdmin(email));
  return u;
}

/** Refuses when `target` is the only active admin: someone must always be able to manage the system. */
function assertNotLastActiveAdmin(ctx: AppContext, target: UserRow) {
  if (target.role !== 'admin' || !target.adminActive) return;
  const others = ctx.db
    .select({ n: sql<number>`count(*)` })
    .from(users)
    .where(and(eq(users.role, 'admin'), eq(users.adminActive, true), ne(users.id, target.id)))
    .get();
  if (!others || others.n === 0) throw conflict(TEXT.lastAdmin);
}

export function listAdmins(ctx: AppContext, search = ''): AdminItem[] {
  const q = search.trim().toLowerCase();
  const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  // one haystack per row: e-mail, full name and position, compared lower-case
  const haystack = sql`lower(${users.email} || ' ' || ${users.firstname} || ' ' || ${users.lastname} || ' ' || ${users.responsibility})`;
  const where = q ? and(eq(users.role, 'admin'), like(haystack, sql`${pattern} escape '\\'`)) : eq(users.role, 'admin');
  return ctx.db
    .select()
    .from(users)
    .where(where)
    .orderBy(desc(users.updatedAt))
    .all()
    .map((u) => toAdminItem(ctx, u));
}

/** Grants (or re-activates) admin rights for someone who has signed in before. */
export function grantAdmin(ctx: AppContext, rawEmail: string, rawPosition: string): AdminItem {
  const email = normaliseEmail(rawEmail);
  const position = requirePosition(rawPosition);
  const u = getUserByEmail(ctx, email);
  if (!u) throw notFound(TEXT.userNotFound(email));
  // given here, the right is the console's: the IdP's groups no longer take it away
  return update(ctx, u.id, { role: 'admin', adminActive: true, responsibility: position, adminSource: null });
}

export function setAdminActive(ctx: AppContext, actorId: string | null, rawEmail: string, isActive: boolean): AdminItem {
  return ctx.db.transaction(() => {
    const u = requireAdmin(ctx, rawEmail);
    if (!isActive) {
      if (u.id === actorId) throw badRequest(TEXT.selfDeactivate);
      assertNotLastActiveAdmin(ctx, u);
    }
    return update(ctx, u.id, { adminActive: isActive });
  });
}

export function setAdminPosition(ctx: AppContext, rawEmail: string, rawPosition: string): AdminItem {
  const position = requirePosition(rawPosition);
  const u = requireAdmin(ctx, rawEmail);
  return update(ctx, u.id, { responsibility: position });
}

/**
 * Revoking makes the person a plain user again; their next request already runs without admin powers.
 * An account ADMIN_EMAILS configures (or the built-in provider's demo admin) cannot be revoked here (409):
 * deactivate it, or change the configuration.
 */
export function revokeAdmin(ctx: AppContext, actorId: string | null, rawEmail: string): AdminItem {
  return ctx.db.transaction(() => {
    const u = requireAdmin(ctx, rawEmail);
    if (u.id === actorId) throw badRequest(TEXT.selfRevoke);
    // ADMIN_EMAILS would grant it back at the next sign-in: say so instead of pretending it worked.
    // The demo admin comes from the built-in provider, not from ADMIN_EMAILS: name the right cause.
    if (ctx.config.adminEmails.includes(u.email)) throw conflict(TEXT.configuredAdmin(u.email));
    if (configuredAdminEmails(ctx).includes(u.email)) throw conflict(TEXT.demoAdmin(u.email));
    assertNotLastActiveAdmin(ctx, u);
    return update(ctx, u.id, { role: 'user', adminActive: true, responsibility: '', adminSource: null });
  });
}

function update(ctx: AppContext, id: string, patch: Partial<Pick<UserRow, 'role' | 'adminActive' | 'responsibility' | 'adminSource'>>): AdminItem {
  const row = ctx.db
    .update(users)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning()
    .get();
  if (!row) throw new AppError('internal', 'update failed');
  return toAdminItem(ctx, row);
}
