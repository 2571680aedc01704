// Categories: names are compared after trimming, collapsing inner whitespace and lower-casing
// (console.md §5), so "  Finance  Rules" and "finance rules" are the same category.
import { asc, eq } from 'drizzle-orm';
import type { AppContext } from '../../src/context';
import { AppError, badRequest, conflict, MESSAGES, notFound } from '../../src/http/errors';
import { categories } from './schema';
import { documentsPerCategory } from './usage';
import type { Category } from '../../contracts/categories';
import { USER_TEXT_INVALID, userTextProblem } from '../../contracts/user-text';

export type CategoryRow = typeof categories.$inferSelect;
export type CategoryItem = Category;

/** Spec text (console.md §8): a category used by documents cannot be renamed or deleted. */
export const CATEGORY_IN_USE = 'ไม่สามารถแก้ไขหรือลบหมวดหมู่นี้ได้ เนื่องจากมีเอกสารใช้งานอยู่ กรุณาลบเอกสารก่อน';
export const CATEGORY_ADMIN_ONLY = 'ไม่มีสิทธิ์สร้างหมวดหมู่ เฉพาะผู้ดูแลระบบเท่านั้นที่สร้างหมวดหมู่ได้';
export const CATEGORY_NAME_REQUIRED = 'กรุณาระบุชื่อหมวดหมู่';
export const CATEGORY_NAME_MAX = 100;

export function normaliseCategoryName(raw: string): string {
  return raw.normalize('NFC').replace(/\s+/gu, ' ').trim();
}

export function categoryKey(name: string): string {
  return normaliseCategoryName(name).toLocaleLowerCase('th');
}

function cleanName(raw: string): string {
  const name = normaliseCategoryName(raw);
  const problem = userTextProblem(name);
  if (problem === 'invalid') throw badRequest(USER_TEXT_INVALID);
  if (problem === 'blank') throw badRequest(CATEGORY_NAME_REQUIRED);
  if (name.length > CATEGORY_NAME_MAX) throw badRequest(`ชื่อหมวดหมู่ยาวได้ไม่เกิน ${CATEGORY_NAME_MAX} ตัวอักษร`);
  return name;
}

function documentCount(ctx: AppContext, id: string): number {
  return documentsPerCategory(ctx, id).get(id) ?? 0;
}

export function toItem(row: CategoryRow, documentCount: number): CategoryItem {
  return { ID: row.id, id: row.id, categoryName: row.name, documentCount };
}

export function findCategoryByName(ctx: AppContext, name: string): CategoryRow | undefined {
  return ctx.db
    .select()
    .from(categories)
    .where(eq(categories.nameKey, categoryKey(name)))
    .get();
}

export function getCategory(ctx: AppContext, id: string): CategoryRow | undefined {
  return ctx.db.select().from(categories).where(eq(categories.id, id)).get();
}

/** Accepts a category id or a name (the upload form sends either); null for "no category". */
export function resolveCategory(ctx: AppContext, idOrName: string | null | undefined): CategoryRow | null {
  const v = (idOrName ?? '').trim();
  if (!v) return null;
  const found = getCategory(ctx, v) ?? findCategoryByName(ctx, v);
  if (!found) throw badRequest('ไม่พบหมวดหมู่ที่เลือก กรุณาเลือกหมวดหมู่ใหม่');
  return found;
}

function duplicate(existing: CategoryRow, ctx: AppContext): AppError {
  return conflict('มีหมวดหมู่นี้อยู่แล้ว', { existing: toItem(existing, documentCount(ctx, existing.id)) });
}

export function createCategory(ctx: AppContext, rawName: string): CategoryItem {
  const name = cleanName(rawName);
  const existing = findCategoryByName(ctx, name);
  if (existing) throw duplicate(existing, ctx);
  const now = new Date();
  const row: CategoryRow = { id: crypto.randomUUID(), name, nameKey: categoryKey(name), createdAt: now, updatedAt: now };
  try {
    ctx.db.insert(categories).values(row).run();
  } catch (e) {
    // A concurrent create of the same name lost the race on the unique key.
    const winner = findCategoryByName(ctx, name);
    if (winner) throw duplicate(winner, ctx);
    throw e;
  }
  return toItem(row, 0);
}

export function listCategories(ctx: AppContext): CategoryItem[] {
  const counts = documentsPerCategory(ctx);
  const rows = ctx.db.select().from(categories).orderBy(asc(categories.nameKey)).all();
  return rows.map((row) => toItem(row, counts.get(row.id) ?? 0));
}

function requireUnused(ctx: AppContext, id: string): CategoryRow {
  const row = getCategory(ctx, id);
  if (!row) throw notFound(MESSAGES.categoryNotFound);
  if (documentCount(ctx, id) > 0) throw conflict(CATEGORY_IN_USE);
  return row;
}

export function renameCategory(ctx: AppContext, id: string, rawName: string): CategoryItem {
  const name = cleanName(rawName);
  const row = requireUnused(ctx, id);
  const other = findCategoryByName(ctx, name);
  if (other && other.id !== id) throw duplicate(other, ctx);
  const updated = { ...row, name, nameKey: categoryKey(name), updatedAt: new Date() };
  ctx.db.update(categories).set({ name, nameKey: updated.nameKey, updatedAt: updated.updatedAt }).where(eq(categories.id, id)).run();
  return toItem(updated, 0);
}

export function deleteCategory(ctx: AppContext, id: string): void {
  requireUnused(ctx, id);
  // The FK (on delete restrict) backs the check above if a document lands in between.
  try {
    ctx.db.delete(categories).where(eq(categories.id, id)).run();
  } catch (e) {
    if (documentCount(ctx, id) > 0) throw conflict(CATEGORY_IN_USE);
    throw e;
  }
}
