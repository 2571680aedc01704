// Categories: names are compared after trimming, collapsing inner whitespace and lower-casing
// (console.md §5), so "  Finance  Rules" and "finance rules" are the same category.
import { asc, eq } from 'drizzle-orm';
import type { AppContext } from '../../src/context';
import { type AppError, badRequest, conflict, MESSAGES, notFound } from '../../src/http/errors';
import type { categories } from './schema';
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

async function documentCount(ctx: AppContext, id: string): Promise<number> {
  return (await documentsPerCategory(ctx, id)).get(id) ?? 0;
}

export function toItem(row: CategoryRow, documentCount: number): CategoryItem {
  return { ID: row.id, id: row.id, categoryName: row.name, documentCount };
}

export async function findCategoryByName(ctx: AppContext, name: string): Promise<CategoryRow | undefined> {
  const { categories } = ctx.tables;
  const [row] = await ctx.db
    .select()
    .from(categories)
    .where(eq(categories.nameKey, categoryKey(name)));
  return row;
}

export async function getCategory(ctx: AppContext, id: string): Promise<CategoryRow | undefined> {
  const { categories } = ctx.tables;
  const [row] = await ctx.db.select().from(categories).where(eq(categories.id, id));
  return row;
}

/** Accepts a category id or a name (the upload form sends either); null for "no category". */
export async function resolveCategory(ctx: AppContext, idOrName: string | null | undefined): Promise<CategoryRow | null> {
  const v = (idOrName ?? '').trim();
  if (!v) return null;
  const found = (await getCategory(ctx, v)) ?? (await findCategoryByName(ctx, v));
  if (!found) throw badRequest('ไม่พบหมวดหมู่ที่เลือก กรุณาเลือกหมวดหมู่ใหม่');
  return found;
}

async function duplicate(existing: CategoryRow, ctx: AppContext): Promise<AppError> {
  return conflict('มีหมวดหมู่นี้อยู่แล้ว', { existing: toItem(existing, await documentCount(ctx, existing.id)) });
}

export async function createCategory(ctx: AppContext, rawName: string): Promise<CategoryItem> {
  const name = cleanName(rawName);
  const existing = await findCategoryByName(ctx, name);
  if (existing) throw await duplicate(existing, ctx);
  const now = new Date();
  const row: CategoryRow = { id: crypto.randomUUID(), name, nameKey: categoryKey(name), createdAt: now, updatedAt: now };
  try {
    await ctx.db.insert(ctx.tables.categories).values(row);
  } catch (e) {
    // A concurrent create of the same name lost the race on the unique key.
    const winner = await findCategoryByName(ctx, name);
    if (winner) throw await duplicate(winner, ctx);
    throw e;
  }
  return toItem(row, 0);
}

export async function listCategories(ctx: AppContext): Promise<CategoryItem[]> {
  const { categories } = ctx.tables;
  const counts = await documentsPerCategory(ctx);
  const rows = await ctx.db.select().from(categories).orderBy(asc(categories.nameKey));
  return rows.map((row) => toItem(row, counts.get(row.id) ?? 0));
}

async function requireUnused(ctx: AppContext, id: string): Promise<CategoryRow> {
  const row = await getCategory(ctx, id);
  if (!row) throw notFound(MESSAGES.categoryNotFound);
  if ((await documentCount(ctx, id)) > 0) throw conflict(CATEGORY_IN_USE);
  return row;
}

export async function renameCategory(ctx: AppContext, id: string, rawName: string): Promise<CategoryItem> {
  const name = cleanName(rawName);
  const row = await requireUnused(ctx, id);
  const other = await findCategoryByName(ctx, name);
  if (other && other.id !== id) throw await duplicate(other, ctx);
  const updated = { ...row, name, nameKey: categoryKey(name), updatedAt: new Date() };
  const { categories } = ctx.tables;
  await ctx.db.update(categories).set({ name, nameKey: updated.nameKey, updatedAt: updated.updatedAt }).where(eq(categories.id, id));
  return toItem(updated, 0);
}

export async function deleteCategory(ctx: AppContext, id: string): Promise<void> {
  await requireUnused(ctx, id);
  // The FK (on delete restrict) backs the check above if a document lands in between.
  const { categories } = ctx.tables;
  try {
    await ctx.db.delete(categories).where(eq(categories.id, id));
  } catch (e) {
    if ((await documentCount(ctx, id)) > 0) throw conflict(CATEGORY_IN_USE);
    throw e;
  }
}
