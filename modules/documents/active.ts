// The library rows behind search hits, read on every answer: which of these documents are active
// right now (SQLite is the source of truth, not the index's copy), with their category, type and
// contact. One statement prepared per app: building and compiling it per call through drizzle cost
// more than running it (the id list travels as one JSON parameter, so its length does not matter).
import { and, eq, sql } from 'drizzle-orm';
import { perApp, type AppContext } from '../../src/context';
import { categories } from '../categories/schema';
import { readQuestion, search, type SearchHit, type SearchOptions } from '../knowledge';
import { adminSynonyms } from '../synonyms/service';
import { documents } from './schema';

export interface ActiveDocument {
  id: string;
  fallbackContact: string;
  category: string | null;
  fileType: string;
}

const activeByIds = perApp((ctx: AppContext) =>
  ctx.db
    .select({ id: documents.id, fallbackContact: documents.fallbackContact, category: categories.name, fileType: documents.fileType })
    .from(documents)
    .leftJoin(categories, eq(categories.id, documents.categoryId))
    .where(and(sql`${documents.id} IN (SELECT value FROM json_each(${sql.placeholder('ids')}))`, eq(documents.isActive, true)))
    .prepare(),
);

export function activeDocuments(ctx: AppContext, ids: readonly string[]): Map<string, ActiveDocument> {
  if (!ids.length) return new Map();
  return new Map(
    activeByIds(ctx)
      .all({ ids: JSON.stringify([...new Set(ids)]) })
      .map((r) => [r.id, r]),
  );
}

/** Index search limited to documents active in SQLite now, for callers that need no more than the hits. */
export function searchActive(ctx: AppContext, query: string, opts: Omit<SearchOptions, 'live'> = {}): Promise<SearchHit[]> {
  return search(ctx, readQuestion(query, adminSynonyms(ctx)), { ...opts, live: (ids) => activeDocuments(ctx, ids) });
}
