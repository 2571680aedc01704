// Read-only views of the library used outside the console (landing page list).
import { and, count, desc, eq } from 'drizzle-orm';
import type { AppContext } from '../../src/context';
import { documents } from './schema';
import { categories } from '../categories/schema';

export interface CatalogEntry {
  id: string;
  name: string;
  category: string | null;
  fileType: string;
}

/** Active, indexed documents, newest first: what the bot can answer from. */
export function listSupportedDocuments(ctx: AppContext, limit = 12): { items: CatalogEntry[]; total: number } {
  const where = and(eq(documents.isActive, true), eq(documents.status, 'ready'));
  const items = ctx.db
    .select({ id: documents.id, name: documents.fileName, category: categories.name, fileType: documents.fileType })
    .from(documents)
    .leftJoin(categories, eq(categories.id, documents.categoryId))
    .where(where)
    .orderBy(desc(documents.createdAt))
    .limit(limit)
    .all();
  const total = ctx.db.select({ n: count() }).from(documents).where(where).get()?.n ?? 0;
  return { items, total };
}

/** Changes whenever anything shown in the catalog may have changed: lets pages cache their rendering. */
export function catalogSignature(ctx: AppContext): string {
  // Counting and scanning both tables on every landing request cost ~10 % of serving the cached page.
  // SQLite knows cheaply whether anything was written at all since the last look: this connection's
  // total_changes() and data_version (commits by other connections, e.g. the ingest CLI).
  const writes = ctx.sqlite.query<{ t: number; v: number }, []>('SELECT total_changes() AS t, (SELECT data_version FROM pragma_data_version) AS v').get();
  const stamp = writes ? `${writes.t}:${writes.v}` : '';
  const last = lastSignature.get(ctx);
  if (last && stamp && last.stamp === stamp) return last.signature;
  const row = ctx.sqlite
    .query<{ n: number; d: number | null; c: number | null; k: number }, []>(
      'SELECT (SELECT count(*) FROM documents) AS n, (SELECT max(updated_at) FROM documents) AS d, (SELECT max(updated_at) FROM categories) AS c, (SELECT count(*) FROM categories) AS k',
    )
    .get();
  const signature = row ? `${row.n}:${row.d ?? 0}:${row.c ?? 0}:${row.k}` : '';
  lastSignature.set(ctx, { stamp, signature });
  return signature;
}

const lastSignature = new WeakMap<AppContext, { stamp: string; signature: string }>();
