// Adds documents from disk through the upload pipeline (type checks, extraction with automatic OCR,
// row + pages, stored file, chunking and indexing). Takes files and folders (walked recursively); OCRs
// with one worker per core; one file that cannot be read or indexed fails alone. Byte-identical files are
// read once (the others are reported as copies). Files already in the library (same sha256) are skipped and
// ones stored but not indexed (interrupted, or indexing failed) are indexed from their stored pages without
// reading them again, so a rerun resumes. Documents are stored several at a time and indexed in batches
// (one index write per batch instead of one per document). Progress goes to stderr (ingest-progress.ts).
// With DATABASE_URL=postgres://… (several instances) it stores into that database and FILES_DIR, and the elected index
// writer indexes the documents as any upload's (ingest-index.ts): run it beside the instances, with their settings.
//   bun scripts/ingest.ts [--category NAME] [--batch N] [--jobs N] FILE|FOLDER…
import { availableParallelism } from 'node:os';
import { basename, extname } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { loadConfig } from '../src/config';
import { openContext } from '../src/context';
import { firstRow } from '../src/db/client';
import { AppError } from '../src/http/errors';
import { createCategory, findCategoryByName } from '../modules/categories/service';
import { createDocument } from '../modules/documents/pipeline';
import { stageLocalFile } from '../modules/documents/local-file';
import { storeTextFiles } from '../modules/documents/bulk-text';
import type { ProgressEvent } from '../modules/documents/jobs';
import { chooseOcrEngine, setOcrWorkers, setParseWorkers, shutdownOcr } from '../modules/extraction';
import { collectFiles, formatTable, markCopies, refusalText, type Candidate, type Row } from './ingest-files';
import { IngestProgress } from './ingest-progress';
import { indexStored, notIndexedReason } from './ingest-index';

const args = process.argv.slice(2);
let category: string | null = null;
let batchSize = 256;
const config = loadConfig(process.env);
// OCR_WORKERS (0 = auto): every core by default, since ingestion is what the machine is doing.
let jobs = config.ocrWorkers || availableParallelism();
const inputs: string[] = [];
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--category') category = args[++i] ?? null;
  else if (args[i] === '--batch') batchSize = Math.max(1, Math.floor(Number(args[++i])) || 1);
  else if (args[i] === '--jobs') jobs = Math.max(1, Math.floor(Number(args[++i])) || 1);
  else if (args[i] === '--help' || args[i] === '-h') inputs.length = 0;
  else inputs.push(args[i]);
}
if (inputs.length === 0) {
  console.error('usage: bun scripts/ingest.ts [--category NAME] [--batch N] [--jobs N] FILE|FOLDER…   (PDF, DOCX or TXT; folders recursively)');
  process.exit(2);
}

setOcrWorkers(jobs);
// the tesseract command where installed, else tesseract.js (OCR_ENGINE); said on stderr with the progress
try {
  console.error(chooseOcrEngine(config.ocrEngine).note);
} catch (err) {
  console.error((err as Error).message);
  process.exit(1);
}
setParseWorkers(jobs); // files are read in parse worker processes: as many at once as files are ingested
const ctx = await openContext(config);
const { documentPages, documents } = ctx.tables;
if (category && !(await findCategoryByName(ctx, category))) await createCategory(ctx, category);

const candidates = collectFiles(inputs);
await markCopies(candidates);
const rows = new Map<Candidate, Row>();
const row = (c: Candidate, r: Partial<Row>) =>
  rows.set(c, { file: c.label, pages: null, method: '-', ocrPages: null, characters: null, seconds: null, result: '', ...rows.get(c), ...r });
const progress = new IngestProgress(candidates.filter((c) => !c.skip).length);

