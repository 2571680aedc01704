// Online backup and restore of everything under DATA_DIR: a consistent SQLite snapshot (VACUUM INTO works
// while the server keeps writing, thanks to WAL), the original files and the LanceDB index, in one .tar.gz.
import { describeHolder, liveHolder } from './data-lock';
import { Database } from 'bun:sqlite';
import { chmodSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join, resolve, sep } from 'node:path';
import type { SharedStorage } from './backup-pg';
import { dirBytes } from '../dir-size';
import { readIndexInventory } from '../../modules/knowledge';
import { isInstallSecretFile } from '../secrets';

export interface BackupManifest {
  format: 'ask-reg-backup';
  version: 1;
  createdAt: string;
  tables: Record<string, number>;
  files: number;
  indexBytes: number;
  /** what the index copy holds: its table version and chunk rows per document */
  index: { version: number; documents: Record<string, number> } | null;
  /** ready documents the index copy lacks (or holds short): saved as 'indexing', re-indexed at the restored start */
  reindexOnRestore: string[];
}

export const countFiles = (dir: string): number =>
  existsSync(dir) ? readdirSync(dir, { withFileTypes: true }).reduce((n, e) => n + (e.isDirectory() ? countFiles(join(dir, e.name)) : 1), 0) : 0;

/**
 * Copies a live LanceDB directory so that every copied version is complete: a version's manifest is
 * written after its data files, so manifests (`_versions`) are copied first and data after them; old
 * versions' files are kept for a minute after they are superseded (index-maintenance.ts), longer than a
 * copy of a campus library takes. Files that vanish mid-copy belonged to versions we did not copy.
 */
export function copyLanceDir(src: string, dst: string): void {
  if (!existsSync(src)) return;
  const entries = readdirSync(src, { withFileTypes: true }).sort((a, b) => Number(b.name === '_versions') - Number(a.name === '_versions'));
  mkdirSync(dst, { recursive: true });
  for (const e of entries) {
    const from = join(src, e.name);
    try {
      if (e.isDirectory()) copyLanceDir(from, join(dst, e.name));
      else cpSync(from, join(dst, e.name));
    } catch (err) {
      if ((err as { code?: string }).code !== 'ENOENT') throw err;
    }
  }
}

/**
 * The two stores are copied one after the other while the server writes both, so the SQLite copy can
 * call a document ready whose rows the index copy lacks (written between the two copies, or a writer
 * that commits SQLite first). Such documents are saved as 'indexing' in the copy: the restored server
 * re-indexes them from their stored pages instead of showing them ready and answering from nowhere.
 */
function markUnindexed(dbFile: string, indexed: Record<string, number>): string[] {
  const db = new Database(dbFile);
  try {
    const ready = db.query<{ id: string; chunks: number }, []>("SELECT id, chunk_count AS chunks FROM documents WHERE status = 'ready'").all();
    const short = ready.filter((d) => d.chunks === 0 || indexed[d.id] !== d.chunks).map((d) => d.id);
    const mark = db.query("UPDATE documents SET status = 'indexing' WHERE id = ?");
    db.transaction(() => short.forEach((id) => mark.run(id)))();
    return short;
  } finally {
    db.close();
  }
}

export async function run(cmd: string[]): Promise<void> {
  const p = Bun.spawn(cmd, { stdout: 'ignore', stderr: 'pipe' });
  const code = await p.exited;
  if (code !== 0) throw new Error(`${cmd[0]} failed: ${await new Response(p.stderr).text()}`);
}

/** Where the embedded shape keeps files and index by default (FILES_DIR and INDEX_URI unset). */
const inDataDir = (dataDir: string): SharedStorage => ({ filesDir: dataDir, indexDir: join(dataDir, 'index') });

