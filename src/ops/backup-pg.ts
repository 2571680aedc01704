// Backup and restore of the several-instance shape (issue 36 step 6): the Postgres database with pg_dump, plus the
// shared index (INDEX_URI) and files (FILES_DIR), in one .tar.gz like the embedded shape's (backup.ts).
//
// The dump and the index are two stores copied one after the other while the writer may index. The documents' state is
// read in the very snapshot pg_dump dumps (pg_export_snapshot + pg_dump --snapshot), so a document the dump calls
// ready whose rows the index copy lacks is known exactly; the restore sets those to 'indexing' and the writer indexes
// them again from their stored pages.
import { SQL } from 'bun';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync, cpSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { dirBytes } from '../dir-size';
import { readIndexInventory } from '../../modules/knowledge';
import { copyLanceDir, countFiles, run, type BackupManifest } from './backup';
import { LOCK_CLASS } from '../cluster/writer-lock';

/** The SQLite shape's manifest, marked as a Postgres dump's. */
export interface PgBackupManifest extends BackupManifest {
  database: 'postgres';
}

/** Where the shape keeps what is not in the database: FILES_DIR (holding files/ and drafts/) and the index directory. */
export interface SharedStorage {
  filesDir: string;
  indexDir: string;
}

const DUMP = 'database.pgdump';
const STORED = ['files', 'drafts'];

/** A Postgres client tool: PG_BIN's, else the newest Debian `postgresql` package's, else the one on PATH. */
export function pgTool(name: 'pg_dump' | 'pg_restore'): string {
  if (process.env.PG_BIN) return join(process.env.PG_BIN, name);
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).filter((v) => existsSync(join(root, v, 'bin', name))) : [];
  versions.sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(root, versions[0], 'bin', name) : name;
}

export async function createPgBackup(url: string, storage: SharedStorage, archive: string): Promise<PgBackupManifest> {
  const stage = mkdtempSync(join(tmpdir(), 'askreg-backup-'));
  const sql = new SQL(url, { max: 1 });
  try {
    const { tables, ready } = await sql.begin('isolation level repeatable read read only', async (tx) => {
      const [{ snapshot }] = await tx`select pg_export_snapshot() as snapshot`;
      // pg_dump reads this very snapshot while the transaction stays open
      await run([pgTool('pg_dump'), '--format=custom', '--no-owner', '--no-privileges', `--snapshot=${snapshot}`, `--file=${join(stage, DUMP)}`, url]);
      const names = (await tx`select tablename from pg_tables where schemaname = 'public' order by tablename`) as Array<{ tablename: string }>;
      const tables: Record<string, number> = {};
      for (const { tablename } of names) tables[tablename] = Number((await tx`select count(*) as n from ${tx(tablename)}`)[0].n);
      const ready = (await tx`select id, chunk_count from documents where status = 'ready'`) as Array<{ id: string; chunk_count: number }>;
      return { tables, ready };
    });
    for (const dir of STORED) if (existsSync(join(storage.filesDir, dir))) cpSync(join(storage.filesDir, dir), join(stage, dir), { recursive: true });
    copyLanceDir(storage.indexDir, join(stage, 'index'));
    const index = await readIndexInventory(join(stage, 'index'));
    const indexed = index?.documents ?? {};
    const manifest: PgBackupManifest = {
      format: 'ask-reg-backup',
      version: 1,
      database: 'postgres',
      createdAt: new Date().toISOString(),
      tables,
      files: countFiles(join(stage, 'files')),
      indexBytes: await dirBytes(join(stage, 'index')),
      index,
      reindexOnRestore: ready.filter((d) => d.chunk_count === 0 || indexed[d.id] !== d.chunk_count).map((d) => d.id),
    };
    writeFileSync(join(stage, 'manifest.json'), JSON.stringify(manifest, null, 2));
    mkdirSync(dirname(archive), { recursive: true });
    await run(['tar', '-czf', archive, '-C', stage, '.']);
    return manifest;
  } finally {
    await sql.close();
    rmSync(stage, { recursive: true, force: true });
  }
}

const holdsData = (dir: string) => existsSync(dir) && readdirSync(dir).length > 0;

/**
 * Restores into the database at `url` and the shared directories. Every instance must be stopped (refused while one
 * holds the index writer lock). An empty database is required unless `force`, which replaces the app's tables; folders
 * that hold data are refused unless `force`, which keeps them aside (renamed), as the embedded restore does.
 */
export async function restorePgBackup(
  archive: string,
  url: string,
  storage: SharedStorage,
  opts: { force?: boolean } = {},
): Promise<{ manifest: PgBackupManifest; previous: string[] }> {
  const stage = mkdtempSync(join(tmpdir(), 'askreg-restore-'));
  const sql = new SQL(url, { max: 1 });
  try {
    await run(['tar', '-xzf', archive, '-C', stage]);
    const manifest = JSON.parse(readFileSync(join(stage, 'manifest.json'), 'utf8')) as PgBackupManifest;
    if (manifest.format !== 'ask-reg-backup') throw new Error('not an Ask-Reg backup');
    if (manifest.database !== 'postgres') throw new Error('a backup of the embedded shape (SQLite): restore it without DATABASE_URL');
    const [{ running }] = await sql`select count(*)::int as running from pg_locks where locktype = 'advisory' and classid = ${LOCK_CLASS} and granted
      and database = (select oid from pg_database where datname = current_database())`;
    if (running > 0) throw new Error('an instance is running on this database (it holds the index writer lock); stop every instance first');
    const [{ n }] = await sql`select count(*)::int as n from pg_tables where schemaname = 'public'`;
    if (n > 0 && !opts.force) throw new Error('the database already holds tables; pass --force to replace them');
    const target = { files: storage.filesDir, index: storage.indexDir };
    const occupied = [join(target.files, 'files'), join(target.files, 'drafts'), target.index].filter(holdsData);
    if (occupied.length && !opts.force) throw new Error(`${occupied.join(', ')} already hold data; pass --force to replace them (they are kept aside)`);

    await run([
      pgTool('pg_restore'),
      '--no-owner',
      '--no-privileges',
      '--single-transaction',
      '--exit-on-error',
      ...(n > 0 ? ['--clean', '--if-exists'] : []),
      `--dbname=${url}`,
      join(stage, DUMP),
    ]);
    if (manifest.reindexOnRestore.length) await sql`update documents set status = 'indexing' where id in ${sql(manifest.reindexOnRestore)}`;

    const previous: string[] = [];
    for (const dir of occupied) {
      const aside = `${dir.replace(/\/+$/, '')}.before-restore-${Date.now()}`;
      renameSync(dir, aside);
      previous.push(aside);
    }
    for (const dir of STORED) if (existsSync(join(stage, dir))) cpSync(join(stage, dir), join(target.files, dir), { recursive: true });
    if (existsSync(join(stage, 'index'))) cpSync(join(stage, 'index'), target.index, { recursive: true });
    return { manifest, previous };
  } finally {
    await sql.close();
    rmSync(stage, { recursive: true, force: true });
  }
}
