// Adds documents from disk through the upload pipeline (type checks, extraction with automatic OCR,
// row + pages, stored file, chunking and indexing).
//   bun scripts/ingest.ts [--category NAME] FILE…
import { basename, extname } from 'node:path';
import { loadConfig } from '../src/config';
import { createContext } from '../src/context';
import { AppError } from '../src/http/errors';
import { createCategory, findCategoryByName } from '../modules/categories/service';
import { createDocument } from '../modules/documents/pipeline';
import { stageLocalFile } from '../modules/documents/local-file';
import { indexQueue } from '../modules/documents/indexer';
import { documents } from '../modules/documents/schema';
import type { ProgressEvent } from '../modules/documents/jobs';
import { shutdownOcr } from '../modules/extraction';
import { eq } from 'drizzle-orm';

const args = process.argv.slice(2);
let category: string | null = null;
const files: string[] = [];
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--category') category = args[++i] ?? null;
  else if (args[i] === '--help' || args[i] === '-h') files.length = 0;
  else files.push(args[i]);
}
if (files.length === 0) {
  console.error('usage: bun scripts/ingest.ts [--category NAME] FILE…   (PDF, DOCX or TXT)');
  process.exit(2);
}

const ctx = createContext(loadConfig(process.env));
if (category && !findCategoryByName(ctx, category)) createCategory(ctx, category);

const line = (s: string) => process.stdout.write(`\r\x1b[2K${s}`);
const show = (name: string) => (e: ProgressEvent) => line(`${name}: ${e.stage}${e.total ? ` ${e.done}/${e.total}` : ''}`);
const summary: Array<{ file: string; result: string }> = [];
let failed = 0;

for (const path of files) {
  const name = basename(path);
  const started = performance.now();
  try {
    const file = await stageLocalFile(ctx, path);
    const { id } = await createDocument(
      ctx,
      file,
      { fileName: basename(path, extname(path)), description: '', category, isActive: true, fallbackContact: '', contents: '' },
      // Name, category and contact can be completed in the console later.
      { allowTxt: true, allowIncompleteFields: true, onProgress: show(name) },
    );
    const queue = indexQueue(ctx);
    const stop = queue.subscribe(id, show(name));
    await queue.idle();
    stop();
    const row = ctx.db.select().from(documents).where(eq(documents.id, id)).get()!;
    const secs = ((performance.now() - started) / 1000).toFixed(1);
    const result = row.status === 'ready' ? `ready: ${row.chunkCount} chunks, ${row.extractionMethod}${row.usedOcr ? ' (OCR)' : ''}, ${secs} s, id ${id}` : `failed: ${row.statusError}`;
    if (row.status !== 'ready') failed++;
    summary.push({ file: name, result });
  } catch (e) {
    failed++;
    summary.push({ file: name, result: `refused: ${e instanceof AppError ? e.message : (e as Error).message}` });
  }
  line('');
}

for (const s of summary) console.log(`${s.file}: ${s.result}`);
console.log(`${files.length - failed} of ${files.length} ingested`);
await ctx.close();
await shutdownOcr();
process.exit(failed ? 1 : 0);
