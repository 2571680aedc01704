// The Postgres twin of ./schema.ts (issue 36): same tables, columns and indexes; tests/postgres/schema-drift.test.ts fails
// when the two differ. Times are timestamptz, flags boolean, JSON jsonb.
import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** An admin's group of equivalent Thai terms, merged with the built-in list (modules/knowledge/question/synonyms.ts). */
export const synonymGroups = pgTable(
  'synonym_groups',
  {
    id: text('id').primaryKey(),
    /** JSON array of the terms as the admin wrote them (trimmed, deduplicated) */
    terms: text('terms').notNull(),
    /** the terms folded and sorted: the same group typed twice is one group */
    termsKey: text('terms_key').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date', precision: 3 }).notNull(),
  },
  (t) => [index('synonym_groups_created_idx').on(t.createdAt, t.id)],
);
