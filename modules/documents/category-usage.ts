// Tells the categories module how many documents use each category (it cannot import this module).
import { count, eq, isNotNull } from 'drizzle-orm';
import { registerCategoryUsage } from '../categories/usage';

// On both dialects (issue 36): the categories' service awaits it.
registerCategoryUsage(async (ctx, categoryId) => {
  const { documents } = ctx.tables;
  const rows = await ctx.db
    .select({ id: documents.categoryId, n: count() })
    .from(documents)
    .where(categoryId === undefined ? isNotNull(documents.categoryId) : eq(documents.categoryId, categoryId))
    .groupBy(documents.categoryId);
  return new Map(rows.map((r) => [r.id as string, Number(r.n)]));
});