/** `storage`: FILES_DIR (holding files/) and INDEX_URI when set; by default both under `dataDir`. */
export async function createBackup(dataDir: string, archive: string, storage: SharedStorage = inDataDir(dataDir)): Promise<BackupManifest> {
  const dbFile = join(dataDir, 'app.db');
  if (!existsSync(dbFile)) throw new Error(`no database at ${dbFile}`);
  const stage = mkdtempSync(join(tmpdir(), 'askreg-backup-'));
  try {
    const src = new Database(dbFile, { readonly: true });
    src.exec('PRAGMA busy_timeout = 10000;');
    src.query(`VACUUM INTO ?`).run(join(stage, 'app.db'));
    src.close();
    const snap = new Database(join(stage, 'app.db'), { readonly: true });
    const tables: Record<string, number> = {};
    for (const { name } of snap
      .query<{ name: string }, []>("SELECT name FROM sqlite_master WHERE type='table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '\\_\\_%' ESCAPE '\\'")
      .all()) {
      tables[name] = snap.query<{ n: number }, []>(`SELECT count(*) AS n FROM "${name}"`).get()!.n;
    }
    snap.close();
    // After the SQLite snapshot: a document added or removed since is reconciled at the restored start
    // (orphan chunks removed, documents missing from the index re-indexed).
    if (existsSync(join(storage.filesDir, 'files'))) cpSync(join(storage.filesDir, 'files'), join(stage, 'files'), { recursive: true });
    copyLanceDir(storage.indexDir, join(stage, 'index'));
    // the install's own keys (unset SECRET_KEY): without them a restored install refuses its guests' cookies
    for (const name of readdirSync(dataDir)) if (isInstallSecretFile(name)) cpSync(join(dataDir, name), join(stage, name));
    const index = await readIndexInventory(join(stage, 'index'));
    const reindexOnRestore = markUnindexed(join(stage, 'app.db'), index?.documents ?? {});
    const manifest: BackupManifest = {
      format: 'ask-reg-backup',
      version: 1,
      createdAt: new Date().toISOString(),
      tables,
      files: countFiles(join(stage, 'files')),
      indexBytes: await dirBytes(join(stage, 'index')),
      index,
      reindexOnRestore,
    };
    writeFileSync(join(stage, 'manifest.json'), JSON.stringify(manifest, null, 2));
    mkdirSync(dirname(archive), { recursive: true });
    await run(['tar', '-czf', archive, '-C', stage, '.']);
    // it holds the users' data and the install's keys: readable by its owner only
    chmodSync(archive, 0o600);
    return manifest;
  } finally {
    rmSync(stage, { recursive: true, force: true });
  }
}

/**
 * Restores into `dataDir`. Refused while a server holds it (see data-lock.ts), `force` or not: the server
 * would go on with the files it has open. The previous contents are kept aside, not deleted.
 */
export async function restoreBackup(
  archive: string,
  dataDir: string,
  opts: { force?: boolean; storage?: SharedStorage } = {},
): Promise<{ manifest: BackupManifest; previous: string | null }> {
  const storage = opts.storage ?? inDataDir(dataDir);
  // FILES_DIR and INDEX_URI set outside DATA_DIR: restored there (kept aside with --force, like DATA_DIR)
  const outside = [join(storage.filesDir, 'files'), storage.indexDir].filter((d) => !resolve(d).startsWith(resolve(dataDir) + sep));
  const holder = liveHolder(dataDir);
  if (holder) throw new Error(describeHolder(holder, dataDir));
  const stage = mkdtempSync(join(tmpdir(), 'askreg-restore-'));
  try {
    await run(['tar', '-xzf', archive, '-C', stage]);
    const manifest = JSON.parse(readFileSync(join(stage, 'manifest.json'), 'utf8')) as BackupManifest & { database?: string };
    if (manifest.format !== 'ask-reg-backup') throw new Error('not an Ask-Reg backup');
    if (manifest.database === 'postgres') throw new Error('a backup of the Postgres shape: restore it with DATABASE_URL set (backup-pg.ts)');
    const db = new Database(join(stage, 'app.db'), { readonly: true });
    const check = db.query<{ integrity_check: string }, []>('PRAGMA integrity_check').get();
    db.close();
    if (check?.integrity_check !== 'ok') throw new Error(`backup database is damaged: ${check?.integrity_check}`);
    let previous: string | null = null;
    if (existsSync(join(dataDir, 'app.db'))) {
      if (!opts.force) throw new Error(`${dataDir} already holds data; pass --force to replace it (it is kept aside)`);
      previous = `${dataDir.replace(/\/+$/, '')}.before-restore-${Date.now()}`;
      renameSync(dataDir, previous);
    }
    const occupied = outside.filter((d) => existsSync(d) && readdirSync(d).length > 0);
    if (occupied.length && !opts.force) throw new Error(`${occupied.join(', ')} already holds data; pass --force to replace it (it is kept aside)`);
    for (const d of occupied) renameSync(d, `${d.replace(/\/+$/, '')}.before-restore-${Date.now()}`);
    mkdirSync(dataDir, { recursive: true });
    const target = (entry: string) =>
      entry === 'files' ? join(storage.filesDir, 'files') : entry === 'index' ? storage.indexDir : join(dataDir, basename(entry));
    for (const entry of readdirSync(stage)) {
      if (entry === 'manifest.json') continue;
      cpSync(join(stage, entry), target(entry), { recursive: true });
    }
    return { manifest, previous };
  } finally {
    rmSync(stage, { recursive: true, force: true });
  }
}
