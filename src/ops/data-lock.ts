// Which server holds a data directory. A running server keeps SQLite and the index open, so a restore under
// it is lost: the server goes on with the files it has open, and the restored rows are never indexed. The
// server writes DATA_DIR/server.lock at start (its pid, host and a token) and removes it at stop; while it runs
// it touches the file every HEARTBEAT_MS. The lock is live when its process still runs on this host, or, from
// another host or container (where a pid says nothing), when it was touched within STALE_MS. A server killed
// outright leaves a lock that is stale by either test, so nothing has to be cleaned by hand.
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';

export const LOCK_FILE = 'server.lock';
const HEARTBEAT_MS = 10_000;
const STALE_MS = 3 * HEARTBEAT_MS + 5_000;

interface LockRecord {
  pid: number;
  host: string;
  token: string;
  startedAt: string;
}

export interface LiveHolder {
  pid: number;
  host: string;
  startedAt: string;
}

function read(file: string): LockRecord | null {
  try {
    const r = JSON.parse(readFileSync(file, 'utf8')) as LockRecord;
    return typeof r.pid === 'number' && typeof r.host === 'string' ? r : null;
  } catch {
    return null;
  }
}

function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM'; // alive, only not ours to signal
  }
}

/** The server holding `dataDir`, or null when none does (no lock, or a stale one). This process never counts. */
export function liveHolder(dataDir: string): LiveHolder | null {
  const file = join(dataDir, LOCK_FILE);
  if (!existsSync(file)) return null;
  const r = read(file);
  if (!r) return null;
  const sameHost = r.host === hostname();
  if (sameHost && r.pid === process.pid) return null;
  const live = sameHost ? running(r.pid) : Date.now() - statSync(file).mtimeMs < STALE_MS;
  return live ? { pid: r.pid, host: r.host, startedAt: r.startedAt } : null;
}

export const describeHolder = (h: LiveHolder, dataDir: string) =>
  `a server (pid ${h.pid} on ${h.host}, started ${h.startedAt}) is using ${dataDir}; stop it first`;

/** Takes the lock for this process; throws when another live server holds it. Returns its release. */
export function acquireDataLock(dataDir: string): () => void {
  const holder = liveHolder(dataDir);
  if (holder) throw new Error(describeHolder(holder, dataDir));
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, LOCK_FILE);
  const token = crypto.randomUUID();
  writeFileSync(file, JSON.stringify({ pid: process.pid, host: hostname(), token, startedAt: new Date().toISOString() } satisfies LockRecord));
  const beat = setInterval(() => {
    const now = new Date();
    try {
      if (read(file)?.token === token) utimesSync(file, now, now);
    } catch {
      // a restore moved the directory away or the disk is gone: nothing to keep alive
    }
  }, HEARTBEAT_MS);
  beat.unref?.();
  return () => {
    clearInterval(beat);
    // Only our own lock: a server started after us on the same directory keeps its lock.
    if (read(file)?.token === token) rmSync(file, { force: true });
  };
}
