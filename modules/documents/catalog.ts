// Read-only views of the library used outside the console (landing page list).
import { and, count, desc, eq, max, sql } from 'drizzle-orm';
import type { AppContext } from '../../src/context';
import { firstRow } from '../../src/db/client';

export interface CatalogEntry {
  id: string;
  name: string;
  category: string | null;
  fileType: string;
}

/** Active, indexed documents, newest first: what the bot can answer from. */
export async function listSupportedDocuments(ctx: AppContext, limit = 12): Promise<{ items: CatalogEntry[]; total: number }> {
  const { documents, categories } = ctx.tables;
  const where = and(eq(documents.isActive, true), eq(documents.status, 'ready'));
  const items = await ctx.db
    .select({ id: documents.id, name: documents.fileName, category: categories.name, fileType: documents.fileType })
    .from(documents)
    .leftJoin(categories, eq(categories.id, documents.categoryId))
    .where(where)
    .orderBy(desc(documents.createdAt))
    .limit(limit);
  const total = (await firstRow(ctx.db.select({ n: count() }).from(documents).where(where)))?.n ?? 0;
  return { items, total };
}

/**
 * Changes whenever anything shown in the catalog may have changed: lets pages cache their rendering.
 * Every edit of a document or a category sets its updated_at, a removal changes a count, and an indexing job's end
 * (which leaves updated_at alone) changes the count of listed documents, so these counts and the latest updated_at
 * of both tables name the catalog's state, whichever instance wrote it.
 */
export async function catalogSignature(ctx: AppContext): Promise<string> {
  // Counting and scanning both tables on every landing request cost ~10 % of serving the cached page. SQLite knows
  // cheaply whether anything was written at all since the last look: this connection's total_changes() and
  // data_version (commits by other connections, e.g. the ingest CLI). Postgres has no such counter for other
  // sessions' commits: there the two aggregates are read on each call (one round trip, small tables), so another
  // instance's upload or removal shows at the next request.
  let stamp = '';
  if (ctx.dialect === 'sqlite') {
    const writes = ctx.sqlite.query<{ t: number; v: number }, []>('SELECT total_changes() AS t, (SELECT data_version FROM pragma_data_version) AS v').get();
    stamp = writes ? `${writes.t}:${writes.v}` : '';
    const last = lastSignature.get(ctx);
    if (last && stamp && last.stamp === stamp) return last.signature;
  }
  const { documents, categories } = ctx.tables;
  const [docs, cats] = await Promise.all([
    firstRow(
      ctx.db
        .select({
          n: count(),
          d: max(documents.updatedAt),
          listed: sql<number>`count(case when ${documents.status} = 'ready' and ${documents.isActive} then 1 end)`,
        })
        .from(documents),
    ),
    firstRow(ctx.db.select({ n: count(), d: max(categories.updatedAt) }).from(categories)),
  ]);
  const at = (d: Date | null | undefined) => (d ? new Date(d).getTime() : 0);
  const signature = `${docs?.n ?? 0}:${docs?.listed ?? 0}:${at(docs?.d)}:${at(cats?.d)}:${cats?.n ?? 0}`;
  if (stamp) lastSignature.set(ctx, { stamp, signature });
  return signature;
}

const lastSignature = new WeakMap<AppContext, { stamp: string; signature: string }>();
