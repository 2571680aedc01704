// Free space where the data lives: uploads, SQLite and the index all write there. Below DISK_FREE_MIN_MB
// the server is degraded (it still answers; an operator should act); with almost nothing left it is
// down, because every upload and every saved turn would fail.
// The reading is shared (shared-probe.ts, at most one a second): `statfs` runs on the server's thread, and
// while uploads are being written to the same disk it waits on the file system; a load balancer polling
// /healthz every 10 ms then held the event loop for everyone (issue 34 finding 8, the attachment flood).
import { statfs } from 'node:fs/promises';
import { type AppContext, perApp } from '../../src/context';
import type { HealthCheck } from './service';
import { sharedProbe } from './shared-probe';

const DOWN_BELOW_BYTES = 32 * 1024 * 1024;

const reads = perApp(() => ({ n: 0 }));

/** How many times this app has read the disk's free space (for tests). */
export const diskReads = (ctx: AppContext) => reads(ctx).n;

async function readDisk(ctx: AppContext): Promise<HealthCheck> {
  reads(ctx).n++;
  const s = await statfs(ctx.paths.dataDir);
  const freeBytes = s.bavail * s.bsize;
  const minBytes = ctx.config.diskFreeMinMb * 1024 * 1024;
  return { ok: freeBytes >= DOWN_BELOW_BYTES, degraded: freeBytes < minBytes, freeBytes, minFreeBytes: minBytes };
}

const shared = perApp((ctx) => sharedProbe(() => readDisk(ctx), { freshMs: 1_000, maxStaleMs: 10_000 }));

export const diskCheck = (ctx: AppContext): Promise<HealthCheck> => shared(ctx)();
