// The stored document as a whole: its row, its category's name and its reviewed pages in order.
// Read by the detail endpoint and by the indexing job (which must see exactly what the admin saved).
import { asc, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../src/context';
import { firstRow } from '../../src/db/client';
import type { documentPages, documents } from './schema';

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

/** loadDocumentWithPages for many documents in two queries (bulk indexing); the ones not found are left out. */
export async function loadDocumentsWithPages(ctx: AppContext, ids: string[]) {
  const { documents: docs, documentPages: pageRows, categories: cats } = ctx.tables;
  const out = new Map<string, { doc: typeof documents.$inferSelect; category: string | null; pages: Array<typeof documentPages.$inferSelect> }>();
  // Bound variables per query stay far below SQLite's limit.
  for (let at = 0; at < ids.length; at += 500) {
    const part = ids.slice(at, at + 500);
    const found = await ctx.db.select({ doc: docs, category: cats.name }).from(docs).leftJoin(cats, eq(cats.id, docs.categoryId)).where(inArray(docs.id, part));
    for (const f of found) out.set(f.doc.id, { ...f, pages: [] });
    const pages = await ctx.db.select().from(pageRows).where(inArray(pageRows.documentId, part)).orderBy(asc(pageRows.documentId), asc(pageRows.page));
    for (const p of pages) out.get(p.documentId)?.pages.push(p);
  }
  return out;
}
