// Text-PDF ingest throughput, end to end: stage file → extraction → row + pages → chunking → index.
//   bun scripts/bench/ingest.ts [FILE…]     (default: the 45-page bulletin and regulation.pdf)
// Target: ≥ 30 pages/s with the configured embedder (EMBEDDING_PROVIDER; default none = lexical only).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { count, eq } from 'drizzle-orm';
import { loadConfig } from '../../src/config';
import { createContext } from '../../src/context';
import { createDocument } from '../../modules/documents/pipeline';
import { stageLocalFile } from '../../modules/documents/local-file';
import { indexQueue } from '../../modules/documents/indexer';
import { documentPages, documents } from '../../modules/documents/schema';
import { shutdownOcr } from '../../modules/extraction';

const FIXTURES = join(import.meta.dir, '..', '..', '..', 'shared', 'fixtures', 'docs');
const files = process.argv.slice(2).length ? process.argv.slice(2) : [join(FIXTURES, 'real-thai-bulletin-45p.pdf'), join(FIXTURES, 'regulation.pdf')];
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

let allPages = 0;
let allSecs = 0;
for (const path of files) {
  const dataDir = mkdtempSync(join(tmpdir(), 'askreg-bench-'));
  const ctx = createContext(loadConfig({ ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'error' }));
  const times: number[] = [];
  let pages = 0;
  let chunks = 0;
  let method = '';
  let extractMs = 0;
  for (let round = 0; round < ROUNDS + 1; round++) {
    const t0 = performance.now();
    const file = await stageLocalFile(ctx, path);
    const { id } = await createDocument(
      ctx,
      file,
      { fileName: basename(path), description: '', category: null, isActive: true, fallbackContact: '', contents: '' },
      { allowIncompleteFields: true },
    );
    const t1 = performance.now();
    await indexQueue(ctx).idle();
    const t2 = performance.now();
    const row = ctx.db.select().from(documents).where(eq(documents.id, id)).get()!;
    if (row.status !== 'ready') throw new Error(`indexing failed: ${row.statusError}`);
    pages = ctx.db.select({ n: count() }).from(documentPages).where(eq(documentPages.documentId, id)).get()!.n;
    chunks = row.chunkCount;
    method = `${row.extractionMethod}${row.usedOcr ? ' (OCR)' : ''}`;
    if (round === 0) continue; // warm-up: module loading, pdf.js start-up
    times.push(t2 - t0);
    extractMs += t1 - t0;
  }
  const median = times.sort((a, b) => a - b)[Math.floor(times.length / 2)];
  console.log(
    `${basename(path)}: ${pages} pages, ${chunks} chunks, ${method}; median ${median.toFixed(0)} ms ` +
      `(extract+store ${(extractMs / times.length).toFixed(0)} ms) → ${(pages / (median / 1000)).toFixed(1)} pages/s`,
  );
  allPages += pages;
  allSecs += median / 1000;
  await ctx.close();
  rmSync(dataDir, { recursive: true, force: true });
}
console.log(`overall: ${(allPages / allSecs).toFixed(1)} pages/s (embedder: ${process.env.EMBEDDING_PROVIDER ?? 'none'}; target ≥ 30)`);
await shutdownOcr();
