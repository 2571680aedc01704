// A new version of a document (issue 17 item 6): the same document id, a new file and text. Old and new
// copies side by side made answers worse, so the old text must never be answered from again.
//
// Crash safety, step by step (start-up reconciliation repairs whatever an interruption leaves):
// 1. the new file goes into the document's folder under a new name: if we stop here it is a stray file,
//    which reconciliation removes;
// 2. the old chunks leave the index: stopping here leaves a ready row with no chunks, which
//    reconciliation re-indexes from its (old) pages, so the old version stays whole;
// 3. one SQLite transaction: version rows, the row's file fields, the pages, status 'indexing';
// 4. the indexing job indexes the new pages; stopping before it ends leaves 'indexing', re-queued at start.
// Earlier files stay in the folder for admins (the version rows name them; reconciliation keeps them).
import { and, desc, eq, lt } from 'drizzle-orm';
import { rm } from 'node:fs/promises';
import type { AppContext } from '../../src/context';
import { AppError, badRequest, notFound } from '../../src/http/errors';
import { resolveCategory } from '../categories/service';
import { removeIndexed } from './index-writes';
import { checkUploadType } from './file-type';
import { keepOcrWords, takeHeldOcrWords } from './viewer/store';
import { cancelIndexing, queueIndexing } from './indexer';
import { uploadPages } from './upload-pages';
import { cleanText, EMPTY_FILE, NO_TEXT, type DocumentFields, type IncomingFile } from './pipeline';
import type { documentVersions } from './schema';
import { firstRow, inTransaction, type Db } from '../../src/db/client';
import { absoluteStoragePath, MIME, moveIntoPlace, newStoragePath, sanitiseFileName } from './storage';
import { documentNotFound, getDocumentRow, type DocumentRow } from './service';

type VersionRow = typeof documentVersions.$inferSelect;

export const VERSION_NOT_FOUND = 'ไม่พบเวอร์ชันที่เลือกของเอกสารนี้';
export const REPLACE_UNAVAILABLE = 'ไม่สามารถแทนที่เอกสารได้ในขณะนี้ กรุณาลองใหม่อีกครั้ง';

/** Version 1 as the row describes it (a document never replaced has no version rows). */
function firstVersionOf(row: DocumentRow): VersionRow {
  return {
    documentId: row.id,
    number: 1,
    rawFileName: row.rawFileName,
    fileType: row.fileType,
    mimeType: row.mimeType,
    fileSize: row.fileSize,
    storagePath: row.storagePath,
    sha256: row.sha256,
    uploadedBy: row.uploadedBy,
    createdAt: row.createdAt,
  };
}

async function latestVersion(ctx: AppContext, id: string, db: Db = ctx.db): Promise<number> {
  const { documentVersions } = ctx.tables;
  const last = await firstRow(
    db
      .select({ number: documentVersions.number })
      .from(documentVersions)
      .where(eq(documentVersions.documentId, id))
      .orderBy(desc(documentVersions.number))
      .limit(1),
  );
  return last?.number ?? 1;
}

/**
 * The admin's version label after a new file: a numbered label ("1.0.0", "2.1") moves to its next major number, so the
 * console does not show version 2 of the history beside a label of 1.0.0; any other label is the admin's and stays.
 */
export function nextVersionLabel(label: string): string {
  const m = /^(\d+)((?:\.\d+)*)$/.exec(label.trim());
  return m ? `${Number(m[1]) + 1}${m[2]!.replace(/\d+/g, '0')}` : label;
}

