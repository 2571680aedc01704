// Tells the categories module how many documents use each category (it cannot import this module).
import { count, eq, isNotNull } from 'drizzle-orm';
import { registerCategoryUsage } from '../categories/usage';
import { documents } from './schema';

registerCategoryUsage((ctx, categoryId) => {
  const rows = ctx.db
    .select({ id: documents.categoryId, n: count() })
    .from(documents)
    .where(categoryId === undefined ? isNotNull(documents.categoryId) : eq(documents.categoryId, categoryId))
    .groupBy(documents.categoryId)
    .all();
  return new Map(rows.map((r) => [r.id as string, r.n]));
});