async function pageStats(id: string): Promise<{ pages: number; characters: number }> {
  const r = await firstRow(
    ctx.db
      .select({
        pages: sql<number>`count(*)`.mapWith(Number),
        characters: sql<number>`coalesce(sum(length(${documentPages.content})), 0)`.mapWith(Number),
      })
      .from(documentPages)
      .where(eq(documentPages.documentId, id)),
  );
  return { pages: r?.pages ?? 0, characters: r?.characters ?? 0 };
}

/** Stores one file (extraction included); its indexing is left to the batch. Returns the new id, or null. */
async function store(c: Candidate): Promise<string | null> {
  const started = performance.now();
  const seconds = () => (performance.now() - started) / 1000;
  let ocrPages = 0;
  const onProgress = (e: ProgressEvent) => {
    if (e.stage === 'ocr' && e.total) ocrPages = e.total;
    progress.stage(c.label, `${e.stage}${e.total ? ` ${e.done}/${e.total}` : ''}`);
  };
  try {
    if (c.copyOf) {
      row(c, { seconds: seconds(), result: `already there: a copy of ${c.copyOf.label}` });
      return null;
    }
    const file = await stageLocalFile(ctx, c.path);
    // A ready row first; otherwise one stored but not indexed ('indexing' when a run died, 'failed' when
    // its indexing failed): its pages are in the database, so it is indexed again without reading the file.
    const existing = (await ctx.db.select().from(documents).where(eq(documents.sha256, file.sha256))).sort(
      (a, b) => Number(b.status === 'ready') - Number(a.status === 'ready'),
    )[0];
    if (existing) {
      await Bun.file(file.tmpPath).delete();
      const stats = await pageStats(existing.id);
      row(c, {
        ...stats,
        method: existing.extractionMethod ?? '-',
        seconds: seconds(),
        result: existing.status === 'ready' ? `already in the library (id ${existing.id})` : 'resumed',
      });
      return existing.status === 'ready' ? null : existing.id;
    }
    const { id } = await createDocument(
      ctx,
      file,
      { fileName: basename(c.path, extname(c.path)), description: '', category, isActive: true, fallbackContact: '', contents: '' },
      // Name, category and contact can be completed in the console later.
      { allowTxt: true, allowIncompleteFields: true, onProgress, deferIndexing: true },
    );
    const doc = (await firstRow(ctx.db.select().from(documents).where(eq(documents.id, id))))!;
    row(c, { ...(await pageStats(id)), method: doc.extractionMethod ?? '-', ocrPages: doc.usedOcr ? ocrPages : 0, seconds: seconds(), result: 'stored' });
    return id;
  } catch (e) {
    const message = e instanceof AppError ? e.message : (e as Error).message;
    row(c, { seconds: seconds(), ocrPages: ocrPages || null, result: `refused: ${refusalText(message)}` });
    return null;
  } finally {
    const r = rows.get(c)!;
    progress.fileDone({ label: c.label, pages: r.pages, ocrPages: r.ocrPages, seconds: r.seconds, result: r.result });
  }
}

/** Stores a batch's plain-text files in one go; sets each one's new id (or the one to resume, or null) in `ids`. */
async function storeTexts(batch: Candidate[], ids: Map<Candidate, string | null>): Promise<void> {
  if (batch.length === 0) return;
  const started = performance.now();
  const inputs = batch.map((c) => ({ path: c.path, clientName: basename(c.path), fileName: basename(c.path, extname(c.path)) }));
  // A failure of the batch as a whole (its category gone) refuses each of its files, as the per-file path does.
  const outcomes = await storeTextFiles(ctx, inputs, { category, isActive: true }).catch((e: Error) =>
    batch.map(() => ({ status: 'refused' as const, message: e.message, error: e })),
  );
  const seconds = (performance.now() - started) / 1000 / batch.length;
  outcomes.forEach((o, i) => {
    const c = batch[i]!;
    if (o.status === 'stored') {
      const characters = o.pages.reduce((n, p) => n + p.content.length, 0);
      row(c, { pages: o.pages.length, characters, method: 'txt', ocrPages: 0, seconds, result: 'stored' });
    } else if (o.status === 'exists') {
      const already = `already in the library (id ${o.id})`;
      row(c, { pages: o.pages, characters: o.characters, method: o.method ?? '-', seconds, result: o.ready ? already : 'resumed' });
    } else row(c, { seconds, result: `refused: ${refusalText(o.message)}` });
    ids.set(c, o.status === 'stored' ? o.id : o.status === 'exists' && !o.ready ? o.id : null);
    const r = rows.get(c)!;
    progress.fileDone({ label: c.label, pages: r.pages, ocrPages: r.ocrPages, seconds: r.seconds, result: r.result });
  });
}

