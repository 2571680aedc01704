// The library rows behind search hits, read on every answer: which of these documents are active
// right now (the database is the source of truth, not the index's copy), with their category, type and
// contact. One statement prepared per app: building and compiling it per call through drizzle cost
// more than running it (the id list travels as one JSON parameter, so its length does not matter).
import { and, eq, sql } from 'drizzle-orm';
import { perApp, type AppContext } from '../../src/context';
import { prepareNamed } from '../../src/db/client';
import { readQuestion, search, type SearchHit, type SearchOptions } from '../knowledge';
import { adminSynonyms } from '../synonyms/service';

export interface ActiveDocument {
  id: string;
  fallbackContact: string;
  category: string | null;
  fileType: string;
}

const activeByIds = perApp((ctx: AppContext) => {
  const { documents, categories } = ctx.tables;
  const ids = sql.placeholder('ids');
  const listed =
    ctx.dialect === 'postgres'
      ? sql`${documents.id} IN (SELECT jsonb_array_elements_text(${ids}::text::jsonb))`
      : sql`${documents.id} IN (SELECT value FROM json_each(${ids}))`;
  return prepareNamed(
    ctx.db
      .select({ id: documents.id, fallbackContact: documents.fallbackContact, category: categories.name, fileType: documents.fileType })
      .from(documents)
      .leftJoin(categories, eq(categories.id, documents.categoryId))
      .where(and(listed, eq(documents.isActive, true))),
    'active_documents_by_ids',
  );
});

export async function activeDocuments(ctx: AppContext, ids: readonly string[]): Promise<Map<string, ActiveDocument>> {
  if (!ids.length) return new Map();
  const rows = await activeByIds(ctx).execute({ ids: JSON.stringify([...new Set(ids)]) });
  return new Map(rows.map((r) => [r.id, r]));
}

/** Index search limited to documents active in the database now, for callers that need no more than the hits. */
export function searchActive(ctx: AppContext, query: string, opts: Omit<SearchOptions, 'live'> = {}): Promise<SearchHit[]> {
  return search(ctx, readQuestion(query, adminSynonyms(ctx)), { ...opts, live: (ids) => activeDocuments(ctx, ids) });
}