/** Makes `file` the next version of document `id`; indexing continues in the background like an upload. */
export async function replaceDocument(
  ctx: AppContext,
  id: string,
  file: IncomingFile,
  fields: DocumentFields,
  opts: { uploadedBy: string | null; signal?: AbortSignal },
): Promise<{ fileId: string; version: number; status: 'indexing' }> {
  const { documentPages, documents, documentVersions } = ctx.tables;
  const row = await getDocumentRow(ctx, id);
  // Fields left blank keep the document's: a new version is the same document with a new text.
  const fileName = cleanText(fields.fileName, 300).replace(/\s+/g, ' ') || row.fileName;
  const categoryId = fields.category?.trim() ? (await resolveCategory(ctx, fields.category))!.id : row.categoryId;
  const fallbackContact = cleanText(fields.fallbackContact, 1000) || row.fallbackContact;
  const description = cleanText(fields.description, 5000) || row.description;
  if (file.size === 0) throw badRequest(EMPTY_FILE);
  const type = await checkUploadType(file.tmpPath, file.head, file.clientName, false);
  const {
    pages,
    method: extractionMethod,
    usedOcr,
    ocrWords,
  } = await uploadPages(file.tmpPath, type, fields.contents, {
    signal: opts.signal,
    limits: ctx.config.parseLimits.upload,
  });
  if (pages.length === 0) throw badRequest(NO_TEXT);

  const storagePath = newStoragePath(id, type);
  await moveIntoPlace(ctx, file.tmpPath, storagePath);
  const dropNewFile = () => rm(absoluteStoragePath(ctx, storagePath), { force: true });
  await keepOcrWords(ctx, { id, sha256: file.sha256 }, ocrWords ?? (await takeHeldOcrWords(ctx, file.sha256)));
  // An older job must not finish with the old text after the switch.
  await cancelIndexing(ctx, id);
  try {
    await removeIndexed(ctx, id);
  } catch (e) {
    await dropNewFile();
    if (row.status === 'indexing') await queueIndexing(ctx, id);
    ctx.log.error('replace: index delete failed', { documentId: id, error: e as Error });
    throw new AppError('unavailable', REPLACE_UNAVAILABLE);
  }
  let number: number;
  try {
    number = await inTransaction(ctx, async (tx) => {
      const next = (await latestVersion(ctx, id, tx)) + 1;
      if (next === 2) await tx.insert(documentVersions).values(firstVersionOf(row));
      const now = new Date();
      // the stored file, as the version keeps it and as the document now points to it
      const stored = {
        rawFileName: sanitiseFileName(file.clientName, type),
        fileType: type,
        mimeType: MIME[type],
        fileSize: file.size,
        storagePath,
        sha256: file.sha256,
      };
      await tx.insert(documentVersions).values({ documentId: id, number: next, ...stored, uploadedBy: opts.uploadedBy, createdAt: now });
      await tx
        .update(documents)
        .set({
          fileName,
          description,
          categoryId,
          fallbackContact,
          version: nextVersionLabel(row.version),
          ...stored,
          extractionMethod,
          usedOcr,
          status: 'indexing',
          statusError: null,
          chunkCount: 0,
          updatedAt: now,
        })
        .where(eq(documents.id, id));
      await tx.delete(documentPages).where(eq(documentPages.documentId, id));
      for (const p of pages) await tx.insert(documentPages).values({ documentId: id, page: p.page, content: p.content });
      return next;
    });
  } catch (e) {
    // Nothing of the new version was kept: the old one is indexed again from its pages.
    await dropNewFile();
    if (await firstRow(ctx.db.select({ id: documents.id }).from(documents).where(eq(documents.id, id)))) await queueIndexing(ctx, id);
    throw e;
  }
  await queueIndexing(ctx, id);
  return { fileId: id, version: number, status: 'indexing' };
}

export interface VersionItem {
  number: number;
  fileName: string;
  fileType: 'pdf' | 'docx' | 'txt';
  fileSize: number;
  uploadedAt: string;
  uploadedBy: string | null;
  current: boolean;
  downloadUrl: string;
}

const VERSION_PAGE = 20;

