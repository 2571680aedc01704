// The Postgres twin of ./schema.ts (issue 36); tests/postgres/schema-drift.test.ts fails when the two differ.
import { doublePrecision, index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';

/** A token bucket as the time it is full again (GCRA): a request is allowed while that is at most a burst away. */
export const rateBuckets = pgTable(
  'rate_buckets',
  {
    key: text('key').primaryKey(),
    fullAt: doublePrecision('full_at').notNull(),
  },
  (t) => [index('rate_buckets_full_at_idx').on(t.fullAt)],
);

/** When a longer allowance (drafts an hour, votes a day) was used, newest last (at most its limit). */
export const rateWindows = pgTable(
  'rate_windows',
  {
    key: text('key').primaryKey(),
    times: jsonb('times').$type<number[]>().notNull(),
    expiresAt: doublePrecision('expires_at').notNull(),
  },
  (t) => [index('rate_windows_expires_at_idx').on(t.expiresAt)],
);

/** One answer running now, counted for each of its keys (requester, address); leased by its instance, renewed while it lives. */
export const answerSlots = pgTable(
  'answer_slots',
  {
    id: text('id').primaryKey(),
    key: text('key').notNull(),
    instance: text('instance').notNull(),
    expiresAt: doublePrecision('expires_at').notNull(),
  },
  (t) => [index('answer_slots_key_idx').on(t.key), index('answer_slots_instance_idx').on(t.instance)],
);
