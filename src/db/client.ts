// The relational database behind every service: the embedded SQLite file (the default) or a Postgres server
// shared by several instances (issue 36), opened by dialect with the migrations of that dialect.
//
// One query surface for both: services are typed against the SQLite client (`Db`) and the SQLite tables, and get
// the Postgres client and the Postgres twins of the tables (`ctx.tables`) when DATABASE_URL is postgres://. That is
// sound for the part both drizzle clients share and services may use: awaiting a query builder (never `.get()`,
// `.all()`, `.run()`, `.values()`, which only SQLite has), `.returning()`, `.onConflictDoUpdate/DoNothing()`, and
// `firstRow`/`queryRows`/`inTransaction` below. tests/postgres/schema-drift.test.ts keeps the twins' columns and type
// classes equal (so the rows have the same shape), and tests/postgres/services.test.ts runs the converted services on both.
import { Database as SqliteClient } from 'bun:sqlite';
import { SQL as PgClient } from 'bun';
import { drizzle, type BunSQLiteDatabase } from 'drizzle-orm/bun-sqlite';
import { drizzle as drizzlePg, type BunSQLDatabase } from 'drizzle-orm/bun-sql';
import { migrate } from 'drizzle-orm/bun-sqlite/migrator';
import type { SQL } from 'drizzle-orm';
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { DatabaseTarget } from './database-url';
import { migratePostgres } from './migrate-pg';
import * as schema from './schema';
import * as pgSchema from './schema.pg';

export type Dialect = 'sqlite' | 'postgres';
export type SqliteDb = BunSQLiteDatabase<typeof schema>;
export type PgDb = BunSQLDatabase<typeof pgSchema>;
/** Either drizzle client, as it really is. */
export type Database = SqliteDb | PgDb;
/** The query surface services are typed against (see the top of this file). */
export type Db = SqliteDb;
/** The tables services query, typed as the SQLite ones; the Postgres twins on Postgres. */
export type Tables = typeof schema;

export interface DbHandle {
  dialect: Dialect;
  /** the client, typed as the shared query surface */
  db: Db;
  /** the client as it is, for the few dialect-specific calls */
  database: Database;
  tables: Tables;
  /** the raw SQLite connection; null on Postgres */
  sqlite: SqliteClient | null;
  close(): Promise<void>;
}

export const MIGRATIONS_DIR = join(import.meta.dir, 'migrations');
let defaultMigrations = MIGRATIONS_DIR;

let defaultPgMigrations: string | undefined;

/** The single binary's maintainer commands open the database through scripts: they use the migrations it embeds. */
export function setMigrationsFolder(dir: string): void {
  defaultMigrations = dir;
  defaultPgMigrations = pgMigrationsIn(dir);
}

/** A migrations folder the single binary writes holds the Postgres ones in `pg/` (scripts/build-binary.ts). */
export const pgMigrationsIn = (dir: string) => join(dir, 'pg');

/** Opens (creating if needed) the SQLite file with WAL and foreign keys on, and applies pending migrations. */
export function openSqlite(file: string, migrationsDir = defaultMigrations): DbHandle & { sqlite: SqliteClient } {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const sqlite = new SqliteClient(file, { create: true, strict: true });
  // The wait for a lock first: switching to WAL needs one, and a CLI (admin, backup) opens the database
  // while the server writes to it ("database is locked" at once otherwise).
  sqlite.exec('PRAGMA busy_timeout = 5000;');
  sqlite.exec('PRAGMA journal_mode = WAL;');
  sqlite.exec('PRAGMA foreign_keys = ON;');
  sqlite.exec('PRAGMA synchronous = NORMAL;');
  const db = drizzle(sqlite, { schema });
  migrate(db, { migrationsFolder: migrationsDir });
  return {
    dialect: 'sqlite',
    db,
    database: db,
    tables: schema,
    sqlite,
    async close() {
      try {
        sqlite.exec('PRAGMA optimize;');
      } finally {
        sqlite.close();
      }
    },
  };
}

/** Connects to Postgres and applies its pending migrations (one instance at a time, under an advisory lock). */
export async function openPostgres(url: string, opts: { max?: number; migrationsFolder?: string } = {}): Promise<DbHandle> {
  await migratePostgres(url, { migrationsFolder: opts.migrationsFolder });
  const client = new PgClient(url, { max: opts.max ?? 10 });
  const database = drizzlePg({ client, schema: pgSchema });
  return {
    dialect: 'postgres',
    db: database as unknown as Db,
    database,
    tables: pgSchema as unknown as Tables,
    sqlite: null,
    close: () => client.close(),
  };
}

