// A throw-away Postgres cluster for tests on the real engine (issue 36): Debian's `postgresql` binaries, a cluster in
// a temp dir, trust auth on a free loopback port, removed at the end. Postgres refuses to run as root and CI runs as
// root, so the cluster is owned by and run as `nobody` then.
import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface TestPostgres {
  /** postgres://askreg@127.0.0.1:PORT/askreg, superuser, no password */
  url: string;
  port: number;
  dir: string;
  stop(): Promise<void>;
}

/** The newest installed server's bin directory, or null when the `postgresql` package is absent. */
export function postgresBinDir(): string | null {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((v) => existsSync(join(root, v, 'bin', 'pg_ctl')) && existsSync(join(root, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(root, versions[0], 'bin') : null;
}

/** Why Postgres tests cannot run here, or null when they can. CI installs the package, so there it is never skipped. */
export function postgresUnavailable(): string | null {
  if (postgresBinDir()) return null;
  return 'Postgres tests skipped: the `postgresql` package is not installed (apt-get install postgresql; .ci/run does it)';
}

const NOBODY = 65534;

async function freePort(): Promise<number> {
  return await new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as { port: number }).port;
      srv.close(() => resolve(port));
    });
  });
}

/** Starts a fresh cluster (about a second) with an `askreg` database; `stop()` stops it and deletes its directory. */
export async function startPostgres(): Promise<TestPostgres> {
  const bin = postgresBinDir();
  if (!bin) throw new Error(postgresUnavailable() ?? 'no postgres');
  const asRoot = process.getuid?.() === 0;
  const dir = mkdtempSync(join(tmpdir(), 'askreg-pg-'));
  if (asRoot) chownSync(dir, NOBODY, NOBODY);
  const data = join(dir, 'data');
  const run = (tool: string, args: string[]) => {
    const [cmd, argv] = asRoot ? ['runuser', ['-u', 'nobody', '--', join(bin, tool), ...args]] : [join(bin, tool), args];
    const r = spawnSync(cmd, argv, { cwd: dir, encoding: 'utf8', timeout: 60_000 });
    if (r.status !== 0) throw new Error(`${tool} failed (${r.status}): ${r.stderr || r.stdout}`);
  };
  try {
    run('initdb', ['-D', data, '-U', 'askreg', '-A', 'trust', '-E', 'UTF8', '--no-sync', '--locale=C.UTF-8']);
    const port = await freePort();
    // fsync off: a test cluster never survives a crash anyway, and it halves start and migration time on a shared disk.
    // TEST_PG_OPTIONS: more server settings (the load bench's LOAD_PG_STATEMENTS, scripts/bench/pg-statements.ts).
    const opts = `-p ${port} -c listen_addresses=127.0.0.1 -k ${dir} -c fsync=off -c synchronous_commit=off -c full_page_writes=off ${process.env.TEST_PG_OPTIONS ?? ''}`;
    run('pg_ctl', ['-D', data, '-o', opts, '-l', join(dir, 'log'), '-w', '-t', '30', 'start']);
    run('createdb', ['-h', dir, '-p', String(port), '-U', 'askreg', 'askreg']);
    let stopped = false;
    return {
      url: `postgres://askreg@127.0.0.1:${port}/askreg`,
      port,
      dir,
      async stop() {
        if (stopped) return;
        stopped = true;
        try {
          run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
        } finally {
          rmSync(dir, { recursive: true, force: true });
        }
      },
    };
  } catch (e) {
    // A half-started cluster must not outlive the test: stop whatever may be running, then remove the directory.
    try {
      execFileSync(
        asRoot ? 'runuser' : join(bin, 'pg_ctl'),
        asRoot ? ['-u', 'nobody', '--', join(bin, 'pg_ctl'), '-D', data, '-m', 'immediate', 'stop'] : ['-D', data, '-m', 'immediate', 'stop'],
        { stdio: 'ignore' },
      );
    } catch {}
    rmSync(dir, { recursive: true, force: true });
    throw e;
  }
}
