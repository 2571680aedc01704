// The library list (console.md §2/§9): newest first, 5 per page, keyset pagination with signed cursors.
import { and, count, desc, eq, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { createHash } from 'node:crypto';
import type { AppContext } from '../../src/context';
import { firstRow } from '../../src/db/client';
import { decodeCursor, encodeCursor } from './cursor';
import type { DocumentListItem, DocumentListResponse } from '../../contracts/documents';

export interface ListQuery {
  limit?: number;
  cursor?: string;
  status?: 'all' | 'active' | 'inactive';
  type?: 'all' | 'pdf' | 'docx';
  category?: string;
  search?: string;
}
export type ListItem = DocumentListItem;
export type ListPage = Omit<DocumentListResponse, 'status'>;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => '\\' + c);

function filters(ctx: AppContext, q: ListQuery): SQL[] {
  const { documents } = ctx.tables;
  const where: SQL[] = [];
  if (q.status === 'active') where.push(eq(documents.isActive, true));
  if (q.status === 'inactive') where.push(eq(documents.isActive, false));
  if (q.type === 'pdf' || q.type === 'docx') where.push(eq(documents.fileType, q.type));
  const cat = q.category?.trim();
  if (cat === 'none') where.push(isNull(documents.categoryId));
  else if (cat && cat !== 'all') where.push(eq(documents.categoryId, cat));
  const term = q.search?.normalize('NFC').trim();
  if (term) {
    const pattern = `%${escapeLike(term)}%`;
    // SQLite's LIKE ignores the case of ASCII letters; Postgres's ILIKE does the same (Thai has no case)
    const like = ctx.dialect === 'postgres' ? sql`ILIKE` : sql`LIKE`;
    where.push(or(sql`${documents.fileName} ${like} ${pattern} ESCAPE '\\'`, sql`${documents.description} ${like} ${pattern} ESCAPE '\\'`)!);
  }
  return where;
}

/** A cursor belongs to one filter combination; reusing it with other filters is refused. */
function queryKey(q: ListQuery, limit: number): string {
  const parts = [q.status ?? 'all', q.type ?? 'all', q.category?.trim() || 'all', q.search?.normalize('NFC').trim() ?? '', String(limit)];
  return createHash('sha256').update(parts.join('\u0000')).digest('base64url').slice(0, 12);
}

export async function listDocuments(ctx: AppContext, q: ListQuery): Promise<ListPage> {
  const { documents, categories } = ctx.tables;
  const limit = Math.max(1, Math.min(q.limit ?? 5, 100));
  const key = queryKey(q, limit);
  const base = filters(ctx, q);
  const where = [...base];
  if (q.cursor) {
    const pos = decodeCursor(ctx, q.cursor, key);
    const at = new Date(pos.createdAt);
    where.push(or(lt(documents.createdAt, at), and(eq(documents.createdAt, at), lt(documents.id, pos.id)))!);
  }
  const rows = await ctx.db
    .select({ doc: documents, category: categories.name })
    .from(documents)
    .leftJoin(categories, eq(categories.id, documents.categoryId))
    .where(and(...where))
    .orderBy(desc(documents.createdAt), desc(documents.id))
    .limit(limit + 1);
  const total =
    (
      await firstRow(
        ctx.db
          .select({ n: count() })
          .from(documents)
          .where(and(...base)),
      )
    )?.n ?? 0;
  const hasNext = rows.length > limit;
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  const nextCursor = hasNext && last ? encodeCursor(ctx, { createdAt: last.doc.createdAt.getTime(), id: last.doc.id, q: key }) : null;
  return {
    data: page.map(({ doc, category }) => ({
      fileId: doc.id,
      fileName: doc.fileName,
      fileType: doc.fileType,
      fileSize: doc.fileSize,
      category,
      categoryId: doc.categoryId,
      uploadedAt: doc.createdAt.toISOString(),
      isActive: doc.isActive,
      status: doc.status,
      description: doc.description,
    })),
    hasNext,
    nextCursor,
    cursor: nextCursor,
    totalPages: Math.max(1, Math.ceil(total / limit)),
    total,
  };
}
