// The Postgres twin of ./schema.ts (issue 36): same tables, columns and indexes; tests/postgres/schema-drift.test.ts fails
// when the two differ. Times are timestamptz, flags boolean, JSON jsonb, file sizes bigint (uploads may pass 2 GB).
import { bigint, boolean, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { categories } from '../categories/schema.pg';
import { users } from '../auth/schema.pg';

/**
 * SQLite is the source of truth. `status` walks indexing → ready (or failed); a start-up
 * reconciliation re-queues rows stuck in `indexing` and drops index chunks without a row.
 */
export const documents = pgTable(
  'documents',
  {
    id: text('id').primaryKey(),
    fileName: text('file_name').notNull(), // display name chosen by the admin
    rawFileName: text('raw_file_name').notNull(), // sanitised original upload name
    fileType: text('file_type', { enum: ['pdf', 'docx', 'txt'] }).notNull(),
    mimeType: text('mime_type').notNull(),
    fileSize: bigint('file_size', { mode: 'number' }).notNull(),
    storagePath: text('storage_path').notNull(), // relative to DATA_DIR/files
    sha256: text('sha256').notNull(),
    description: text('description').notNull().default(''),
    categoryId: text('category_id').references(() => categories.id, { onDelete: 'restrict' }),
    version: text('version').notNull().default('1.0.0'),
    isActive: boolean('is_active').notNull().default(true),
    fallbackContact: text('fallback_contact').notNull().default(''),
    status: text('status', { enum: ['indexing', 'ready', 'failed'] })
      .notNull()
      .default('indexing'),
    statusError: text('status_error'),
    chunkCount: integer('chunk_count').notNull().default(0),
    extractionMethod: text('extraction_method'),
    usedOcr: boolean('used_ocr').notNull().default(false),
    /** one of the demo library's documents (demo.ts): removed together from the console */
    demo: boolean('demo').notNull().default(false),
    uploadedBy: text('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date', precision: 3 }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date', precision: 3 }).notNull(),
  },
  // sha256: the duplicate check of an upload, a bulk import and the ingest CLI looks a file up by its hash
  (t) => [index('documents_created_idx').on(t.createdAt, t.id), index('documents_category_idx').on(t.categoryId), index('documents_sha256_idx').on(t.sha256)],
);

/** The reviewed text, per page, exactly as the admin approved it; chunks are derived from it. */
export const documentPages = pgTable(
  'document_pages',
  {
    documentId: text('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    page: integer('page').notNull(),
    content: text('content').notNull(),
  },
  (t) => [primaryKey({ columns: [t.documentId, t.page] })],
);

/**
 * Every file a document has had, oldest first (issue 17 item 6): a replaced regulation keeps its
 * earlier files for admins, while the documents row, its pages and the index hold only the current one.
 * Written at the first replace (version 1 copied from the row); a document never replaced has none.
 */
export const documentVersions = pgTable(
  'document_versions',
  {
    documentId: text('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    rawFileName: text('raw_file_name').notNull(),
    fileType: text('file_type', { enum: ['pdf', 'docx', 'txt'] }).notNull(),
    mimeType: text('mime_type').notNull(),
    fileSize: bigint('file_size', { mode: 'number' }).notNull(),
    storagePath: text('storage_path').notNull(), // relative to DATA_DIR/files, inside the document's folder
    sha256: text('sha256').notNull(),
    uploadedBy: text('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date', precision: 3 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.documentId, t.number] })],
);
