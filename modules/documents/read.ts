// The stored document as a whole: its row, its category's name and its reviewed pages in order.
// Read by the detail endpoint and by the indexing job (which must see exactly what the admin saved).
import { asc, eq } from 'drizzle-orm';
import type { AppContext } from '../../src/context';
import { firstRow } from '../../src/db/client';

export async function loadDocumentWithPages(ctx: AppContext, id: string) {
  const { categories, documentPages, documents } = ctx.tables;
  const found = await firstRow(
    ctx.db
      .select({ doc: documents, category: categories.name })
      .from(documents)
      .leftJoin(categories, eq(categories.id, documents.categoryId))
      .where(eq(documents.id, id)),
  );
  if (!found) return undefined;
  const pages = await ctx.db.select().from(documentPages).where(eq(documentPages.documentId, id)).orderBy(asc(documentPages.page));
  return { ...found, pages };
}
