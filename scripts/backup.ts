// Usage: bun run scripts/backup.ts [--out backups/ask-reg-<time>.tar.gz]
// Safe while the server runs: SQLite is snapshotted with VACUUM INTO. With DATABASE_URL=postgres://… (several
// instances, issue 36): pg_dump of the database, plus FILES_DIR and INDEX_URI (src/ops/backup-pg.ts).
import { loadConfig } from '../src/config';
import { createBackup } from '../src/ops/backup';
import { createPgBackup } from '../src/ops/backup-pg';

const args = process.argv.slice(2);
const outIdx = args.indexOf('--out');
const out = outIdx >= 0 ? args[outIdx + 1]! : `backups/ask-reg-${new Date().toISOString().replace(/[:.]/g, '-')}.tar.gz`;
const config = loadConfig();
const m =
  config.database.kind === 'postgres'
    ? await createPgBackup(config.database.url, { filesDir: config.filesDir, indexDir: config.indexDir }, out)
    : await createBackup(config.dataDir, out, { filesDir: config.filesDir, indexDir: config.indexDir });
console.log(`backup written to ${out}`);
console.log(
  `  rows: ${Object.entries(m.tables)
    .map(([t, n]) => `${t}=${n}`)
    .join(' ')}`,
);
console.log(
  `  files: ${m.files}, index: ${Math.round(m.indexBytes / 1024)} KiB, version ${m.index?.version ?? '-'} with ${Object.keys(m.index?.documents ?? {}).length} documents`,
);
if (m.reindexOnRestore.length) console.log(`  re-indexed at the restored start (written while the backup ran): ${m.reindexOnRestore.length} documents`);
