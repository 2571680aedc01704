// A document library for the answer eval, built with the product's own upload pipeline (type check,
// extraction with automatic OCR, row + pages, chunking, indexing) and kept under /tmp so repeated runs
// take seconds. Two cache levels, because the two halves change at different speeds:
//   extracted-<files+extraction code>: DATA_DIR after a real ingest (the slow part: OCR);
//   indexed-<that+index code+embedder>: the same SQLite pages re-indexed by the product's indexing job
//   (what scripts/reindex.ts does after a chunker change), so retrieval edits never re-run OCR.
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, extname, join, relative } from 'node:path';
import { eq } from 'drizzle-orm';
import { loadConfig } from '../../src/config';
import { createContext, type AppContext } from '../../src/context';
import { createDocument } from '../../modules/documents/pipeline';
import { stageLocalFile } from '../../modules/documents/local-file';
import { indexQueue, queueIndexing } from '../../modules/documents/indexer';
import { documents } from '../../modules/documents/schema';
import { knowledgeIndex } from '../../modules/knowledge/service';

const ROOT = join(import.meta.dir, '..', '..');
/** Read at each use, so a test can point it at its own folder whoever imported this first. */
export const cacheDir = () => process.env.EVAL_CACHE_DIR ?? join(tmpdir(), 'askreg-eval-cache');

export interface Library {
  dataDir: string;
  /** document id → the file name it was ingested from */
  files: Map<string, string>;
  /** true when this run had to ingest or re-index */
  built: boolean;
  /** the extracted rows (SQLite pages and files) the index was built from */
  extractedDir: string;
}

interface Manifest {
  docs: Array<{ id: string; file: string }>;
  indexKey: string;
  /** hash of the extraction code that read the files (absent in caches made before it was recorded) */
  extractionKey?: string;
}

const sha = (parts: Array<string | Uint8Array>) => {
  const h = createHash('sha256');
  for (const p of parts) h.update(p).update('\0');
  return h.digest('hex').slice(0, 16);
};

/** Source files (not tests) under the given folders, hashed with their paths. */
function codeHash(dirs: string[]): string {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      const p = join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (/\.(ts|tsx|sql|json)$/.test(e.name) && !/\.test\.tsx?$/.test(e.name)) files.push(p);
    }
  };
  for (const d of dirs) if (existsSync(join(ROOT, d))) walk(join(ROOT, d));
  files.sort();
  return sha(files.flatMap((f) => [relative(ROOT, f), readFileSync(f)]));
}

// Bumped when what a cached library holds changes (2: the index is optimized after building).
const CACHE_LAYOUT = 'library-cache 2';
const EXTRACTION_CODE = ['modules/documents', 'modules/extraction', 'modules/knowledge/extract', 'src/thai'];
const INDEX_CODE = ['modules/knowledge', 'src/db', 'src/thai'];
const EMBEDDING_ENV = [
  'EMBEDDING_PROVIDER',
  'EMBEDDING_MODEL_DIR',
  'EMBEDDING_OLLAMA_MODEL',
  'EMBEDDING_QUERY_PREFIX',
  'EMBEDDING_PASSAGE_PREFIX',
  'OLLAMA_HOST',
];

