// The stored document as a whole: its row, its category's name and its reviewed pages in order.
// Read by the detail endpoint and by the indexing job (which must see exactly what the admin saved).
import { asc, eq } from 'drizzle-orm';
import type { AppContext } from '../../src/context';
import { categories } from '../categories/schema';
import { documentPages, documents } from './schema';

export function loadDocumentWithPages(ctx: AppContext, id: string) {
  const found = ctx.db
    .select({ doc: documents, category: categories.name })
    .from(documents)
    .leftJoin(categories, eq(categories.id, documents.categoryId))
    .where(eq(documents.id, id))
    .get();
  if (!found) return undefined;
  const pages = ctx.db.select().from(documentPages).where(eq(documentPages.documentId, id)).orderBy(asc(documentPages.page)).all();
  return { ...found, pages };
}
