import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/** An admin's group of equivalent Thai terms, merged with the built-in list (modules/knowledge/question/synonyms.ts). */
export const synonymGroups = sqliteTable(
  'synonym_groups',
  {
    id: text('id').primaryKey(),
    /** JSON array of the terms as the admin wrote them (trimmed, deduplicated) */
    terms: text('terms').notNull(),
    /** the terms folded and sorted: the same group typed twice is one group */
    termsKey: text('terms_key').notNull().unique(),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [index('synonym_groups_created_idx').on(t.createdAt, t.id)],
);
