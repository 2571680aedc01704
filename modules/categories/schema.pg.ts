// The Postgres twin of ./schema.ts (issue 36): same tables, columns and indexes; tests/postgres/schema-drift.test.ts fails
// when the two differ. Times are timestamptz, flags boolean, JSON jsonb.
import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const categories = pgTable('categories', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  /** trimmed, inner whitespace collapsed, lower-cased: uniqueness is case-insensitive */
  nameKey: text('name_key').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date', precision: 3 }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date', precision: 3 }).notNull(),
});
