// Start-up repair (SQLite is the source of truth): whatever a crash left behind between the
// steps of an upload, edit or delete is brought back in line here, and what was fixed is reported.
import { and, eq, inArray } from 'drizzle-orm';
import { existsSync } from 'node:fs';
import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { AppContext } from '../../src/context';
import { perApp } from '../../src/context';
import { indexWriter } from '../../src/cluster';
import { registerHealthProbe } from '../health/service';
import { knowledgeIndex } from '../knowledge';
import { absoluteStoragePath } from './storage';
import { indexQueue, queueIndexing } from './indexer';
import { versionHashes, versionStoragePaths } from './versions';
import { versionTag, viewerFileTag } from './viewer/store';

export interface ReconcileReport {
  orphanChunksRemoved: string[];
  orphanFilesRemoved: string[];
  tmpFilesRemoved: number;
  /** half-finished uploads (never answered): row without its file, removed */
  incompleteRowsRemoved: string[];
  /** indexed documents whose file vanished: marked failed and taken out of search */
  missingFileRows: string[];
  requeued: string[];
  /** set when the index could not be read: its parts were skipped; scripts/reindex.ts rebuilds it */
  indexError?: string;
}

/**
 * The documents the last reconciliation queued again, so /healthz can say the repair is still running; emptied once
 * none is pending (a requeued document is not queued again by anyone else's repair), `requeued` keeps their number.
 */
const repairs = perApp((): { ids: string[]; requeued: number } => ({ ids: [], requeued: 0 }));

registerHealthProbe('repair', async (ctx) => {
  const repair = repairs(ctx);
  const { ids, requeued } = repair;
  if (requeued === 0) return { ok: true, running: false };
  if (ids.length === 0) return { ok: true, running: false, requeued, pending: 0 };
  const pending = ctx.dialect === 'postgres' ? await stillIndexing(ctx, ids) : ids.filter((id) => indexQueue(ctx).isQueued(id)).length;
  if (pending === 0 && repair.ids === ids) repair.ids = [];
  // Searching still works meanwhile (the rest of the library answers): healthy, but say what is left.
  return { ok: true, running: pending > 0, requeued, pending };
});

/** Postgres: the jobs wait for the elected writer (one at a time, perhaps on another instance), so the rows say what is left. */
async function stillIndexing(ctx: AppContext, ids: string[]): Promise<number> {
  const { documents } = ctx.tables;
  let left = 0;
  for (let at = 0; at < ids.length; at += 1000) {
    const rows = await ctx.db
      .select({ id: documents.id })
      .from(documents)
      .where(and(inArray(documents.id, ids.slice(at, at + 1000)), eq(documents.status, 'indexing')));
    left += rows.length;
  }
  return left;
}

export const MISSING_FILE = 'ไม่พบไฟล์ต้นฉบับของเอกสาร กรุณาอัปโหลดใหม่';

export interface ReconcileOptions {
  requeue?: boolean;
  /** false: this instance's temp files are in use (a sweep while serving); default true */
  tmp?: boolean;
  /** rows updated and files written after this are left alone: another instance may be storing them right now */
  settledBefore?: Date;
}

/** On Postgres, what an instance running uploads may still be writing (a takeover sweep leaves it alone). */
export const SWEEP_GRACE_MS = 10 * 60_000;

/**
 * The server's start-up repair. SQLite: all of it, before listening, as the one process of its DATA_DIR. Postgres:
 * this instance's temp files now; the shared files and index only on the elected index writer (readers never delete
 * files or index rows), each time this instance becomes the writer (what a dead writer or a missed message left).
 */
export async function startupRepair(ctx: AppContext): Promise<void> {
  if (ctx.dialect !== 'postgres') return void (await reconcileDocuments(ctx));
  // said as SQLite's repair says it: an operator reads what a crash left behind in one line on either database
  const tmpFilesRemoved = await cleanTmp(ctx);
  if (tmpFilesRemoved) ctx.log.warn('document store reconciled', { tmpFilesRemoved });
  indexQueue(ctx); // joins the election and the shared jobs
  let sweeping: Promise<unknown> = Promise.resolve();
  const sweep = () => {
    sweeping = sweeping.then(() =>
      reconcileDocuments(ctx, { tmp: false, settledBefore: new Date(Date.now() - SWEEP_GRACE_MS) }).catch((e: Error) =>
        ctx.log.error('start-up repair of the shared files and index failed', { error: e }),
      ),
    );
  };
  const writer = indexWriter(ctx);
  const unwatch = writer.onChange((w) => w && sweep());
  if (writer.isWriter) sweep();
  ctx.onClose(async () => {
    unwatch();
    await sweeping;
  });
}

async function cleanTmp(ctx: AppContext): Promise<number> {
  let removed = 0;
  // Temp files belong to requests that can no longer finish (this runs before the server listens).
  for (const name of await readdir(ctx.paths.tmpDir).catch(() => [] as string[])) {
    await rm(join(ctx.paths.tmpDir, name), { recursive: true, force: true });
    removed++;
  }
  return removed;
}

