// Test support: puts the shared regulation fixture (or any text) into the library and the index,
// the way an upload would leave it (a documents row plus indexed chunks), on either database.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../src/context';
import { indexDocumentFromPages } from '../knowledge/service';
import { inTransaction } from '../../src/db/client';

export const REGULATION_FIXTURE = join(import.meta.dir, '../../../shared/fixtures/docs/regulation.txt');
export const REGULATION_TITLE = 'ข้อบังคับมหาวิทยาลัยราชภัฏสวนสัก ว่าด้วยการจัดกิจกรรมขององค์กรนักศึกษา พ.ศ. ๒๕๖๗';

/**
 * Commits the row as ready before its chunks reach the index (the order a writer that commits SQLite
 * first would leave after a crash or mid-backup); `hooks.afterRow` runs in that gap, so tests can force it.
 */
export async function addDocument(
  ctx: AppContext,
  // `pages`: the text's pages, when it has more than one (`text` is then their text, for the stored original)
  doc: { title: string; text: string; pages?: string[]; fallbackContact?: string; isActive?: boolean; id?: string },
  hooks: { afterRow?: (id: string) => Promise<void> | void } = {},
): Promise<string> {
  const id = doc.id ?? crypto.randomUUID();
  const pages = (doc.pages ?? [doc.text]).map((text, i) => ({ page: i + 1, text }));
  const now = new Date();
  // The stored original too: start-up reconciliation treats a row without its file as broken.
  mkdirSync(join(ctx.paths.filesDir, id), { recursive: true });
  writeFileSync(join(ctx.paths.filesDir, id, 'original.txt'), doc.text);
  const { documents, documentPages } = ctx.tables;
  // The row and its reviewed page in one transaction, as an upload writes them: committed apart, a backup taken
  // between the two saw a ready document with no page, which its restore could not re-index (backup.test.ts).
  await inTransaction(ctx, async (tx) => {
    await tx.insert(documents).values({
      id,
      fileName: doc.title,
      rawFileName: `${id}.txt`,
      fileType: 'txt',
      mimeType: 'text/plain',
      fileSize: doc.text.length,
      storagePath: `${id}/original.txt`,
      sha256: id,
      fallbackContact: doc.fallbackContact ?? '',
      isActive: doc.isActive ?? true,
      status: 'ready',
      createdAt: now,
      updatedAt: now,
    });
    // Its reviewed page too, so a re-index (start-up repair, a restored backup) rebuilds the same chunks.
    await tx.insert(documentPages).values(pages.map((p) => ({ documentId: id, page: p.page, content: p.text })));
  });
  await hooks.afterRow?.(id);
  const { chunks } = await indexDocumentFromPages(ctx, {
    documentId: id,
    title: doc.title,
    category: null,
    isActive: doc.isActive ?? true,
    fileType: 'txt',
    pages,
  });
  await ctx.db.update(documents).set({ chunkCount: chunks }).where(eq(documents.id, id));
  return id;
}

export function addRegulation(ctx: AppContext, fallbackContact = 'กองพัฒนานักศึกษา โทร ๐ ๒๑๖๐ ๑๐๐๐'): Promise<string> {
  return addDocument(ctx, { title: REGULATION_TITLE, text: readFileSync(REGULATION_FIXTURE, 'utf8'), fallbackContact });
}
