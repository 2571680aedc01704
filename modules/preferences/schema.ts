import { sqliteTable, text, integer } from 'drizzle-orm/sqlite-core';

/** The bot's behaviour. One row is seeded at start-up with a real id; thresholds are percentages. */
export const preferences = sqliteTable('preferences', {
  id: text('id').primaryKey(),
  fallbackMessage: text('fallback_message').notNull(),
  highThreshold: integer('high_threshold').notNull().default(80),
  lowThreshold: integer('low_threshold').notNull().default(30),
  generalContact: text('general_contact').notNull().default(''),
  updatedBy: text('updated_by').notNull().default('system'),
  updatedByName: text('updated_by_name').notNull().default('system'),
  createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
});
