// Postgres migrations under an advisory lock (issue 36): instances that start together migrate once; the others wait.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { SQL } from 'bun';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MIGRATION_LOCK_KEY, migratePostgres, PG_MIGRATIONS_DIR } from '../../src/db/migrate-pg';
import { MIGRATIONS_DIR, openDatabase } from '../../src/db/client';
import { postgresUnavailable, startPostgres, type TestPostgres } from '../helpers/postgres';

const unavailable = postgresUnavailable();
if (unavailable) console.warn(unavailable);

describe.skipIf(unavailable !== null)('Postgres migrations', () => {
  let pg: TestPostgres;
  let sql: SQL;
  beforeAll(async () => {
    pg = await startPostgres();
    sql = new SQL(pg.url, { max: 1 });
  }, 60_000);
  afterAll(async () => {
    await sql?.close();
    await pg?.stop();
  });

  const applied = async () => {
    const [{ t }] = await sql`select to_regclass('drizzle.__drizzle_migrations') is not null as t`;
    if (!t) return 0;
    const [{ n }] = await sql`select count(*)::int as n from drizzle.__drizzle_migrations`;
    return n as number;
  };

  test('two concurrent migrators: one applies, the other waits on the lock and then finds nothing to do', async () => {
    // Hold the lock so both migrators are certainly waiting at once, then let them race for it.
    const holder = new SQL(pg.url, { max: 1 });
    await holder`select pg_advisory_lock(${MIGRATION_LOCK_KEY.toString()}::bigint)`;
    const seenOnLock: number[] = [];
    const run = () => migratePostgres(pg.url, { onLocked: async () => void seenOnLock.push(await applied()) });
    const both = Promise.all([run(), run()]);
    const waiting = async () => {
      const [{ n }] = await sql`select count(*)::int as n from pg_locks where locktype = 'advisory' and not granted`;
      return n as number;
    };
    const deadline = Date.now() + 10_000;
    while ((await waiting()) < 2 && Date.now() < deadline) await Bun.sleep(20);
    expect(await waiting()).toBe(2);
    await holder`select pg_advisory_unlock(${MIGRATION_LOCK_KEY.toString()}::bigint)`;
    await holder.close();
    await both;

    // The first to get the lock saw no migrations; the second saw them all applied already.
    expect(seenOnLock).toEqual([0, await applied()]);
    expect(await applied()).toBeGreaterThan(0);
    const tables = await sql`select table_name from information_schema.tables where table_schema = 'public' order by 1`;
    const names = tables.map((r: { table_name: string }) => r.table_name);
    expect(names).toContain('users');
    expect(names).toContain('conversation_details');
    expect(new Set(names).size).toBe(names.length);
    // Nothing is left locked for the next instance.
    const [{ n }] = await sql`select count(*)::int as n from pg_locks where locktype = 'advisory'`;
    expect(n).toBe(0);
  }, 60_000);

  test('the single binary’s migrations folder (SQLite’s, with the Postgres ones in pg/) migrates an empty Postgres', async () => {
    await sql`create database from_binary`;
    const url = pg.url.replace(/\/askreg$/, '/from_binary');
    const dir = mkdtempSync(join(tmpdir(), 'askreg-migrations-'));
    try {
      cpSync(MIGRATIONS_DIR, dir, { recursive: true });
      // without pg/ the folder names no Postgres migrations: refused, not an empty database taken as migrated
      await expect(openDatabase({ kind: 'postgres', url }, join(dir, 'unused.db'), dir)).rejects.toThrow();
      cpSync(PG_MIGRATIONS_DIR, join(dir, 'pg'), { recursive: true });
      const db = await openDatabase({ kind: 'postgres', url }, join(dir, 'unused.db'), dir);
      await db.close();
      const check = new SQL(url, { max: 1 });
      const [{ n }] = await check`select count(*)::int as n from drizzle.__drizzle_migrations`;
      await check.close();
      expect(n).toBe(await applied());
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
