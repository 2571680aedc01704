// Rebuilds every document's chunks and vectors from SQLite (reviewed pages) — the repair path when
// the index is missing or corrupt, or the embedding provider/model changed.
// With DATABASE_URL=postgres://… the documents are re-indexed through the elected index writer (reindex-pg.ts).
//   bun scripts/reindex.ts [--fresh]    (--fresh: delete the index directory first)
import { rm } from 'node:fs/promises';
import { asc } from 'drizzle-orm';
import { loadConfig } from '../src/config';
import { createContext, openContext } from '../src/context';
import { embedderFor, knowledgeIndex } from '../modules/knowledge/service';
import { openKnowledgeIndex } from '../modules/knowledge/index/index-store';
import { reconcileDocuments } from '../modules/documents/reconcile';
import { indexQueue, queueIndexing } from '../modules/documents/indexer';
import { documents } from '../modules/documents/schema';
import { reindexOnPostgres } from './reindex-pg';

const fresh = process.argv.includes('--fresh');
const config = loadConfig(process.env);
if (config.database.kind === 'postgres') {
  const ctx = await openContext(config);
  const code = await reindexOnPostgres(ctx, fresh).catch((e: Error) => {
    console.error(e.message);
    return 1;
  });
  await ctx.close();
  process.exit(code);
}

// A corrupt index cannot even be opened: probe it on its own first and start empty if it fails.
const ctxPaths = createContext(config);
const indexDir = ctxPaths.paths.indexDir;
let reset = fresh;
if (!reset) {
  try {
    const probe = await openKnowledgeIndex(indexDir, await embedderFor(ctxPaths));
    const health = await probe.health();
    await probe.close();
    if (!health.ok) throw new Error(health.error);
  } catch (e) {
    console.warn(`index unreadable (${(e as Error).message}); rebuilding from scratch`);
    reset = true;
  }
}
await ctxPaths.close();
if (reset) await rm(indexDir, { recursive: true, force: true });

const ctx = createContext(config);
const index = await knowledgeIndex(ctx);
// Drop leftovers first (orphan chunks/files, half-finished uploads); requeueing is done below for all.
const report = await reconcileDocuments(ctx, { requeue: false });
const rows = ctx.db.select({ id: documents.id, fileName: documents.fileName }).from(documents).orderBy(asc(documents.createdAt)).all();
const queue = indexQueue(ctx);
const started = performance.now();
let done = 0;
let failed = 0;
// A bar redrawn in place on a terminal; in a log file (not a TTY), one plain line per finished document.
let logged = -1;
const bar = (label: string) => {
  if (!process.stdout.isTTY) {
    if (done !== logged) console.log(`${done}/${rows.length} ${label}`.trimEnd());
    logged = done;
    return;
  }
  const width = 30;
  const filled = rows.length ? Math.round((done / rows.length) * width) : width;
  process.stdout.write(`\r\x1b[2K[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${done}/${rows.length} ${label.slice(0, 50)}`);
};
for (const r of rows) {
  queue.subscribe(r.id, (e) => {
    if (e.stage === 'ready' || e.stage === 'failed') {
      done++;
      if (e.stage === 'failed') failed++;
    }
    bar(`${r.fileName}: ${e.stage}${e.total ? ` ${e.done}/${e.total}` : ''}`);
  });
  await queueIndexing(ctx, r.id);
}
bar('');
await queue.idle();
await index.optimize();
process.stdout.write('\n');
const secs = ((performance.now() - started) / 1000).toFixed(1);
console.log(
  `reindexed ${rows.length - failed} of ${rows.length} documents in ${secs} s (${await index.count()} chunks); removed ${report.orphanChunksRemoved.length} orphan chunk sets, ${report.orphanFilesRemoved.length} orphan files`,
);
await ctx.close();
process.exit(failed ? 1 : 0);
