// Start-up repair (SQLite is the source of truth): whatever a crash left behind between the
// steps of an upload, edit or delete is brought back in line here, and what was fixed is reported.
import { eq } from 'drizzle-orm';
import { existsSync } from 'node:fs';
import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { AppContext } from '../../src/context';
import { perApp } from '../../src/context';
import { registerHealthProbe } from '../health/service';
import { knowledgeIndex } from '../knowledge';
import { absoluteStoragePath } from './storage';
import { indexQueue, queueIndexing } from './indexer';
import { versionStoragePaths } from './versions';

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

/** The documents the last reconciliation queued again, so /healthz can say the repair is still running. */
const repairs = perApp((): { ids: string[] } => ({ ids: [] }));

registerHealthProbe('repair', (ctx) => {
  const { ids } = repairs(ctx);
  if (ids.length === 0) return { ok: true, running: false };
  const queue = indexQueue(ctx);
  const pending = ids.filter((id) => queue.isQueued(id)).length;
  // Searching still works meanwhile (the rest of the library answers): healthy, but say what is left.
  return { ok: true, running: pending > 0, requeued: ids.length, pending };
});

export const MISSING_FILE = 'ไม่พบไฟล์ต้นฉบับของเอกสาร กรุณาอัปโหลดใหม่';

export async function reconcileDocuments(ctx: AppContext, opts: { requeue?: boolean } = {}): Promise<ReconcileReport> {
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
    .select({ id: documents.id, storagePath: documents.storagePath, status: documents.status, chunkCount: documents.chunkCount })
    .from(documents);
  const byId = new Map(rows.map((r) => [r.id, r]));

  // Temp files belong to requests that can no longer finish (this runs before the server listens).
  for (const name of await readdir(ctx.paths.tmpDir).catch(() => [] as string[])) {
    await rm(join(ctx.paths.tmpDir, name), { recursive: true, force: true });
    report.tmpFilesRemoved++;
  }

  for (const r of rows) {
    if (existsSync(absoluteStoragePath(ctx, r.storagePath))) continue;
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
  // its earlier versions' files, which admins can still download).
  const versionFiles = await versionStoragePaths(ctx);
  for (const dir of await readdir(ctx.paths.filesDir).catch(() => [] as string[])) {
    const row = byId.get(dir);
    if (!row) {
      await rm(join(ctx.paths.filesDir, dir), { recursive: true, force: true });
      report.orphanFilesRemoved.push(dir);
      continue;
    }
    for (const f of await readdir(join(ctx.paths.filesDir, dir)).catch(() => [] as string[])) {
      if (`${dir}/${f}` === row.storagePath || versionFiles.has(`${dir}/${f}`)) continue;
      await rm(join(ctx.paths.filesDir, dir, f), { recursive: true, force: true });
      report.orphanFilesRemoved.push(`${dir}/${f}`);
    }
  }

  const indexed = index ? await index.chunkCounts().catch(unreadable) : null;
  for (const id of indexed?.keys() ?? []) {
    if (byId.has(id)) continue;
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
    repairs(ctx).ids = report.requeued;
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
