// Plain-text files stored many at a time (scripts/ingest.ts, issue 33): each is read once and decoded in this
// process (extractPlainText: a size cap and a strict UTF-8 decode, nothing else to parse, so no parse worker
// and no staging copy), its bytes written straight to its storage path, then every row and page of the batch
// inserted in one transaction. Same checks and stored fields as createDocument with { allowTxt,
// allowIncompleteFields, deferIndexing }: the rows are 'indexing' until indexBatch marks them ready.
// Nothing is half-written: when the batch's insert fails, no row of it is kept and its files are removed
// (a crash before the insert leaves only files without rows, which start-up reconciliation removes).
import { inArray } from 'drizzle-orm';
import { readFileSync, statSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { AppContext } from '../../src/context';
import { inTransaction } from '../../src/db/client';
import { AppError, badRequest } from '../../src/http/errors';
import { resolveCategory } from '../categories/service';
import { ExtractionError, extractPlainText, MAX_FILE_BYTES } from '../extraction';
import { checkUploadType } from './file-type';
import { extractionAppError } from './extraction';
import type { PageText } from './pages';
import { cleanText, EMPTY_FILE, NO_TEXT } from './pipeline';
import { absoluteStoragePath, MIME, newStoragePath, removeDocumentFiles, sanitiseFileName } from './storage';

export interface TextFileInput {
  path: string;
  /** the name as given (its extension is checked), like an upload's file name */
  clientName: string;
  /** the display name; the sanitised file name when blank */
  fileName: string;
}
export interface TextBatchFields {
  category: string | null;
  isActive: boolean;
}
export type TextFileOutcome =
  | { status: 'stored'; id: string; pages: PageText[] }
  /** a document with the same bytes is in the library already; `ready: false` when it still needs indexing */
  | { status: 'exists'; id: string; ready: boolean; method: string | null; pages: number; characters: number }
  | { status: 'refused'; message: string; error: unknown };

/** Rows per INSERT statement: well under SQLite's 32766 bound variables for the widest table. */
const ROWS_PER_INSERT = 500;
/** Test hook: throws inside the batch's transaction, after its inserts, to prove a failed batch leaves nothing. */
export const bulkTextTestHooks = { beforeCommit: null as null | (() => void) };

interface Read {
  input: TextFileInput;
  bytes: Uint8Array;
  sha256: string;
  pages: PageText[];
  rawFileName: string;
  fileName: string;
}

async function readOne(input: TextFileInput, limits: AppContext['config']['parseLimits']['upload']): Promise<Read> {
  // A synchronous read: for a small file the thread-pool hand-off of an async read costs more than the read
  // (strace: futex waits were most of the run). Writes stay async: on a loaded machine 1000 mkdirSync +
  // writeFileSync took 5.8-10.6 s of wall against 1.5-1.7 s async (/tmp/fsb microbench, load 15).
  if (statSync(input.path).size > MAX_FILE_BYTES) throw extractionAppError(new ExtractionError('too_large', `file is larger than ${MAX_FILE_BYTES} bytes`));
  const bytes = new Uint8Array(readFileSync(input.path));
  if (bytes.length === 0) throw badRequest(EMPTY_FILE);
  // The extension and a UTF-8 head, exactly as an upload's type check (a .txt name with other bytes is refused).
  await checkUploadType(input.path, bytes.subarray(0, 8192), input.clientName, true);
  let pages: PageText[];
  try {
    pages = extractPlainText(bytes, limits)
      .pages.filter((p) => p.text.trim())
      .map((p) => ({ page: p.page, content: p.text.trim() }));
  } catch (e) {
    if (e instanceof ExtractionError) throw extractionAppError(e);
    throw e;
  }
  if (pages.length === 0) throw badRequest(NO_TEXT);
  const rawFileName = sanitiseFileName(input.clientName, 'txt');
  const fileName = cleanText(input.fileName, 300).replace(/\s+/g, ' ') || rawFileName;
  return { input, bytes, sha256: new Bun.CryptoHasher('sha256').update(bytes).digest('hex'), pages, rawFileName, fileName };
}

const refusal = (e: unknown): TextFileOutcome => ({ status: 'refused', message: e instanceof Error ? e.message : String(e), error: e });

/**
 * Stores the given .txt files as documents awaiting indexing; one outcome per input, in order. A file that
 * cannot be read is refused alone; a failure of the batch's insert refuses the whole batch and keeps nothing.
 */
export async function storeTextFiles(
  ctx: AppContext,
  inputs: TextFileInput[],
  fields: TextBatchFields,
  uploadedBy: string | null = null,
): Promise<TextFileOutcome[]> {
  const { documents, documentPages } = ctx.tables;
  const category = await resolveCategory(ctx, fields.category);
  const outcomes: TextFileOutcome[] = new Array(inputs.length);
  const reads: Array<{ at: number; read: Read }> = [];
  for (let i = 0; i < inputs.length; i++) {
    try {
      reads.push({ at: i, read: await readOne(inputs[i]!, ctx.config.parseLimits.upload) });
    } catch (e) {
      outcomes[i] = refusal(e);
    }
  }
  // Already in the library (same bytes): one query for the batch. A ready row wins over one left to index.
  const shas = [...new Set(reads.map((r) => r.read.sha256))];
  const existing = new Map<string, { id: string; status: string; extractionMethod: string | null }>();
  for (let at = 0; at < shas.length; at += ROWS_PER_INSERT) {
    const found = await ctx.db
      .select({ id: documents.id, sha256: documents.sha256, status: documents.status, extractionMethod: documents.extractionMethod })
      .from(documents)
      .where(inArray(documents.sha256, shas.slice(at, at + ROWS_PER_INSERT)));
    for (const f of found) if (!existing.has(f.sha256) || f.status === 'ready') existing.set(f.sha256, f);
  }
  const fresh: Array<{ at: number; read: Read; id: string; storagePath: string }> = [];
  const seen = new Map<string, string>();
  for (const { at, read } of reads) {
    const old = existing.get(read.sha256);
    if (old) {
      const characters = read.pages.reduce((n, p) => n + p.content.length, 0);
      outcomes[at] = { status: 'exists', id: old.id, ready: old.status === 'ready', method: old.extractionMethod, pages: read.pages.length, characters };
    } else if (seen.has(read.sha256)) outcomes[at] = refusal(new AppError('conflict', `a copy of a file in this batch (id ${seen.get(read.sha256)})`));
    else {
      const id = crypto.randomUUID();
      seen.set(read.sha256, id);
      fresh.push({ at, read, id, storagePath: newStoragePath(id, 'txt') });
    }
  }
  // The files first: a file that cannot be written refuses its document alone.
  const written: typeof fresh = [];
  for (const f of fresh) {
    const dest = absoluteStoragePath(ctx, f.storagePath);
    try {
      await mkdir(dirname(dest), { recursive: true });
      await writeFile(dest, f.read.bytes, { mode: 0o600, flag: 'wx' });
      written.push(f);
    } catch (e) {
      await removeDocumentFiles(ctx, f.id).catch(() => undefined);
      outcomes[f.at] = refusal(e);
    }
  }
  if (written.length === 0) return outcomes;
  const now = new Date();
  const rows = written.map((f) => ({
    id: f.id,
    fileName: f.read.fileName,
    rawFileName: f.read.rawFileName,
    fileType: 'txt' as const,
    mimeType: MIME.txt,
    fileSize: f.read.bytes.length,
    storagePath: f.storagePath,
    sha256: f.read.sha256,
    description: '',
    categoryId: category?.id ?? null,
    isActive: fields.isActive,
    fallbackContact: '',
    status: 'indexing' as const,
    extractionMethod: 'txt',
    usedOcr: false,
    uploadedBy,
    createdAt: now,
    updatedAt: now,
  }));
  const pages = written.flatMap((f) => f.read.pages.map((p) => ({ documentId: f.id, page: p.page, content: p.content })));
  try {
    await inTransaction(ctx, async (tx) => {
      for (let at = 0; at < rows.length; at += ROWS_PER_INSERT) await tx.insert(documents).values(rows.slice(at, at + ROWS_PER_INSERT));
      for (let at = 0; at < pages.length; at += ROWS_PER_INSERT) await tx.insert(documentPages).values(pages.slice(at, at + ROWS_PER_INSERT));
      bulkTextTestHooks.beforeCommit?.();
    });
  } catch (e) {
    for (const f of written) {
      await removeDocumentFiles(ctx, f.id).catch(() => undefined);
      outcomes[f.at] = refusal(e);
    }
    return outcomes;
  }
  for (const f of written) outcomes[f.at] = { status: 'stored', id: f.id, pages: f.read.pages };
  return outcomes;
}
