// GET /api/insights/groups: the unanswered and low-confidence questions of the last days, grouped by topic
// (grouping.ts), most asked first, paged like every console list by a signed cursor (here: the position in
// the ranked groups, signed and tied to the same days and page size).
import { and, eq, gte, inArray, or, sql } from 'drizzle-orm';
import { createHash } from 'node:crypto';
import type { AppContext } from '../../src/context';
import type { GroupPage } from '../../contracts/insights';
import { decodeCursor, encodeCursor } from '../documents/cursor';
import { questionFeedback, questionLog } from '../questions/schema';
import { groupQuestions, type GroupInput } from './grouping';
import { adminSynonyms } from '../synonyms/service';
import { windowStart } from './summary';

/** the newest this many questions are grouped: beyond them the picture is the same, only slower to draw */
const MAX_GROUPED = 5000;
const EXAMPLES = 5;
const DEFAULT_LIMIT = 10;

const queryKey = (days: number, limit: number) => createHash('sha256').update(`groups\u0000${days}\u0000${limit}`).digest('base64url').slice(0, 12);

/** Questions the library did not answer well: the fallback, or an answer under the normal-answer threshold. */
function weakQuestions(ctx: AppContext, days: number, now: number): GroupInput[] {
  const rows = ctx.db
    .select({ id: questionLog.id, question: questionLog.question, askedAt: questionLog.askedAt, fallback: questionLog.fallback })
    .from(questionLog)
    .where(and(gte(questionLog.askedAt, windowStart(days, now)), or(eq(questionLog.fallback, true), sql`${questionLog.band} != 'high'`)))
    .orderBy(sql`${questionLog.askedAt} DESC`)
    .limit(MAX_GROUPED)
    .all();
  const down = new Map<string, number>();
  for (let i = 0; i < rows.length; i += 500) {
    const ids = rows.slice(i, i + 500).map((r) => r.id);
    const counted = ctx.db
      .select({ questionId: questionFeedback.questionId, n: sql<number>`count(*)` })
      .from(questionFeedback)
      .where(and(inArray(questionFeedback.questionId, ids), eq(questionFeedback.rating, 'down')))
      .groupBy(questionFeedback.questionId)
      .all();
    for (const c of counted) down.set(c.questionId, c.n);
  }
  return rows.map((r) => ({ ...r, down: down.get(r.id) ?? 0 }));
}

export function questionGroups(ctx: AppContext, q: { days?: number; cursor?: string; limit?: number }, now = Date.now()): GroupPage {
  const days = q.days ?? 30;
  const limit = Math.max(1, Math.min(q.limit ?? DEFAULT_LIMIT, 50));
  const key = queryKey(days, limit);
  const offset = q.cursor ? decodeCursor(ctx, q.cursor, key).createdAt : 0;
  const items = weakQuestions(ctx, days, now);
  const groups = groupQuestions(items, undefined, adminSynonyms(ctx));
  const page = groups.slice(offset, offset + limit);
  const hasNext = offset + limit < groups.length;
  return {
    status: 'success',
    data: page.map((g) => ({
      top_words: g.topWords,
      count: g.members.length,
      unanswered: g.members.filter((m) => m.fallback).length,
      down: g.members.reduce((n, m) => n + m.down, 0),
      last_asked_at: g.members[0].askedAt.toISOString(),
      examples: g.members.slice(0, EXAMPLES).map((m) => ({ id: m.id, question: m.question, asked_at: m.askedAt.toISOString() })),
    })),
    hasNext,
    // the library's cursor format: its position field carries the offset into the ranked groups
    nextCursor: hasNext ? encodeCursor(ctx, { createdAt: offset + limit, id: 'groups', q: key }) : null,
    total: groups.length,
    questions: items.length,
  };
}
