// Free space where the data lives: uploads, SQLite and the index all write there. Below DISK_FREE_MIN_MB
// the server is degraded (it still answers; an operator should act); with almost nothing left it is
// down, because every upload and every saved turn would fail.
import { statfs } from 'node:fs/promises';
import type { AppContext } from '../../src/context';
import type { HealthCheck } from './service';

const DOWN_BELOW_BYTES = 32 * 1024 * 1024;

export async function diskCheck(ctx: AppContext): Promise<HealthCheck> {
  const s = await statfs(ctx.paths.dataDir);
  const freeBytes = s.bavail * s.bsize;
  const minBytes = ctx.config.diskFreeMinMb * 1024 * 1024;
  return { ok: freeBytes >= DOWN_BELOW_BYTES, degraded: freeBytes < minBytes, freeBytes, minFreeBytes: minBytes };
}
