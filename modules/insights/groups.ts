// GET /api/insights/groups: the unanswered and low-confidence questions of the last days, grouped by topic
// (grouping.ts), most asked first, paged like every console list by a signed cursor (here: the position in
// the ranked groups, signed and tied to the same days and page size). Guests fill the log, so the input is
// bounded (the newest MAX_GROUPED questions, each read up to GROUPED_CHARS, in pages: pages.ts), the grouping runs in slices
// that let the server answer others (slices.ts), and the ranked groups of a period are cached until the log
// changes (cache.ts): the pages of one listing come from one grouping.
import { and, desc, eq, gte, inArray, or, sql } from 'drizzle-orm';
import { createHash } from 'node:crypto';
import type { AppContext } from '../../src/context';
import type { GroupPage } from '../../contracts/insights';
import { decodeCursor, encodeCursor } from '../documents/cursor';
import { adminSynonyms } from '../synonyms/service';
import { cachedInsight } from './cache';
import { windowFingerprint } from './fingerprint';
import { groupingSteps, type GroupInput } from './grouping';
import { afterPosition, readInPages, type Position } from './pages';
import { runSliced } from './slices';
import { windowStart } from './summary';

/** the newest this many questions are grouped: beyond them the picture is the same, only slower to draw */
const MAX_GROUPED = 5000;
/**
 * A question is grouped, and shown as an example, by its first this many characters: what a question is
 * about is in its first sentence (real questions run 10–150 characters), and grouping time grows with the
 * words read. The log keeps up to 2,000; the question list shows them whole.
 */
export const GROUPED_CHARS = 200;
const EXAMPLES = 5;
const DEFAULT_LIMIT = 10;

const queryKey = (days: number, limit: number) => createHash('sha256').update(`groups\u0000${days}\u0000${limit}`).digest('base64url').slice(0, 12);

/** Questions the library did not answer well: the fallback, or an answer under the normal-answer threshold. */
async function weakQuestions(ctx: AppContext, days: number, now: number): Promise<GroupInput[]> {
  const { questionFeedback, questionLog } = ctx.tables;
  const items: GroupInput[] = [];
  // newest first, a page at a time with a pause for the event loop after each (pages.ts)
  const page = (after: Position | null, limit: number) =>
    ctx.db
      .select({
        id: questionLog.id,
        question: sql<string>`substr(${questionLog.question}, 1, ${GROUPED_CHARS})`,
        long: sql<number>`length(${questionLog.question}) > ${GROUPED_CHARS}`,
        askedAt: questionLog.askedAt,
        fallback: questionLog.fallback,
      })
      .from(questionLog)
      .where(
        and(
          gte(questionLog.askedAt, windowStart(days, now)),
          or(eq(questionLog.fallback, true), sql`${questionLog.band} != 'high'`),
          afterPosition(questionLog, after, true),
        ),
      )
      .orderBy(desc(questionLog.askedAt), desc(questionLog.id))
      .limit(limit);
  await readInPages(
    page,
    async (rows) => {
      const down = new Map<string, number>();
      const counted = await ctx.db
        .select({ questionId: questionFeedback.questionId, n: sql<number>`count(*)` })
        .from(questionFeedback)
        .where(
          and(
            inArray(
              questionFeedback.questionId,
              rows.map((r) => r.id),
            ),
            eq(questionFeedback.rating, 'down'),
          ),
        )
        .groupBy(questionFeedback.questionId);
      for (const c of counted) down.set(c.questionId, Number(c.n));
      for (const { long, ...r } of rows) items.push({ ...r, question: long ? `${r.question}…` : r.question, down: down.get(r.id) ?? 0 });
    },
    MAX_GROUPED,
  );
  return items;
}

type RankedGroup = GroupPage['data'][number];

/** The period's groups, ranked, as the page shows them; cached until the log changes. */
async function rankedGroups(ctx: AppContext, days: number, now: number): Promise<{ groups: RankedGroup[]; questions: number }> {
  const since = windowStart(days, now);
  return cachedInsight(ctx, `groups:${days}`, await windowFingerprint(ctx, since), async () => {
    const items = await weakQuestions(ctx, days, now);
    const groups = await runSliced(groupingSteps(items, undefined, adminSynonyms(ctx)));
    return {
      questions: items.length,
      groups: groups.map((g) => ({
        top_words: g.topWords,
        count: g.members.length,
        unanswered: g.members.filter((m) => m.fallback).length,
        down: g.members.reduce((n, m) => n + m.down, 0),
        last_asked_at: g.members[0].askedAt.toISOString(),
        examples: g.members.slice(0, EXAMPLES).map((m) => ({ id: m.id, question: m.question, asked_at: m.askedAt.toISOString() })),
      })),
    };
  });
}

export async function questionGroups(ctx: AppContext, q: { days?: number; cursor?: string; limit?: number }, now = Date.now()): Promise<GroupPage> {
  const days = q.days ?? 30;
  const limit = Math.max(1, Math.min(q.limit ?? DEFAULT_LIMIT, 50));
  const key = queryKey(days, limit);
  const offset = q.cursor ? decodeCursor(ctx, q.cursor, key).createdAt : 0;
  const { groups, questions } = await rankedGroups(ctx, days, now);
  const page = groups.slice(offset, offset + limit);
  const hasNext = offset + limit < groups.length;
  return {
    status: 'success',
    data: page,
    hasNext,
    // the library's cursor format: its position field carries the offset into the ranked groups
    nextCursor: hasNext ? encodeCursor(ctx, { createdAt: offset + limit, id: 'groups', q: key }) : null,
    total: groups.length,
    questions,
  };
}