/** Runs `work` over `items` with at most `limit` at a time, in order of start. */
async function pooled<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await work(items[i]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  return out;
}

const started = performance.now();
for (const c of candidates) if (c.skip) row(c, { result: c.skip });
const readable = candidates.filter((c) => !c.skip);
for (let at = 0; at < readable.length; at += batchSize) {
  const batch = readable.slice(at, at + batchSize);
  // Plain text is stored in bulk in this process (bulk-text.ts); other files run side by side so small
  // scans keep every OCR worker busy, and pages of one file also run in parallel.
  const isText = (c: Candidate) => !c.copyOf && extname(c.path).toLowerCase() === '.txt';
  const ids = new Map<Candidate, string | null>();
  await storeTexts(batch.filter(isText), ids);
  const others = batch.filter((c) => !isText(c));
  (await pooled(others, jobs, store)).forEach((id, i) => ids.set(others[i]!, id));
  const stored = batch.map((c) => ({ c, id: ids.get(c) ?? null })).filter((s): s is { c: Candidate; id: string } => s.id !== null);
  if (stored.length === 0) continue;
  progress.note(`indexing ${stored.length} documents`);
  const indexStarted = performance.now();
  let error: string | null = null;
  const chunks = await indexStored(
    ctx,
    stored.map((s) => s.id),
    (text) => progress.note(text),
  ).catch((e: Error) => ((error = e.message), new Map<string, number>()));
  const indexSecs = (performance.now() - indexStarted) / 1000;
  progress.note(`indexed ${stored.length} documents in ${indexSecs.toFixed(1)} s`);
  for (const { c, id } of stored) {
    const resumed = rows.get(c)?.result === 'resumed' ? 'resumed, ' : '';
    // Only a document the batch did not index is read back, for its reason.
    const result = chunks.has(id) ? `ready: ${resumed}${chunks.get(id)} chunks, id ${id}` : `failed: ${(await notIndexedReason(ctx, id)) ?? error}`;
    row(c, { result, seconds: (rows.get(c)?.seconds ?? 0) + indexSecs / stored.length });
  }
}
progress.clear();

// A copy is only "already there" when the file it copies got in.
for (const c of candidates) {
  const original = c.copyOf && rows.get(c.copyOf);
  if (original && !/^(ready|already)/.test(original.result)) row(c, { result: `refused: a copy of ${c.copyOf!.label}, which was not ingested` });
}
const all = candidates.map((c) => rows.get(c)!);
const ready = all.filter((r) => r.result.startsWith('ready')).length;
const already = all.filter((r) => r.result.startsWith('already')).length;
const refused = all.filter((r) => r.result.startsWith('refused') || r.result.startsWith('failed')).length;
const skipped = all.length - ready - already - refused;
const ocrPages = all.reduce((n, r) => n + (r.ocrPages ?? 0), 0);
console.log(formatTable(all));
console.log(
  `${ready + already} of ${readable.length} in the library: ${ready} ingested, ${already} already there, ${refused} refused, ${skipped} skipped; ` +
    `${ocrPages} OCR pages with ${jobs} OCR workers; ${((performance.now() - started) / 1000).toFixed(1)} s`,
);
await ctx.close();
await shutdownOcr();
process.exit(refused ? 1 : 0);
