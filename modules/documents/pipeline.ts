// The front half of an upload (HTTP or CLI): a temp file → validated type → pages (reviewed text,
// or extracted here when none was sent) → one transaction for row + pages → file moved into place.
// Every failure removes the temp file and any row it wrote, so nothing is left half-stored.
import { eq } from 'drizzle-orm';
import { rm } from 'node:fs/promises';
import type { AppContext } from '../../src/context';
import { badRequest } from '../../src/http/errors';
import { resolveCategory } from '../categories/service';
import { inTransaction } from '../../src/db/client';
import { MIME, moveIntoPlace, removeDocumentFiles, newStoragePath, sanitiseFileName } from './storage';
import { uploadPages } from './upload-pages';
import { checkUploadType } from './file-type';
import type { ProgressEvent } from './jobs';
import { queueIndexing } from './indexer';
import { testPause } from './test-hooks';
import { keepOcrWords, takeHeldOcrWords } from './viewer/store';
import { USER_TEXT_INVALID, userTextProblem } from '../../contracts/user-text';

export interface IncomingFile {
  tmpPath: string;
  size: number;
  sha256: string;
  head: Uint8Array;
  clientName: string;
}
export interface DocumentFields {
  fileName: string;
  description: string;
  category: string | null;
  isActive: boolean;
  fallbackContact: string;
  contents: string;
}
export interface CreateOptions {
  uploadedBy?: string | null;
  /** CLIs may ingest plain text; the HTTP upload accepts PDF and DOCX only (console.md §5). */
  allowTxt?: boolean;
  /**
   * Maintainer CLIs ingest files that have no display name, category or contact yet (completed in the
   * console later). Everything else, the HTTP upload included, gets the add form's rules (console.md §5).
   */
  allowIncompleteFields?: boolean;
  onProgress?: (e: ProgressEvent) => void;
  signal?: AbortSignal;
  /**
   * The caller indexes the document itself (scripts/ingest.ts batches many: indexBatch in batch-indexer.ts).
   * The row is stored as 'indexing' all the same, so if the caller dies first, start-up reconciliation queues it.
   */
  deferIndexing?: boolean;
}

export const EMPTY_FILE = 'ไฟล์ว่างเปล่า กรุณาเลือกไฟล์ที่มีเนื้อหา';
export const NO_TEXT = 'ไม่พบข้อความในเอกสาร กรุณาตรวจสอบหรือแก้ไขข้อความก่อนบันทึก';
// console.md §5: the add and edit forms need a name, a category and a contact (and, on edit, a version).
export const NAME_REQUIRED = 'กรุณาระบุชื่อเอกสาร';
export const CATEGORY_REQUIRED = 'กรุณาเลือกหมวดหมู่';
export const CONTACT_REQUIRED = 'กรุณาระบุข้อมูลติดต่อ';
export const VERSION_REQUIRED = 'กรุณาระบุเวอร์ชัน';

/** A form field as stored: refused when it holds control or bidi characters, '' when only invisible ones. */
export function cleanText(s: string, max: number): string {
  const text = s.normalize('NFC');
  const problem = userTextProblem(text);
  if (problem === 'invalid') throw badRequest(USER_TEXT_INVALID);
  return problem === 'blank' ? '' : text.trim().slice(0, max);
}

export async function createDocument(ctx: AppContext, file: IncomingFile, fields: DocumentFields, opts: CreateOptions = {}): Promise<{ id: string }> {
  let rowWritten: string | null = null;
  try {
    // The form's rules first: they cost nothing, and the file need not be read for a form that cannot be saved.
    const strict = !opts.allowIncompleteFields;
    const givenName = cleanText(fields.fileName, 300).replace(/\s+/g, ' ');
    if (strict && !givenName) throw badRequest(NAME_REQUIRED);
    const category = await resolveCategory(ctx, fields.category);
    if (strict && !category) throw badRequest(CATEGORY_REQUIRED);
    const fallbackContact = cleanText(fields.fallbackContact, 1000);
    if (strict && !fallbackContact) throw badRequest(CONTACT_REQUIRED);
    if (file.size === 0) throw badRequest(EMPTY_FILE);
    const type = await checkUploadType(file.tmpPath, file.head, file.clientName, opts.allowTxt ?? false);
    const rawFileName = sanitiseFileName(file.clientName, type);
    const fileName = givenName || rawFileName;
    const {
      pages,
      method: extractionMethod,
      usedOcr,
      ocrWords,
    } = await uploadPages(file.tmpPath, type, fields.contents, { onProgress: opts.onProgress, signal: opts.signal, limits: ctx.config.parseLimits.upload });
    if (pages.length === 0) throw badRequest(NO_TEXT);
    const id = crypto.randomUUID();
    const storagePath = newStoragePath(id, type);
    const now = new Date();
    await inTransaction(ctx, async (tx) => {
      await tx.insert(ctx.tables.documents).values({
        id,
        fileName,
        rawFileName,
        fileType: type,
        mimeType: MIME[type],
        fileSize: file.size,
        storagePath,
        sha256: file.sha256,
        description: cleanText(fields.description, 5000),
        categoryId: category?.id ?? null,
        isActive: fields.isActive,
        fallbackContact,
        status: 'indexing',
        extractionMethod,
        usedOcr,
        uploadedBy: opts.uploadedBy ?? null,
        createdAt: now,
        updatedAt: now,
      });
      for (const p of pages) await tx.insert(ctx.tables.documentPages).values({ documentId: id, page: p.page, content: p.content });
    });
    rowWritten = id;
    await testPause(ctx, 'after-row', id);
    await moveIntoPlace(ctx, file.tmpPath, storagePath);
    // the viewer marks quotes on scanned pages with these boxes, so it never reads a page by OCR again
    await keepOcrWords(ctx, { id, sha256: file.sha256 }, ocrWords ?? (await takeHeldOcrWords(ctx, file.sha256)));
    rowWritten = null;
    if (!opts.deferIndexing) await queueIndexing(ctx, id);
    return { id };
  } catch (e) {
    if (rowWritten) {
      await ctx.db.delete(ctx.tables.documents).where(eq(ctx.tables.documents.id, rowWritten));
      await removeDocumentFiles(ctx, rowWritten);
    }
    throw e;
  } finally {
    await rm(file.tmpPath, { force: true });
  }
}
