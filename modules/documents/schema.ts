import { sqliteTable, text, integer, primaryKey, index } from 'drizzle-orm/sqlite-core';
import { categories } from '../categories/schema';
import { users } from '../auth/schema';

/**
 * SQLite is the source of truth. `status` walks indexing → ready (or failed); a start-up
 * reconciliation re-queues rows stuck in `indexing` and drops index chunks without a row.
 */
export const documents = sqliteTable(
  'documents',
  {
    id: text('id').primaryKey(),
    fileName: text('file_name').notNull(), // display name chosen by the admin
    rawFileName: text('raw_file_name').notNull(), // sanitised original upload name
    fileType: text('file_type', { enum: ['pdf', 'docx', 'txt'] }).notNull(),
    mimeType: text('mime_type').notNull(),
    fileSize: integer('file_size').notNull(),
    storagePath: text('storage_path').notNull(), // relative to DATA_DIR/files
    sha256: text('sha256').notNull(),
    description: text('description').notNull().default(''),
    categoryId: text('category_id').references(() => categories.id, { onDelete: 'restrict' }),
    version: text('version').notNull().default('1.0.0'),
    isActive: integer('is_active', { mode: 'boolean' }).notNull().default(true),
    fallbackContact: text('fallback_contact').notNull().default(''),
    status: text('status', { enum: ['indexing', 'ready', 'failed'] })
      .notNull()
      .default('indexing'),
    statusError: text('status_error'),
    chunkCount: integer('chunk_count').notNull().default(0),
    extractionMethod: text('extraction_method'),
    usedOcr: integer('used_ocr', { mode: 'boolean' }).notNull().default(false),
    /** one of the demo library's documents (demo.ts): removed together from the console */
    demo: integer('demo', { mode: 'boolean' }).notNull().default(false),
    uploadedBy: text('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
  },
  // sha256: the duplicate check of an upload, a bulk import and the ingest CLI looks a file up by its hash
  (t) => [index('documents_created_idx').on(t.createdAt, t.id), index('documents_category_idx').on(t.categoryId), index('documents_sha256_idx').on(t.sha256)],
);

/** The reviewed text, per page, exactly as the admin approved it; chunks are derived from it. */
export const documentPages = sqliteTable(
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
export const documentVersions = sqliteTable(
  'document_versions',
  {
    documentId: text('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    rawFileName: text('raw_file_name').notNull(),
    fileType: text('file_type', { enum: ['pdf', 'docx', 'txt'] }).notNull(),
    mimeType: text('mime_type').notNull(),
    fileSize: integer('file_size').notNull(),
    storagePath: text('storage_path').notNull(), // relative to DATA_DIR/files, inside the document's folder
    sha256: text('sha256').notNull(),
    uploadedBy: text('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.documentId, t.number] })],
);