/** The database DATABASE_URL names: SQLite at `sqliteFile` when unset, else Postgres. */
export async function openDatabase(target: DatabaseTarget, sqliteFile: string, migrationsDir?: string): Promise<DbHandle> {
  if (target.kind === 'sqlite') return openSqlite(sqliteFile, migrationsDir);
  return await openPostgres(target.url, { migrationsFolder: migrationsDir ? pgMigrationsIn(migrationsDir) : defaultPgMigrations });
}

interface HasDb {
  dialect: Dialect;
  database: Database;
}

/** The rows of a raw SQL query on either dialect (drizzle names it `all` on SQLite and `execute` on Postgres). */
export async function queryRows<T>(h: HasDb, query: SQL): Promise<T[]> {
  if (h.dialect === 'sqlite') return (h.database as SqliteDb).all<T>(query);
  return [...((await (h.database as PgDb).execute(query)) as unknown as T[])];
}

/** `queryRows` on the client `inTransaction` hands its callback (so the statement runs in that transaction). */
export function txRows<T>(h: { dialect: Dialect }, tx: Db, query: SQL): Promise<T[]> {
  return queryRows<T>({ dialect: h.dialect, database: tx as unknown as Database }, query);
}

/** The first row of a query builder or prepared query, or undefined: `.get()` exists on SQLite only. */
export async function firstRow<T>(rows: PromiseLike<T[]>): Promise<T | undefined> {
  return (await rows)[0];
}

/** `.prepare()` of either dialect: Postgres names its prepared statements, SQLite takes no name. Run with `await q.execute(params)`. */
export function prepareNamed<Q extends { prepare(): unknown }>(q: Q, name: string): ReturnType<Q['prepare']> {
  return (q.prepare as (name: string) => ReturnType<Q['prepare']>).call(q, name);
}

/**
 * Runs `fn` in one transaction on either dialect; it commits when `fn` resolves and rolls back when it throws.
 * Postgres: drizzle's own (a pooled connection is reserved for it). SQLite: drizzle's bun-sqlite transaction is
 * synchronous — with an async callback it commits at the first `await` and a later throw rolls nothing back (see
 * docs/scaling.md) — so this one issues BEGIN IMMEDIATE … COMMIT itself and runs one transaction at a time per
 * connection. SQLite has one connection per app, so `fn` must await only this database: while it waits, another
 * request's statements would join the transaction.
 */
export async function inTransaction<T>(h: HasDb & { sqlite?: SqliteClient | null }, fn: (tx: Db) => Promise<T>): Promise<T> {
  if (h.dialect === 'postgres') return (h.database as PgDb).transaction((tx) => fn(tx as unknown as Db));
  const sqlite = h.sqlite!;
  const prev = sqliteTxQueue.get(sqlite) ?? Promise.resolve();
  let release!: () => void;
  const mine = new Promise<void>((r) => (release = r));
  sqliteTxQueue.set(sqlite, mine);
  await prev;
  try {
    sqlite.exec('BEGIN IMMEDIATE');
    try {
      const result = await fn(h.database as SqliteDb);
      sqlite.exec('COMMIT');
      return result;
    } catch (e) {
      if (sqlite.inTransaction) sqlite.exec('ROLLBACK');
      throw e;
    }
  } finally {
    if (sqliteTxQueue.get(sqlite) === mine) sqliteTxQueue.delete(sqlite);
    release();
  }
}
const sqliteTxQueue = new WeakMap<SqliteClient, Promise<void>>();

/**
 * Runs `fn` while holding a named lock that every instance on this database shares: on Postgres a session-level
 * advisory lock on a connection of its own (so `fn` may run transactions and wait on anything meanwhile); on SQLite
 * nothing, since the data-directory lock (src/ops/data-lock.ts) already keeps a second server off the same file.
 */
export async function withInstanceLock<T>(h: { dialect: Dialect; config: { database: DatabaseTarget } }, name: string, fn: () => Promise<T>): Promise<T> {
  if (h.dialect !== 'postgres' || h.config.database.kind !== 'postgres') return await fn();
  const client = new PgClient(h.config.database.url, { max: 1 });
  try {
    await client`select pg_advisory_lock(hashtext(${name}))`;
    try {
      return await fn();
    } finally {
      await client`select pg_advisory_unlock(hashtext(${name}))`;
    }
  } finally {
    await client.close();
  }
}
