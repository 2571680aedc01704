// Admin access rights (console.md §1, §6): grant, (de)activate, change position, revoke. Shared by the
// HTTP API and scripts/admin.ts; `actorId` is the admin doing it (null from the command line).
import { and, desc, eq, like, ne, sql } from 'drizzle-orm';
import type { AppContext } from '../../src/context';
import { firstRow, inTransaction, txRows, type Db } from '../../src/db/client';
import { AppError, badRequest, conflict, notFound } from '../../src/http/errors';
import type { UserRow } from '../auth/users';
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

const userByEmail = (ctx: AppContext, db: Db, email: string) => firstRow(db.select().from(ctx.tables.users).where(eq(ctx.tables.users.email, email)));

async function requireAdmin(ctx: AppContext, db: Db, rawEmail: string): Promise<UserRow> {
  const email = normaliseEmail(rawEmail);
  const u = await userByEmail(ctx, db, email);
  if (!u) throw notFound(TEXT.userNotFound(email));
  if (u.role !== 'admin') throw notFound(TEXT.notAdmin(email));
  return u;
}

/** Refuses when `target` is the only active admin: someone must always be able to manage the system. */
async function assertNotLastActiveAdmin(ctx: AppContext, db: Db, target: UserRow) {
  if (target.role !== 'admin' || !target.adminActive) return;
  const { users } = ctx.tables;
  const others = await firstRow(
    db
      .select({ n: sql<number>`count(*)` })
      .from(users)
      .where(and(eq(users.role, 'admin'), eq(users.adminActive, true), ne(users.id, target.id))),
  );
  if (!others || Number(others.n) === 0) throw conflict(TEXT.lastAdmin);
}

/**
 * A change that checks the other admins runs alone: SQLite's BEGIN IMMEDIATE already serialises writers; on
 * Postgres two instances revoking two different admins at once would each still count the other (read committed),
 * so the transaction first takes one advisory lock for admin changes.
 */
function adminChange<T>(ctx: AppContext, fn: (tx: Db) => Promise<T>): Promise<T> {
  return inTransaction(ctx, async (tx) => {
    if (ctx.dialect === 'postgres') await txRows(ctx, tx, sql`select pg_advisory_xact_lock(${ADMIN_CHANGE_LOCK})`);
    return fn(tx);
  });
}
/** the advisory lock key of admin changes (any fixed number no other lock uses) */
const ADMIN_CHANGE_LOCK = 360_004;

export async function listAdmins(ctx: AppContext, search = ''): Promise<AdminItem[]> {
  const { users } = ctx.tables;
  const q = search.trim().toLowerCase();
  const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  // one haystack per row: e-mail, full name and position, compared lower-case
  const haystack = sql`lower(${users.email} || ' ' || ${users.firstname} || ' ' || ${users.lastname} || ' ' || ${users.responsibility})`;
  const where = q ? and(eq(users.role, 'admin'), like(haystack, sql`${pattern} escape '\\'`)) : eq(users.role, 'admin');
  const rows = await ctx.db.select().from(users).where(where).orderBy(desc(users.updatedAt));
  return rows.map((u) => toAdminItem(ctx, u));
}

/** Grants (or re-activates) admin rights for someone who has signed in before. */
export async function grantAdmin(ctx: AppContext, rawEmail: string, rawPosition: string): Promise<AdminItem> {
  const email = normaliseEmail(rawEmail);
  const position = requirePosition(rawPosition);
  const u = await userByEmail(ctx, ctx.db, email);
  if (!u) throw notFound(TEXT.userNotFound(email));
  // given here, the right is the console's: the IdP's groups no longer take it away
  return update(ctx, ctx.db, u.id, { role: 'admin', adminActive: true, responsibility: position, adminSource: null });
}

export function setAdminActive(ctx: AppContext, actorId: string | null, rawEmail: string, isActive: boolean): Promise<AdminItem> {
  return adminChange(ctx, async (tx) => {
    const u = await requireAdmin(ctx, tx, rawEmail);
    if (!isActive) {
      if (u.id === actorId) throw badRequest(TEXT.selfDeactivate);
      await assertNotLastActiveAdmin(ctx, tx, u);
    }
    return update(ctx, tx, u.id, { adminActive: isActive });
  });
}

export async function setAdminPosition(ctx: AppContext, rawEmail: string, rawPosition: string): Promise<AdminItem> {
  const position = requirePosition(rawPosition);
  const u = await requireAdmin(ctx, ctx.db, rawEmail);
  return update(ctx, ctx.db, u.id, { responsibility: position });
}

/**
 * Revoking makes the person a plain user again; their next request already runs without admin powers.
 * An account ADMIN_EMAILS configures (or the built-in provider's demo admin) cannot be revoked here (409):
 * deactivate it, or change the configuration.
 */
export function revokeAdmin(ctx: AppContext, actorId: string | null, rawEmail: string): Promise<AdminItem> {
  return adminChange(ctx, async (tx) => {
    const u = await requireAdmin(ctx, tx, rawEmail);
    if (u.id === actorId) throw badRequest(TEXT.selfRevoke);
    // ADMIN_EMAILS would grant it back at the next sign-in: say so instead of pretending it worked.
    // The demo admin comes from the built-in provider, not from ADMIN_EMAILS: name the right cause.
    if (ctx.config.adminEmails.includes(u.email)) throw conflict(TEXT.configuredAdmin(u.email));
    if (configuredAdminEmails(ctx).includes(u.email)) throw conflict(TEXT.demoAdmin(u.email));
    await assertNotLastActiveAdmin(ctx, tx, u);
    return update(ctx, tx, u.id, { role: 'user', adminActive: true, responsibility: '', adminSource: null });
  });
}

async function update(
  ctx: AppContext,
  db: Db,
  id: string,
  patch: Partial<Pick<UserRow, 'role' | 'adminActive' | 'responsibility' | 'adminSource'>>,
): Promise<AdminItem> {
  const { users } = ctx.tables;
  const [row] = await db
    .update(users)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(users.id, id))
    .returning();
  if (!row) throw new AppError('internal', 'update failed');
  return toAdminItem(ctx, row);
}
