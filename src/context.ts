// The per-app context handed to every feature plugin and service. Explicit (not a global) so tests
// can run several apps with separate data dirs in one process.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from './config';
import { openDatabase, openSqlite, type Database, type Db, type DbHandle, type Dialect, type Tables } from './db/client';
import type { Database as SqliteClient } from 'bun:sqlite';
import { createLogger, type Logger } from './logger';

export interface AppPaths {
  dataDir: string;
  dbFile: string;
  filesDir: string;
  /** drafted DOCX files: beside `files/` under FILES_DIR */
  draftsDir: string;
  indexDir: string;
  tmpDir: string;
}

export interface AppContext {
  /** unique per app instance: Elysia plugin seeds, so two apps in one process never share plugin state */
  id: string;
  config: Config;
  /** 'postgres' when DATABASE_URL names one (issue 36); only the converted services run there yet */
  dialect: Dialect;
  /** the query surface both dialects share (src/db/client.ts); query `tables`, not the schema imports */
  db: Db;
  tables: Tables;
  /** the client as it is, for queryRows / inTransaction */
  database: Database;
  /** the raw SQLite connection; throws on Postgres (a service still reading it is not converted yet) */
  sqlite: SqliteClient;
  log: Logger;
  paths: AppPaths;
  /** Closed in reverse order at shutdown (index, OCR pool, dev IdP, …). */
  onClose(fn: () => void | Promise<void>): void;
  close(): Promise<void>;
}

function appPaths(config: Config): AppPaths {
  const paths: AppPaths = {
    dataDir: config.dataDir,
    dbFile: join(config.dataDir, 'app.db'),
    // FILES_DIR and INDEX_URI (issue 36) default to DATA_DIR and DATA_DIR/index: today's places
    filesDir: join(config.filesDir, 'files'),
    draftsDir: join(config.filesDir, 'drafts'),
    indexDir: config.indexDir,
    tmpDir: join(config.dataDir, 'tmp'),
  };
  for (const dir of [paths.dataDir, paths.filesDir, paths.indexDir, paths.tmpDir]) mkdirSync(dir, { recursive: true });
  return paths;
}

/** The context on the embedded SQLite database (synchronous: the server, the CLI and most tests). */
export function createContext(config: Config, log?: Logger, migrationsDir?: string): AppContext {
  if (config.database.kind !== 'sqlite') throw new Error('createContext opens SQLite only; use openContext for DATABASE_URL=postgres://');
  const paths = appPaths(config);
  return contextOn(config, paths, openSqlite(paths.dbFile, migrationsDir), log);
}

/** The context on whichever database config.database names (Postgres is migrated first). */
export async function openContext(config: Config, log?: Logger, migrationsDir?: string): Promise<AppContext> {
  const paths = appPaths(config);
  return contextOn(config, paths, await openDatabase(config.database, paths.dbFile, migrationsDir), log);
}

function contextOn(config: Config, paths: AppPaths, handle: DbHandle, log?: Logger): AppContext {
  const closers: Array<() => void | Promise<void>> = [() => handle.close()];
  let closed = false;
  const sqlite = handle.sqlite;
  return {
    id: crypto.randomUUID(),
    config,
    dialect: handle.dialect,
    db: handle.db,
    tables: handle.tables,
    database: handle.database,
    get sqlite(): SqliteClient {
      if (!sqlite) throw new Error('ctx.sqlite on Postgres: this caller is not converted to the shared query surface yet (issue 36)');
      return sqlite;
    },
    log: log ?? createLogger(config.logLevel, config.logFormat),
    paths,
    onClose: (fn) => void closers.push(fn),
    async close() {
      if (closed) return;
      closed = true;
      for (const fn of closers.reverse()) {
        try {
          await fn();
        } catch {
          // keep closing the rest; shutdown must not stop half-way
        }
      }
    },
  };
}

/** Memoises one instance of some per-app state (rate limiter, cancel registry, …) per context. */
export function perApp<T>(factory: (ctx: AppContext) => T): (ctx: AppContext) => T {
  const cache = new WeakMap<AppContext, T>();
  return (ctx) => {
    let v = cache.get(ctx);
    if (v === undefined) {
      v = factory(ctx);
      cache.set(ctx, v);
    }
    return v;
  };
}
