// Usage: bun run scripts/restore.ts ARCHIVE [--force]   (stop the server first: refused while one holds DATA_DIR)
// The start-up reconciliation then checks the index against SQLite and repairs what differs.
import { loadConfig } from '../src/config';
import { restoreBackup } from '../src/ops/backup';
import { restorePgBackup } from '../src/ops/backup-pg';

const args = process.argv.slice(2);
const archive = args.find((a) => !a.startsWith('--'));
if (!archive) {
  console.error('usage: restore.ts ARCHIVE [--force]');
  process.exit(2);
}
const config = loadConfig();
try {
  const force = args.includes('--force');
  if (config.database.kind === 'postgres') {
    // issue 36: every instance stopped; the database (pg_restore), FILES_DIR and INDEX_URI
    const { manifest, previous } = await restorePgBackup(archive, config.database.url, { filesDir: config.filesDir, indexDir: config.indexDir }, { force });
    console.log(`restored backup of ${manifest.createdAt} into the database, ${config.filesDir} and ${config.indexDir}`);
    for (const p of previous) console.log(`previous data kept at ${p}`);
  } else {
    const { manifest, previous } = await restoreBackup(archive, config.dataDir, { force, storage: { filesDir: config.filesDir, indexDir: config.indexDir } });
    console.log(`restored backup of ${manifest.createdAt} into ${config.dataDir}`);
    if (previous) console.log(`previous data kept at ${previous}`);
  }
} catch (e) {
  console.error(`restore failed: ${(e as Error).message}`);
  process.exit(1);
}