export async function reconcileDocuments(ctx: AppContext, opts: ReconcileOptions = {}): Promise<ReconcileReport> {
  const report: ReconcileReport = {
    orphanChunksRemoved: [],
    orphanFilesRemoved: [],
    tmpFilesRemoved: 0,
    incompleteRowsRemoved: [],
    missingFileRows: [],
    requeued: [],
  };
  // A corrupt index must not keep the server from starting: the rest is repaired, /healthz is red.
  const unreadable = (e: unknown) => {
    report.indexError = e instanceof Error ? e.message.slice(0, 300) : String(e);
    ctx.log.error('knowledge index unreadable: search is down until `bun scripts/reindex.ts` rebuilds it', { error: report.indexError });
    return null;
  };
  const index = await knowledgeIndex(ctx).catch(unreadable);
  const { documents } = ctx.tables;
  const rows = await ctx.db
    .select({
      id: documents.id,
      storagePath: documents.storagePath,
      sha256: documents.sha256,
      status: documents.status,
      chunkCount: documents.chunkCount,
      updatedAt: documents.updatedAt,
    })
    .from(documents);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const cutoff = opts.settledBefore?.getTime() ?? Infinity;
  const settled = async (path: string) =>
    cutoff === Infinity ||
    (await stat(path).then(
      (s) => s.mtimeMs < cutoff,
      () => false,
    ));

  if (opts.tmp !== false) report.tmpFilesRemoved = await cleanTmp(ctx);

  for (const r of rows) {
    if (existsSync(absoluteStoragePath(ctx, r.storagePath)) || r.updatedAt.getTime() >= cutoff) continue;
    if (r.status === 'indexing' && r.chunkCount === 0) {
      await ctx.db.delete(documents).where(eq(documents.id, r.id));
      report.incompleteRowsRemoved.push(r.id);
    } else {
      await ctx.db.update(documents).set({ status: 'failed', statusError: MISSING_FILE, isActive: false }).where(eq(documents.id, r.id));
      await index?.removeDocument(r.id);
      report.missingFileRows.push(r.id);
    }
    byId.delete(r.id);
  }

  // Stored files: whole directories without a row, and stray files beside a row's own file (and beside
  // its earlier versions' files, which admins can still download, and the viewer's files of any of them: a scan's
  // OCR word boxes, which cost seconds a page to read again, and its rendered pages).
  const versionFiles = await versionStoragePaths(ctx);
  const hashes = await versionHashes(ctx);
  const viewerTags = (row: { id: string; sha256: string }) => new Set([row.sha256, ...(hashes.get(row.id) ?? [])].map(versionTag));
  for (const dir of await readdir(ctx.paths.filesDir).catch(() => [] as string[])) {
    const row = byId.get(dir);
    if (!(await settled(join(ctx.paths.filesDir, dir)))) continue;
    if (!row) {
      await rm(join(ctx.paths.filesDir, dir), { recursive: true, force: true });
      report.orphanFilesRemoved.push(dir);
      continue;
    }
    const tags = viewerTags(row);
    for (const f of await readdir(join(ctx.paths.filesDir, dir)).catch(() => [] as string[])) {
      if (`${dir}/${f}` === row.storagePath || versionFiles.has(`${dir}/${f}`)) continue;
      const viewerTag = viewerFileTag(f);
      if (viewerTag && tags.has(viewerTag)) continue;
      if (!(await settled(join(ctx.paths.filesDir, dir, f)))) continue;
      await rm(join(ctx.paths.filesDir, dir, f), { recursive: true, force: true });
      report.orphanFilesRemoved.push(`${dir}/${f}`);
    }
  }

  const indexed = index ? await index.chunkCounts().catch(unreadable) : null;
  for (const id of indexed?.keys() ?? []) {
    if (byId.has(id)) continue;
    // a sweep while serving: a document stored and indexed after the rows were read is not an orphan
    if (opts.settledBefore && (await ctx.db.select({ id: documents.id }).from(documents).where(eq(documents.id, id))).length) continue;
    await index!.removeDocument(id);
    report.orphanChunksRemoved.push(id);
  }

  if (opts.requeue !== false && index && indexed) {
    for (const r of byId.values()) {
      // Stuck mid-indexing, lost or short in the index (a restored backup whose index copy predates the
      // SQLite copy, a crash or a full disk between the two stores), or the index was emptied after an
      // embedder change. A ready document always has chunks: an upload without text is refused.
      const lost = r.status === 'ready' && (r.chunkCount === 0 || indexed.get(r.id) !== r.chunkCount);
      if (r.status === 'indexing' || lost || (index.needsReindex && r.status === 'ready')) {
        // through the jobs (on Postgres the elected index writer runs them, wherever this instance is)
        await queueIndexing(ctx, r.id);
        report.requeued.push(r.id);
      }
    }
    Object.assign(repairs(ctx), { ids: report.requeued, requeued: report.requeued.length });
    // Queued rows are 'indexing' now: a later run (or a restart) finds them by status, not by this flag.
    if (index.needsReindex) index.reindexQueued();
  }
  const fixed =
    report.orphanChunksRemoved.length +
    report.orphanFilesRemoved.length +
    report.tmpFilesRemoved +
    report.incompleteRowsRemoved.length +
    report.missingFileRows.length +
    report.requeued.length;
  if (fixed > 0) ctx.log.warn('document store reconciled', { ...report });
  else ctx.log.info('document store consistent');
  return report;
}
