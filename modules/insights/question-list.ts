// The logged questions as the admin reads them (issue 17 item 3): newest first, filtered (unanswered,
// low confidence, voted down, all) and searched, paged by the library's signed cursors. The CSV export
// reads the same filter through allQuestions.
import { and, desc, eq, exists, inArray, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import { createHash } from 'node:crypto';
import type { AppContext } from '../../src/context';
import { firstRow } from '../../src/db/client';
import type { LoggedQuestion, QuestionFilter, QuestionPage } from '../../contracts/insights';
import { decodeCursor, encodeCursor } from '../documents/cursor';
import type { questionLog } from '../questions/schema';

export interface QuestionQuery {
  filter?: QuestionFilter;
  search?: string;
  cursor?: string;
  limit?: number;
}

const DEFAULT_LIMIT = 20;
/** the export's ceiling: a year of a busy university's questions, still one file Excel opens */
export const EXPORT_MAX_ROWS = 100_000;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

const downVoted = (ctx: AppContext) => {
  const { questionFeedback, questionLog } = ctx.tables;
  return exists(
    ctx.db
      .select({ one: sql`1` })
      .from(questionFeedback)
      .where(and(eq(questionFeedback.questionId, questionLog.id), eq(questionFeedback.rating, 'down'))),
  );
};

/**
 * unanswered: the bot showed the fallback message; low: it answered, but under the normal-answer
 * threshold (the medium and low bands: contact details were added); down: someone voted the answer down.
 */
export function questionFilters(ctx: AppContext, q: Pick<QuestionQuery, 'filter' | 'search'>): SQL[] {
  const { questionLog } = ctx.tables;
  const where: SQL[] = [];
  if (q.filter === 'unanswered') where.push(eq(questionLog.fallback, true));
  if (q.filter === 'low') where.push(and(eq(questionLog.fallback, false), ne(questionLog.band, 'high'))!);
  if (q.filter === 'down') where.push(downVoted(ctx));
  const term = q.search?.normalize('NFC').trim();
  // SQLite's LIKE ignores the case of Latin letters; Postgres's does not, its ILIKE does
  const like = ctx.dialect === 'postgres' ? sql`ILIKE` : sql`LIKE`;
  if (term) where.push(sql`${questionLog.question} ${like} ${`%${escapeLike(term)}%`} ESCAPE '\\'`);
  return where;
}

/** A cursor belongs to one filter, search and page size; reused with others it is refused. */
function queryKey(q: QuestionQuery, limit: number): string {
  const parts = ['questions', q.filter ?? 'all', q.search?.normalize('NFC').trim() ?? '', String(limit)];
  return createHash('sha256').update(parts.join('\u0000')).digest('base64url').slice(0, 12);
}

type Row = typeof questionLog.$inferSelect;

/** Up and down counts and the down votes' comments of the given questions. */
async function votesOf(ctx: AppContext, ids: string[]) {
  const { questionFeedback } = ctx.tables;
  const votes = new Map<string, { up: number; down: number; comments: string[] }>();
  if (ids.length === 0) return votes;
  const rows = await ctx.db
    .select({ questionId: questionFeedback.questionId, rating: questionFeedback.rating, comment: questionFeedback.comment })
    .from(questionFeedback)
    .where(inArray(questionFeedback.questionId, ids))
    .orderBy(questionFeedback.createdAt);
  for (const r of rows) {
    let v = votes.get(r.questionId);
    if (!v) votes.set(r.questionId, (v = { up: 0, down: 0, comments: [] }));
    v[r.rating]++;
    if (r.rating === 'down' && r.comment) v.comments.push(r.comment);
  }
  return votes;
}

function parseSources(json: string): LoggedQuestion['sources'] {
  try {
    const parsed = JSON.parse(json);
    return Array.isArray(parsed) ? parsed : [];
  } catch {
    return [];
  }
}

async function toItems(ctx: AppContext, rows: Row[]): Promise<LoggedQuestion[]> {
  const votes = await votesOf(
    ctx,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    id: r.id,
    asked_at: r.askedAt.toISOString(),
    question: r.question,
    confidence: r.confidence,
    confidence_band: r.band,
    fallback: r.fallback,
    sources: parseSources(r.sources),
    up: votes.get(r.id)?.up ?? 0,
    down: votes.get(r.id)?.down ?? 0,
    comments: votes.get(r.id)?.comments ?? [],
  }));
}

export async function listQuestions(ctx: AppContext, q: QuestionQuery): Promise<QuestionPage> {
  const { questionLog } = ctx.tables;
  const limit = Math.max(1, Math.min(q.limit ?? DEFAULT_LIMIT, 100));
  const key = queryKey(q, limit);
  const base = questionFilters(ctx, q);
  const where = [...base];
  if (q.cursor) {
    const pos = decodeCursor(ctx, q.cursor, key);
    const at = new Date(pos.createdAt);
    where.push(or(lt(questionLog.askedAt, at), and(eq(questionLog.askedAt, at), lt(questionLog.id, pos.id)))!);
  }
  const rows = await ctx.db
    .select()
    .from(questionLog)
    .where(and(...where))
    .orderBy(desc(questionLog.askedAt), desc(questionLog.id))
    .limit(limit + 1);
  const total = Number(
    (
      await firstRow(
        ctx.db
          .select({ n: sql<number>`count(*)` })
          .from(questionLog)
          .where(and(...base)),
      )
    )?.n ?? 0,
  );
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const hasNext = rows.length > limit;
  return {
    status: 'success',
    data: await toItems(ctx, page),
    hasNext,
    nextCursor: hasNext && last ? encodeCursor(ctx, { createdAt: last.askedAt.getTime(), id: last.id, q: key }) : null,
    total,
  };
}

/** Every question the filter and search select, newest first, in batches (the CSV export streams them). */
export async function* allQuestions(ctx: AppContext, q: Pick<QuestionQuery, 'filter' | 'search'>, batch = 500): AsyncGenerator<LoggedQuestion[]> {
  const { questionLog } = ctx.tables;
  const base = questionFilters(ctx, q);
  let after: Row | undefined;
  for (let sent = 0; sent < EXPORT_MAX_ROWS; ) {
    const where = [...base];
    if (after) where.push(or(lt(questionLog.askedAt, after.askedAt), and(eq(questionLog.askedAt, after.askedAt), lt(questionLog.id, after.id)))!);
    const rows = await ctx.db
      .select()
      .from(questionLog)
      .where(and(...where))
      .orderBy(desc(questionLog.askedAt), desc(questionLog.id))
      .limit(Math.min(batch, EXPORT_MAX_ROWS - sent));
    if (rows.length === 0) return;
    yield await toItems(ctx, rows);
    sent += rows.length;
    after = rows.at(-1);
  }
}
