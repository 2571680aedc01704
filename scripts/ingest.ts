// Adds documents from disk through the upload pipeline (type checks, extraction with automatic OCR,
// row + pages, stored file, chunking and indexing). Documents are stored one by one and indexed in
// batches (one index write per batch instead of one per document: bulk loads of many small files).
//   bun scripts/ingest.ts [--category NAME] [--batch N] FILE…      (--batch 1: index each file on its own)
import { basename, extname } from 'node:path';
import { loadConfig } from '../src/config';
import { createContext } from '../src/context';
import { AppError } from '../src/http/errors';
import { createCategory, findCategoryByName } from '../modules/categories/service';
import { createDocument } from '../modules/documents/pipeline';
import { stageLocalFile } from '../modules/documents/local-file';
import { indexBatch } from '../modules/documents/batch-indexer';
import { documents } from '../modules/documents/schema';
import type { ProgressEvent } from '../modules/documents/jobs';
import { shutdownOcr } from '../modules/extraction';
import { eq } from 'drizzle-orm';

const args = process.argv.slice(2);
let category: string | null = null;
let batchSize = 256;
const files: string[] = [];
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--category') category = args[++i] ?? null;
  else if (args[i] === '--batch') batchSize = Math.max(1, Math.floor(Number(args[++i])) || 1);
  else if (args[i] === '--help' || args[i] === '-h') files.length = 0;
  else files.push(args[i]);
}
if (files.length === 0) {
  console.error('usage: bun scripts/ingest.ts [--category NAME] [--batch N] FILE…   (PDF, DOCX or TXT)');
  process.exit(2);
}

const ctx = createContext(loadConfig(process.env));
if (category && !findCategoryByName(ctx, category)) createCategory(ctx, category);

const line = (s: string) => process.stdout.write(`\r\x1b[2K${s}`);
const show = (name: string) => (e: ProgressEvent) => line(`${name}: ${e.stage}${e.total ? ` ${e.done}/${e.total}` : ''}`);
const summary: Array<{ file: string; result: string }> = [];
let failed = 0;

/** Stores one file (extraction included); its indexing is left to the batch. */
async function store(path: string): Promise<{ id: string; secs: number } | null> {
  const name = basename(path);
  const started = performance.now();
  try {
    const file = await stageLocalFile(ctx, path);
    const { id } = await createDocument(
      ctx,
      file,
      { fileName: basename(path, extname(path)), description: '', category, isActive: true, fallbackContact: '', contents: '' },
      // Name, category and contact can be completed in the console later.
      { allowTxt: true, allowIncompleteFields: true, onProgress: show(name), deferIndexing: true },
    );
    return { id, secs: (performance.now() - started) / 1000 };
  } catch (e) {
    failed++;
    summary.push({ file: name, result: `refused: ${e instanceof AppError ? e.message : (e as Error).message}` });
    return null;
  }
}

for (let at = 0; at < files.length; at += batchSize) {
  const stored: Array<{ path: string; id: string; secs: number }> = [];
  for (const path of files.slice(at, at + batchSize)) {
    const s = await store(path);
    if (s) stored.push({ path, ...s });
  }
  line(`indexing ${stored.length} documents (${at + stored.length} of ${files.length})`);
  const started = performance.now();
  let error: string | null = null;
  await indexBatch(ctx, stored.map((s) => s.id)).catch((e: Error) => (error = e.message));
  const indexSecs = (performance.now() - started) / 1000;
  for (const s of stored) {
    const row = ctx.db.select().from(documents).where(eq(documents.id, s.id)).get()!;
    const took = `${s.secs.toFixed(1)} s + index ${indexSecs.toFixed(1)} s for ${stored.length}`;
    const result = row.status === 'ready' ? `ready: ${row.chunkCount} chunks, ${row.extractionMethod}${row.usedOcr ? ' (OCR)' : ''}, ${took}, id ${s.id}` : `failed: ${row.statusError ?? error}`;
    if (row.status !== 'ready') failed++;
    summary.push({ file: basename(s.path), result });
  }
  line('');
}

for (const s of summary) console.log(`${s.file}: ${s.result}`);
console.log(`${files.length - failed} of ${files.length} ingested`);
await ctx.close();
await shutdownOcr();
process.exit(failed ? 1 : 0);
