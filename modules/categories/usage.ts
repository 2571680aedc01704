// How many documents use each category. Documents point at categories, so categories sit below documents
// and cannot read the documents table; the documents module registers the count at load. Until it has,
// asking is a programming error rather than a silent 0, which would let a category in use be deleted.
import type { AppContext } from '../../src/context';

/** Documents per category id; with `categoryId`, only that category is counted. */
export type CategoryUsage = (ctx: AppContext, categoryId?: string) => Promise<Map<string, number>>;

let usage: CategoryUsage | null = null;

export function registerCategoryUsage(count: CategoryUsage): void {
  usage = count;
}

export async function documentsPerCategory(ctx: AppContext, categoryId?: string): Promise<Map<string, number>> {
  if (!usage) throw new Error('no category usage registered (modules/documents/category-usage.ts registers it)');
  return await usage(ctx, categoryId);
}
