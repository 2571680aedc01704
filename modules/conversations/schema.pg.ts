// The Postgres twin of ./schema.ts (issue 36): same tables, columns and indexes; tests/postgres/schema-drift.test.ts fails
// when the two differ. Times are timestamptz, flags boolean, JSON jsonb.
import { boolean, doublePrecision, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../auth/schema.pg';
import type { AttachmentInfo } from '../../contracts/conversations';
import type { RecommendedDocument, Reference } from '../../contracts/assistant';

export const conversations = pgTable(
  'conversations',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    topic: text('topic').notNull().default('บทสนทนาใหม่'),
    category: text('category').notNull().default('General'),
    /** true once a user renamed it: automatic titles never overwrite a user's choice */
    topicLocked: boolean('topic_locked').notNull().default(false),
    /** the `seq` of its latest turn: a new turn takes the next one (an atomic increment, on either database) */
    turnSeq: integer('turn_seq').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date', precision: 3 }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date', precision: 3 }).notNull(),
  },
  (t) => [index('conversations_user_idx').on(t.userId, t.updatedAt)],
);

/** One question and its answer. `status` keeps a turn cut off mid-way from looking like an answer. */
export const conversationDetails = pgTable(
  'conversation_details',
  {
    id: text('id').primaryKey(),
    conversationId: text('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    parentId: text('parent_id'),
    query: text('query').notNull(),
    response: text('response'),
    confidence: doublePrecision('confidence'),
    status: text('status', { enum: ['pending', 'complete', 'failed', 'cancelled'] })
      .notNull()
      .default('pending'),
    showRegulation: boolean('show_regulation').notNull().default(false),
    attachments: jsonb('attachments').$type<AttachmentInfo[]>(),
    references: jsonb('references').$type<Reference[]>(),
    documents: jsonb('documents').$type<RecommendedDocument[]>(),
    /** set when the turn was answered with a drafted document: its type and the DOCX to download */
    documentType: text('document_type'),
    downloadUrl: text('download_url'),
    /** a quick button's typed request ('templates'), kept so a regenerate answers the same kind of turn */
    intent: text('intent', { enum: ['templates', 'proposal_check'] }),
    /** the client's connection id for this turn: /api/cancel with it ends the turn even before its answer starts */
    connectionId: text('connection_id'),
    /** the turn's place in its conversation (1, 2, …): the order of the turns, even of two saved in one millisecond */
    seq: integer('seq').notNull().default(0),
    /** the instance answering it now, until claimExpiresAt (renewed while it runs): one answer per turn across instances */
    claimedBy: text('claimed_by'),
    claimExpiresAt: timestamp('claim_expires_at', { withTimezone: true, mode: 'date', precision: 3 }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date', precision: 3 }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date', precision: 3 }).notNull(),
  },
  (t) => [
    index('details_conversation_idx').on(t.conversationId, t.createdAt),
    // a cancel that arrives before its answer started finds the turn by connection id (cancelPendingTurns)
    index('details_connection_idx').on(t.connectionId),
    uniqueIndex('details_seq_idx').on(t.conversationId, t.seq),
  ],
);
