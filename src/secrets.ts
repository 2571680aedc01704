// Per-install secret keys (cursor signing, guest cookies), kept in DATA_DIR so they survive restarts
// and never leave the server. Created once, race-safe across processes sharing the data dir.
import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AppContext } from './context';

const cache = new WeakMap<AppContext, Map<string, Buffer>>();

export function installSecret(ctx: AppContext, fileName: string): Buffer {
  const mine = cache.get(ctx) ?? new Map<string, Buffer>();
  cache.set(ctx, mine);
  const known = mine.get(fileName);
  if (known) return known;
  const file = join(ctx.paths.dataDir, fileName);
  try {
    writeFileSync(file, randomBytes(32).toString('hex'), { mode: 0o600, flag: 'wx' });
  } catch {
    // it exists already (possibly written by another process a moment ago)
  }
  let key = Buffer.from(readFileSync(file, 'utf8').trim(), 'hex');
  if (key.length < 32) {
    // damaged or foreign content: replace it; anything signed with the old key simply stops validating
    key = randomBytes(32);
    writeFileSync(file, key.toString('hex'), { mode: 0o600 });
  }
  mine.set(fileName, key);
  return key;
}
