// What the insights figures of a window are computed from, in one small string (cache.ts): the questions of the
// window (how many, the first and last asked), the votes and the synonym groups (how many, the last changed).
// A question asked, a vote cast or changed, a purge, a row leaving the window as days pass, a synonym group
// added or removed: each changes it. Three indexed aggregate queries, well under a millisecond on 5,000 rows.
import { count, gte, max, min } from 'drizzle-orm';
import type { AppContext } from '../../src/context';
import { firstRow } from '../../src/db/client';

export async function windowFingerprint(ctx: AppContext, since: Date): Promise<string> {
  const { questionFeedback, questionLog, synonymGroups } = ctx.tables;
  const asked = await firstRow(
    ctx.db
      .select({ n: count(), first: min(questionLog.askedAt), last: max(questionLog.askedAt) })
      .from(questionLog)
      .where(gte(questionLog.askedAt, since)),
  );
  const votes = await firstRow(ctx.db.select({ n: count(), last: max(questionFeedback.updatedAt) }).from(questionFeedback));
  const synonyms = await firstRow(ctx.db.select({ n: count(), last: max(synonymGroups.createdAt) }).from(synonymGroups));
  const ms = (d: Date | number | null | undefined) => (d instanceof Date ? d.getTime() : (d ?? 0));
  return [asked?.n, ms(asked?.first), ms(asked?.last), votes?.n, ms(votes?.last), synonyms?.n, ms(synonyms?.last)].join(':');
}
