// Which database the test apps open (issue 36). Default: SQLite, a file in the app's temp DATA_DIR. With
// TEST_DATABASE=postgres every test app gets a fresh database on one throw-away cluster per test process
// (tests/helpers/postgres.ts), copied from a template migrated once (CREATE DATABASE … TEMPLATE), so the same module
// tests run on both shapes. scripts/test.ts runs the files listed in tests/postgres-suite.ts once more that way.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SQL } from 'bun';
import { migratePostgres } from '../../src/db/migrate-pg';
import { postgresBinDir, startPostgres, type TestPostgres } from './postgres';

/** True when this test process runs its apps on Postgres (`TEST_DATABASE=postgres`). */
export const onPostgres = process.env.TEST_DATABASE === 'postgres';

interface Cluster {
  pg: TestPostgres;
  admin: SQL;
}
let cluster: Promise<Cluster> | null = null;
let created = 0;
const TEMPLATE = 'askreg_template';

const urlOf = (pg: TestPostgres, database: string) => pg.url.replace(/\/askreg$/, `/${database}`);

function startCluster(): Promise<Cluster> {
  cluster ??= (async () => {
    const pg = await startPostgres();
    stopWhenGone(pg);
    const admin = new SQL(pg.url, { max: 1 });
    await admin.unsafe(`CREATE DATABASE ${TEMPLATE}`);
    await migratePostgres(urlOf(pg, TEMPLATE));
    return { pg, admin };
  })();
  return cluster;
}

/** bun test runs no exit hook a test could rely on: a detached watcher stops the cluster once this process is gone (killed too). */
function stopWhenGone(pg: TestPostgres): void {
  const bin = postgresBinDir()!;
  const asRoot = process.getuid?.() === 0;
  const stop = `${asRoot ? 'runuser -u nobody -- ' : ''}${bin}/pg_ctl -D '${pg.dir}/data' -m immediate -w stop`;
  const script = `while kill -0 ${process.pid} 2>/dev/null; do sleep 1; done; ${stop} >/dev/null 2>&1; rm -rf '${pg.dir}'`;
  spawn('setsid', ['sh', '-c', script], { stdio: 'ignore', detached: true }).unref();
}

export interface TestDatabase {
  url: string;
  /** drops it, disconnecting whoever is still on it */
  drop(): Promise<void>;
}

/** A fresh, migrated, empty Postgres database on this process's cluster (started at the first call, ~2 s). */
export async function freshPostgresDatabase(): Promise<TestDatabase> {
  const { pg, admin } = await startCluster();
  const name = `askreg_t${++created}`;
  await admin.unsafe(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE}`);
  return { url: urlOf(pg, name), drop: async () => void (await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)) };
}

/** The env a test app adds for its database: nothing on SQLite, a fresh DATABASE_URL under TEST_DATABASE=postgres. */
export async function testDatabaseEnv(env: Record<string, string>): Promise<{ env: Record<string, string>; drop(): Promise<void> }> {
  if (!onPostgres || env.DATABASE_URL) return { env, drop: async () => {} };
  const db = await freshPostgresDatabase();
  return { env: { ...env, DATABASE_URL: db.url }, drop: db.drop };
}

/** The pid of this process's cluster's postmaster (a bench counts the database's CPU from it), or null before it started. */
export async function clusterPid(): Promise<number | null> {
  if (!cluster) return null;
  const { pg } = await cluster;
  return Number(readFileSync(join(pg.dir, 'data', 'postmaster.pid'), 'utf8').split('\n')[0]);
}
