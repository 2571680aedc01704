// The Postgres twin of ./schema.ts (issue 36): same tables, columns and indexes; tests/postgres/schema-drift.test.ts fails
// when the two differ. Times are timestamptz, flags boolean, JSON jsonb.
import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** The bot's behaviour. One row is seeded at start-up with a real id; thresholds are percentages. */
export const preferences = pgTable('preferences', {
  id: text('id').primaryKey(),
  fallbackMessage: text('fallback_message').notNull(),
  highThreshold: integer('high_threshold').notNull().default(80),
  lowThreshold: integer('low_threshold').notNull().default(30),
  generalContact: text('general_contact').notNull().default(''),
  updatedBy: text('updated_by').notNull().default('system'),
  updatedByName: text('updated_by_name').notNull().default('system'),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date', precision: 3 }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date', precision: 3 }).notNull(),
});
