// Limits shared by several instances (issue 36): the rate limits' buckets, the sliding windows of longer allowances
// and the answers in flight, as rows. Only the Postgres shape uses them (src/http/limits/postgres.ts); on the embedded
// SQLite default the limits stay in memory (src/http/limits/memory.ts) and these tables stay empty. Times are milliseconds since the epoch.
import { index, real, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/** A token bucket as the time it is full again (GCRA): a request is allowed while that is at most a burst away. */
export const rateBuckets = sqliteTable(
  'rate_buckets',
  {
    key: text('key').primaryKey(),
    fullAt: real('full_at').notNull(),
  },
  (t) => [index('rate_buckets_full_at_idx').on(t.fullAt)],
);

/** When a longer allowance (drafts an hour, votes a day) was used, newest last (at most its limit). */
export const rateWindows = sqliteTable(
  'rate_windows',
  {
    key: text('key').primaryKey(),
    times: text('times', { mode: 'json' }).$type<number[]>().notNull(),
    expiresAt: real('expires_at').notNull(),
  },
  (t) => [index('rate_windows_expires_at_idx').on(t.expiresAt)],
);

/** One answer running now, counted for each of its keys (requester, address); leased by its instance, renewed while it lives. */
export const answerSlots = sqliteTable(
  'answer_slots',
  {
    id: text('id').primaryKey(),
    key: text('key').notNull(),
    instance: text('instance').notNull(),
    expiresAt: real('expires_at').notNull(),
  },
  (t) => [index('answer_slots_key_idx').on(t.key), index('answer_slots_instance_idx').on(t.instance)],
);