function contextFor(dataDir: string): AppContext {
  return createContext(loadConfig({ ...process.env, DATA_DIR: dataDir, LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' }));
}

/**
 * Opens a context on a cached library (answers read it; nothing a run writes there changes a score), its searches' held
 * copies read first (lexical-search.ts): every question of a run is searched alike, the first as the last.
 */
export async function openLibrary(lib: Library): Promise<AppContext> {
  const ctx = contextFor(lib.dataDir);
  await (await knowledgeIndex(ctx)).settled();
  return ctx;
}

async function waitReady(ctx: AppContext, ids: string[]): Promise<void> {
  await indexQueue(ctx).idle();
  for (const id of ids) {
    const row = ctx.db.select().from(documents).where(eq(documents.id, id)).get();
    if (row?.status !== 'ready') throw new Error(`document ${row?.fileName ?? id} is ${row?.status}: ${row?.statusError ?? ''}`);
  }
}

/**
 * The state a server reaches a second after the last upload (its maintenance folds new rows into the text
 * index): without it the first runs on a fresh library would search some rows by brute force and later
 * runs would not, and a cached library would change under the eval.
 */
async function settle(ctx: AppContext): Promise<void> {
  await (await knowledgeIndex(ctx)).optimize();
}

async function ingestAll(dir: string, paths: string[], indexKey: string, extractionKey: string): Promise<void> {
  const ctx = contextFor(dir);
  try {
    const docs: Manifest['docs'] = [];
    for (const path of paths) {
      // A file the product cannot read is left out of the library and named, as an admin's upload would fail
      // alone; its questions then score as the product would answer them without it.
      try {
        const file = await stageLocalFile(ctx, path);
        const fields = { fileName: basename(path, extname(path)), description: '', category: null, isActive: true, fallbackContact: '', contents: '' };
        const { id } = await createDocument(ctx, file, fields, { allowTxt: true, allowIncompleteFields: true });
        // One at a time, as the CLI does: the index sees documents in the library's order.
        await waitReady(ctx, [id]);
        docs.push({ id, file: basename(path) });
      } catch (e) {
        console.warn(`not in the library: ${basename(path)}: ${(e as Error).message}`);
      }
    }
    await settle(ctx);
    writeFileSync(join(dir, 'eval-manifest.json'), JSON.stringify({ docs, indexKey, extractionKey } satisfies Manifest));
  } finally {
    await ctx.close();
  }
}

async function reindexAll(dir: string, manifest: Manifest): Promise<void> {
  rmSync(join(dir, 'index'), { recursive: true, force: true });
  const ctx = contextFor(dir);
  try {
    for (const d of manifest.docs) await queueIndexing(ctx, d.id);
    await waitReady(
      ctx,
      manifest.docs.map((d) => d.id),
    );
    await settle(ctx);
  } finally {
    await ctx.close();
  }
}

/**
 * Builds into a private folder and renames it into place, so a parallel run never sees half a library. A run that
 * finishes after another one put the same library in place keeps that one and drops its own: the other run may be
 * reading it (replacing it under its open index failed that run with LanceDB's "Not found" on an index file).
 */
export async function buildOnce(target: string, build: (dir: string) => Promise<void>): Promise<boolean> {
  const done = () => existsSync(join(target, 'eval-manifest.json'));
  if (done()) return false;
  const work = `${target}.tmp-${process.pid}-${Date.now()}`;
  mkdirSync(work, { recursive: true });
  try {
    await build(work);
    if (done()) {
      rmSync(work, { recursive: true, force: true });
      return false;
    }
    // a folder without a manifest is what a run that died while renaming left
    if (existsSync(target)) rmSync(target, { recursive: true, force: true });
    renameSync(work, target);
  } catch (e) {
    rmSync(work, { recursive: true, force: true });
    if (existsSync(join(target, 'eval-manifest.json'))) return false; // another run finished first
    throw e;
  }
  return true;
}

export async function prepareLibrary(paths: string[]): Promise<Library> {
  const fileKey = sha([CACHE_LAYOUT, ...paths.flatMap((p) => [basename(p), readFileSync(p)])]);
  const extractionKey = codeHash(EXTRACTION_CODE);
  // Keyed by the files alone: OCR of a real library takes half an hour on two cores, and most edits to the
  // extraction or upload code do not change what it reads. A cache read by other extraction code is used with
  // a warning; EVAL_REEXTRACT=1 reads the files again (do that before reporting an extraction change).
  const extractedDir = join(cacheDir(), `extracted-${fileKey}`);
  if (process.env.EVAL_REEXTRACT === '1') rmSync(extractedDir, { recursive: true, force: true });
  const indexKey = sha([codeHash(INDEX_CODE), ...EMBEDDING_ENV.map((k) => `${k}=${process.env[k] ?? ''}`)]);
  mkdirSync(cacheDir(), { recursive: true });
  const built = await buildOnce(extractedDir, (dir) => ingestAll(dir, paths, indexKey, extractionKey));
  const extracted = JSON.parse(readFileSync(join(extractedDir, 'eval-manifest.json'), 'utf8')) as Manifest;
  if (extracted.extractionKey !== extractionKey)
    console.warn(
      `library ${fileKey}: extracted by other extraction code (${extracted.extractionKey ?? 'unknown'}, now ${extractionKey}); EVAL_REEXTRACT=1 reads the files again`,
    );
  return indexedLibrary(extractedDir, built);
}

/** The extracted library with an index built by the current index code (re-indexed from its rows if needed). */
async function indexedLibrary(extractedDir: string, built: boolean): Promise<Library> {
  const extracted = JSON.parse(readFileSync(join(extractedDir, 'eval-manifest.json'), 'utf8')) as Manifest;
  const indexKey = sha([codeHash(INDEX_CODE), ...EMBEDDING_ENV.map((k) => `${k}=${process.env[k] ?? ''}`)]);
  let dataDir = extractedDir;
  if (extracted.indexKey !== indexKey) {
    dataDir = `${extractedDir}-indexed-${indexKey}`;
    const rebuilt = await buildOnce(dataDir, async (dir) => {
      // The extracted rows and files, not its index (the WAL is checkpointed when its context closed).
      for (const name of readdirSync(extractedDir)) if (name !== 'index') cpSync(join(extractedDir, name), join(dir, name), { recursive: true });
      await reindexAll(dir, extracted);
      writeFileSync(join(dir, 'eval-manifest.json'), JSON.stringify({ ...extracted, indexKey } satisfies Manifest));
    });
    built ||= rebuilt;
  }
  return { dataDir, files: new Map(extracted.docs.map((d) => [d.id, d.file])), built, extractedDir };
}

/**
 * One library holding the documents of several extracted ones, without reading any file again (a real
 * library's OCR takes half an hour): the documents and pages rows of each part are copied into a fresh
 * database with their stored files, and the product's indexing job indexes them as reindexAll does.
 */
export async function prepareUnion(libraries: Library[]): Promise<Library> {
  // a library asked again by another set (the same files, so the same extraction) is held once: a document once
  const parts = libraries.filter((lib, i) => libraries.findIndex((other) => other.extractedDir === lib.extractedDir) === i);
  const unionDir = join(cacheDir(), `union-${sha([CACHE_LAYOUT, ...parts.map((p) => basename(p.extractedDir))])}`);
  const built = await buildOnce(unionDir, async (dir) => {
    const ctx = contextFor(dir); // creates the schema
    const docs: Manifest['docs'] = [];
    try {
      for (const part of parts) {
        const partManifest = JSON.parse(readFileSync(join(part.extractedDir, 'eval-manifest.json'), 'utf8')) as Manifest;
        ctx.sqlite.run(`ATTACH DATABASE '${join(part.extractedDir, 'app.db').replaceAll("'", "''")}' AS part`);
        ctx.sqlite.run('INSERT INTO documents SELECT * FROM part.documents');
        ctx.sqlite.run('INSERT INTO document_pages SELECT * FROM part.document_pages');
        ctx.sqlite.run('DETACH DATABASE part');
        cpSync(join(part.extractedDir, 'files'), join(dir, 'files'), { recursive: true });
        docs.push(...partManifest.docs);
      }
    } finally {
      await ctx.close();
    }
    // No index key: indexedLibrary indexes the copied rows with the current code.
    writeFileSync(join(dir, 'eval-manifest.json'), JSON.stringify({ docs, indexKey: '' } satisfies Manifest));
  });
  return indexedLibrary(unionDir, built);
}
