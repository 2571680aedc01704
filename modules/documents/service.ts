// Document reads and admin writes other than upload. SQLite changes first (source of truth), then
// the index; a failed index step is repaired by re-queueing or by start-up reconciliation.
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../src/context';
import { AppError, conflict, notFound, badRequest } from '../../src/http/errors';
import { resolveCategory } from '../categories/service';
import './category-usage'; // categories count documents through it
import { followActiveFlag, removeIndexed } from './index-writes';
import type { documents } from './schema';
import { firstRow, inTransaction } from '../../src/db/client';
import { splitPages } from './pages';
import { absoluteStoragePath, removeDocumentFiles } from './storage';
import { cancelIndexing, queueIndexing } from './indexer';
import { CATEGORY_REQUIRED, cleanText, CONTACT_REQUIRED, NAME_REQUIRED, NO_TEXT, VERSION_REQUIRED } from './pipeline';
import { loadDocumentWithPages } from './read';

export type DocumentRow = typeof documents.$inferSelect;

/** Spec text (console.md §8). */
export const documentNotFound = (id: string) => notFound(`Document with ID ${id} not found`);

export async function getDocumentRow(ctx: AppContext, id: string): Promise<DocumentRow> {
  const { documents } = ctx.tables;
  const row = await firstRow(ctx.db.select().from(documents).where(eq(documents.id, id)));
  if (!row) throw documentNotFound(id);
  return row;
}

export async function getDocumentDetail(ctx: AppContext, id: string) {
  const found = await loadDocumentWithPages(ctx, id);
  if (!found) throw documentNotFound(id);
  const { doc, category, pages } = found;
  return {
    fileId: doc.id,
    fileName: doc.fileName,
    rawFileName: doc.rawFileName,
    fileType: doc.fileType,
    fileSize: doc.fileSize,
    description: doc.description,
    category,
    categoryId: doc.categoryId,
    version: doc.version,
    isActive: doc.isActive,
    fallbackContact: doc.fallbackContact,
    status: doc.status,
    statusError: doc.statusError,
    usedOcr: doc.usedOcr,
    extractionMethod: doc.extractionMethod,
    uploadedAt: doc.createdAt.toISOString(),
    updatedAt: doc.updatedAt.toISOString(),
    downloadUrl: `/api/files/${encodeURIComponent(doc.id)}/download`,
    page: pages.map((p) => ({ pageNumber: p.page, pageContent: p.content })),
  };
}

export interface UpdateFields {
  fileName?: string;
  description?: string;
  categoryId?: string;
  version: string;
  isActive?: boolean;
  fallbackContact?: string;
  contents?: string;
}

export const SAME_VERSION = 'กรุณาระบุเวอร์ชันใหม่ที่ไม่ซ้ำกับเวอร์ชันเดิม';

/** Edits metadata and/or the reviewed text; always re-chunks and re-indexes (console.md §4). */
export async function updateDocument(ctx: AppContext, id: string, f: UpdateFields): Promise<{ fileId: string; status: 'indexing' }> {
  const { documentPages, documents } = ctx.tables;
  const row = await getDocumentRow(ctx, id);
  const version = cleanText(f.version, 50);
  if (!version) throw badRequest(VERSION_REQUIRED);
  // Fields left out keep their stored values; fields sent must meet the edit form's rules (console.md §5).
  const fileName = f.fileName === undefined ? undefined : cleanText(f.fileName, 300).replace(/\s+/g, ' ');
  if (fileName === '') throw badRequest(NAME_REQUIRED);
  const category = f.categoryId === undefined ? undefined : await resolveCategory(ctx, f.categoryId);
  if (category === null) throw badRequest(CATEGORY_REQUIRED);
  const fallbackContact = f.fallbackContact === undefined ? undefined : cleanText(f.fallbackContact, 1000);
  if (fallbackContact === '') throw badRequest(CONTACT_REQUIRED);
  if (version === row.version) throw conflict(SAME_VERSION);
  const pages = f.contents === undefined || !f.contents.trim() ? null : splitPages(f.contents);
  if (pages && pages.length === 0) throw badRequest(NO_TEXT);
  // Stop an in-flight job first so it cannot finish with the old text after we commit the new one.
  await cancelIndexing(ctx, id);
  await inTransaction(ctx, async (tx) => {
    await tx
      .update(documents)
      .set({
        version,
        ...(fileName !== undefined ? { fileName } : {}),
        ...(f.description !== undefined ? { description: cleanText(f.description, 5000) } : {}),
        ...(category ? { categoryId: category.id } : {}),
        ...(f.isActive !== undefined ? { isActive: f.isActive } : {}),
        ...(fallbackContact !== undefined ? { fallbackContact } : {}),
        updatedAt: new Date(),
      })
      .where(eq(documents.id, id));
    if (pages) {
      await tx.delete(documentPages).where(eq(documentPages.documentId, id));
      for (const p of pages) await tx.insert(documentPages).values({ documentId: id, page: p.page, content: p.content });
    }
  });
  // Until the new chunks land, the old ones must follow the new active flag.
  if (f.isActive !== undefined && f.isActive !== row.isActive) await followActiveFlag(ctx, id, f.isActive).catch(() => undefined);
  await queueIndexing(ctx, id);
  return { fileId: id, status: 'indexing' };
}

/** Takes effect in search at once: the index copy of the flag is updated before answering. */
export async function setDocumentActive(ctx: AppContext, id: string, isActive: boolean) {
  const { documents } = ctx.tables;
  const row = await getDocumentRow(ctx, id);
  await ctx.db.update(documents).set({ isActive, updatedAt: new Date() }).where(eq(documents.id, id));
  try {
    await followActiveFlag(ctx, id, isActive);
  } catch (e) {
    await ctx.db.update(documents).set({ isActive: row.isActive }).where(eq(documents.id, id));
    ctx.log.error('index status update failed', { documentId: id, error: e as Error });
    throw new AppError('unavailable', 'ไม่สามารถเปลี่ยนสถานะเอกสารได้ในขณะนี้ กรุณาลองใหม่อีกครั้ง');
  }
  return { fileId: id, isActive };
}

export async function deleteDocument(ctx: AppContext, id: string): Promise<{ steps: string[] }> {
  const { documents } = ctx.tables;
  await getDocumentRow(ctx, id);
  await cancelIndexing(ctx, id);
  await ctx.db.delete(documents).where(eq(documents.id, id));
  const steps = ['database'];
  try {
    await removeIndexed(ctx, id);
    steps.push('index');
  } catch (e) {
    // The row is gone, so search already ignores these chunks; reconciliation deletes them later.
    ctx.log.error('index delete failed', { documentId: id, error: e as Error });
  }
  await removeDocumentFiles(ctx, id);
  steps.push('file');
  return { steps };
}

export async function downloadTarget(ctx: AppContext, id: string, isAdmin: boolean) {
  const { documents } = ctx.tables;
  const row = await firstRow(ctx.db.select().from(documents).where(eq(documents.id, id)));
  // Inactive documents are invisible to everyone but admins (same answer as a missing one).
  if (!row || (!row.isActive && !isAdmin)) throw documentNotFound(id);
  const ext = `.${row.fileType}`;
  const name = row.fileName.toLowerCase().endsWith(ext) ? row.fileName : row.fileName + ext;
  return { path: absoluteStoragePath(ctx, row.storagePath), name, mimeType: row.mimeType, size: row.fileSize };
}
