// Secret keys (cursor signing, guest cookies, …) that never leave the server but in its own backups (ops/backup.ts). With SECRET_KEY set (issue 36: several
// instances) each key is derived from it by name, so every instance signs and accepts the same cookies; unset, each
// is a per-install file in DATA_DIR, created once, race-safe across processes sharing the data dir.
import { createHmac, randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AppContext } from './context';

const cache = new WeakMap<AppContext, Map<string, Buffer>>();

/**
 * Whether a name in DATA_DIR is one of the install's own keys (installSecret's files: "guest-cookie.secret",
 * "cursor.key" …): a backup carries them, so a restored install accepts its guests' cookies and knows their votes.
 */
export const isInstallSecretFile = (name: string): boolean => /^[a-z][a-z-]*\.(?:secret|key)$/.test(name);

export function installSecret(ctx: AppContext, fileName: string): Buffer {
  const mine = cache.get(ctx) ?? new Map<string, Buffer>();
  cache.set(ctx, mine);
  const known = mine.get(fileName);
  if (known) return known;
  const key = ctx.config.secretKey ? createHmac('sha256', ctx.config.secretKey).update(`askreg-secret:${fileName}`).digest() : fileSecret(ctx, fileName);
  mine.set(fileName, key);
  return key;
}

function fileSecret(ctx: AppContext, fileName: string): Buffer {
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
  return key;
}