/** Versions newest first, a page at a time: the cursor is the last number shown. */
export async function listVersions(ctx: AppContext, id: string, opts: { limit?: number; cursor?: string } = {}) {
  const { documentVersions } = ctx.tables;
  const row = await getDocumentRow(ctx, id);
  const limit = opts.limit ?? VERSION_PAGE;
  const before = opts.cursor === undefined ? null : Number(opts.cursor);
  if (before !== null && !(Number.isInteger(before) && before > 0)) throw badRequest('cursor ไม่ถูกต้อง กรุณาโหลดรายการใหม่');
  const latest = await latestVersion(ctx, id);
  // Never replaced: its one version is the row itself.
  const versions =
    latest === 1
      ? before === null
        ? [firstVersionOf(row)]
        : []
      : await ctx.db
          .select()
          .from(documentVersions)
          .where(and(eq(documentVersions.documentId, id), before === null ? undefined : lt(documentVersions.number, before)))
          .orderBy(desc(documentVersions.number))
          .limit(limit + 1);
  const page = versions.slice(0, limit);
  const hasNext = versions.length > limit;
  const names = new Map<string, string | null>();
  for (const v of page) if (v.uploadedBy && !names.has(v.uploadedBy)) names.set(v.uploadedBy, await uploaderName(ctx, v.uploadedBy));
  const data: VersionItem[] = page.map((v) => ({
    number: v.number,
    fileName: v.rawFileName,
    fileType: v.fileType,
    fileSize: v.fileSize,
    uploadedAt: v.createdAt.toISOString(),
    uploadedBy: v.uploadedBy ? (names.get(v.uploadedBy) ?? null) : null,
    current: v.number === latest,
    downloadUrl: `/api/files/${encodeURIComponent(id)}/download?version=${v.number}`,
  }));
  return { data, hasNext, nextCursor: hasNext ? String(page[page.length - 1]!.number) : null };
}

/** The uploader's name as the user list has it (nothing more is kept about who uploaded); null when unknown. */
async function uploaderName(ctx: AppContext, userId: string): Promise<string | null> {
  const { users } = ctx.tables;
  const u = await firstRow(ctx.db.select({ firstname: users.firstname, lastname: users.lastname }).from(users).where(eq(users.id, userId)));
  return u ? `${u.firstname} ${u.lastname}`.trim() || null : null;
}

/** The stored file of one version, for an admin's download. */
export async function versionFile(ctx: AppContext, id: string, number: number) {
  const { documents, documentVersions } = ctx.tables;
  const row = await firstRow(ctx.db.select().from(documents).where(eq(documents.id, id)));
  if (!row) throw documentNotFound(id);
  const v =
    (await firstRow(
      ctx.db
        .select()
        .from(documentVersions)
        .where(and(eq(documentVersions.documentId, id), eq(documentVersions.number, number))),
    )) ?? (number === 1 && (await latestVersion(ctx, id)) === 1 ? firstVersionOf(row) : undefined);
  if (!v) throw notFound(VERSION_NOT_FOUND);
  const ext = `.${v.fileType}`;
  const name = v.rawFileName.toLowerCase().endsWith(ext) ? v.rawFileName : v.rawFileName + ext;
  return { path: absoluteStoragePath(ctx, v.storagePath), name, mimeType: v.mimeType, size: v.fileSize };
}

/** Every stored file a version row names (reconciliation keeps them beside the current one). */
export async function versionStoragePaths(ctx: AppContext): Promise<Set<string>> {
  const { documentVersions } = ctx.tables;
  return new Set((await ctx.db.select({ p: documentVersions.storagePath }).from(documentVersions)).map((r) => r.p));
}

/** Each document's earlier versions' file hashes (their viewer files are kept beside them). */
export async function versionHashes(ctx: AppContext): Promise<Map<string, string[]>> {
  const { documentVersions } = ctx.tables;
  const rows = await ctx.db.select({ id: documentVersions.documentId, sha256: documentVersions.sha256 }).from(documentVersions);
  const byDocument = new Map<string, string[]>();
  for (const r of rows) byDocument.set(r.id, [...(byDocument.get(r.id) ?? []), r.sha256]);
  return byDocument;
}
