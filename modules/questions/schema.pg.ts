// The Postgres twin of ./schema.ts (issue 36): same tables, columns and indexes; tests/postgres/schema-drift.test.ts fails
// when the two differ. Times are timestamptz, flags boolean, JSON jsonb.
import { boolean, doublePrecision, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * One answered question (issue 17): what was asked and how well the library answered it. Nothing about
 * who asked: no user id, no address, no cookie; e-mail addresses, phone and ID numbers are masked
 * (mask.ts) before the row is written. Rows older than QUESTION_LOG_DAYS are purged daily.
 */
export const questionLog = pgTable(
  'question_log',
  {
    id: text('id').primaryKey(),
    askedAt: timestamp('asked_at', { withTimezone: true, mode: 'date', precision: 3 }).notNull(),
    question: text('question').notNull(),
    /** the answer's accuracy, 0–100 as sent to the client */
    confidence: doublePrecision('confidence').notNull(),
    band: text('band', { enum: ['high', 'medium', 'low'] }).notNull(),
    fallback: boolean('fallback').notNull(),
    /** JSON: [{ documentId, title, clause, page }] of the clauses the answer cited */
    sources: text('sources').notNull().default('[]'),
    answerLength: integer('answer_length').notNull(),
    provider: text('provider').notNull(),
    /** where it was asked: 'chat' (/api/chat, guests included) or 'conversation' (a saved turn) */
    channel: text('channel').notNull().default('chat'),
  },
  (t) => [index('question_log_asked_at').on(t.askedAt)],
);

/**
 * A thumbs up or down on one answer. `voter` is an HMAC of the question id and the browser or account
 * (never the raw id), so one browser has one vote per question and votes cannot be linked to each other.
 */
export const questionFeedback = pgTable(
  'question_feedback',
  {
    id: text('id').primaryKey(),
    questionId: text('question_id')
      .notNull()
      .references(() => questionLog.id, { onDelete: 'cascade' }),
    voter: text('voter').notNull(),
    rating: text('rating', { enum: ['up', 'down'] }).notNull(),
    comment: text('comment'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date', precision: 3 }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date', precision: 3 }).notNull(),
  },
  (t) => [uniqueIndex('question_feedback_voter').on(t.questionId, t.voter)],
);
