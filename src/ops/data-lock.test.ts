// Issue 34 finding 13: `restore --force` under a running server returned 0 and the server went on with the
// old database. The server now holds DATA_DIR (server.lock) from start to stop; restore refuses while it does.
import { afterAll, expect, test } from 'bun:test';
import { existsSync, readFileSync, utimesSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { startTestServer, tempDataDir, testConfig } from '../../tests/helpers/server';
import { createContext } from '../context';
import { createBackup } from './backup';
import { acquireDataLock, LOCK_FILE, liveHolder } from './data-lock';

const root = join(import.meta.dir, '..', '..');
async function restoreCli(archive: string, dataDir: string, ...flags: string[]) {
  const p = Bun.spawn([process.execPath, 'run', 'scripts/restore.ts', archive, ...flags], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'error', DATA_DIR: dataDir },
    stdout: 'pipe',
    stderr: 'pipe',
  });
  const [out, err, code] = await Promise.all([new Response(p.stdout).text(), new Response(p.stderr).text(), p.exited]);
  return { code, text: out + err };
}

const cleanup: Array<() => unknown> = [];
afterAll(async () => {
  for (const c of cleanup) await c();
});

async function anArchive(): Promise<string> {
  const dir = tempDataDir();
  createContext(testConfig({ DATA_DIR: dir })).close();
  const archive = join(tempDataDir(), 'b.tar.gz');
  await createBackup(dir, archive);
  return archive;
}

test('restore, forced or not, refuses while a server holds DATA_DIR; after the server stops it goes ahead', async () => {
  const archive = await anArchive();
  const server = await startTestServer();
  cleanup.push(() => server.close());
  const dataDir = server.ctx.config.dataDir;
  const lock = JSON.parse(readFileSync(join(dataDir, LOCK_FILE), 'utf8'));
  expect(lock).toMatchObject({ pid: process.pid, host: hostname() });

  for (const flags of [[], ['--force']]) {
    const r = await restoreCli(archive, dataDir, ...flags);
    expect(r.code).not.toBe(0);
    expect(r.text).toContain(`a server (pid ${process.pid}`);
    expect(r.text).toContain('stop it first');
  }
  expect((await server.request('/healthz')).status).toBe(200); // untouched

  await server.stop(500);
  expect(existsSync(join(dataDir, LOCK_FILE))).toBe(false);
  const after = await restoreCli(archive, dataDir, '--force');
  expect([after.code, after.text]).toEqual([0, expect.stringContaining('restored backup')]);
});

test('a second server on the same DATA_DIR is refused; a lock left by a dead process or an old heartbeat is not in the way', async () => {
  const dir = tempDataDir();
  // another live process on this host: a child that holds the lock
  const child = Bun.spawn(
    [
      process.execPath,
      '-e',
      `const { acquireDataLock } = await import('${join(import.meta.dir, 'data-lock.ts')}'); acquireDataLock(process.argv[1]); console.log('held'); await Bun.sleep(60000);`,
      dir,
    ],
    { stdout: 'pipe', stderr: 'inherit' },
  );
  cleanup.push(() => child.kill('SIGKILL'));
  const reader = child.stdout.getReader();
  expect(new TextDecoder().decode((await reader.read()).value)).toContain('held');
  expect(liveHolder(dir)).toMatchObject({ pid: child.pid });
  await expect(startTestServer({ DATA_DIR: dir })).rejects.toThrow(`a server (pid ${child.pid}`);
  await expect((await import('./backup')).restoreBackup(await anArchive(), dir, { force: true })).rejects.toThrow('stop it first');

  child.kill('SIGKILL'); // killed outright: the lock stays, but its process is gone
  await child.exited;
  expect(existsSync(join(dir, LOCK_FILE))).toBe(true);
  expect(liveHolder(dir)).toBeNull();

  // a lock written from another host (container) counts while its heartbeat is fresh
  writeFileSync(join(dir, LOCK_FILE), JSON.stringify({ pid: 1, host: 'other-container', token: 't', startedAt: 'earlier' }));
  expect(liveHolder(dir)).toMatchObject({ host: 'other-container' });
  const old = new Date(Date.now() - 10 * 60_000);
  utimesSync(join(dir, LOCK_FILE), old, old);
  expect(liveHolder(dir)).toBeNull();
  const release = acquireDataLock(dir);
  release();
  expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
});
