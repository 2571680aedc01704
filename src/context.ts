// The per-app context handed to every feature plugin and service. Explicit (not a global) so tests
// can run several apps with separate data dirs in one process.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from './config';
import { openDatabase, type Db } from './db/client';
import type { Database } from 'bun:sqlite';
import { createLogger, type Logger } from './logger';

export interface AppPaths {
  dataDir: string;
  dbFile: string;
  filesDir: string;
  indexDir: string;
  tmpDir: string;
}

export interface AppContext {
  /** unique per app instance: Elysia plugin seeds, so two apps in one process never share plugin state */
  id: string;
  config: Config;
  db: Db;
  sqlite: Database;
  log: Logger;
  paths: AppPaths;
  /** Closed in reverse order at shutdown (index, OCR pool, dev IdP, …). */
  onClose(fn: () => void | Promise<void>): void;
  close(): Promise<void>;
}

export function createContext(config: Config, log?: Logger, migrationsDir?: string): AppContext {
  const paths: AppPaths = {
    dataDir: config.dataDir,
    dbFile: join(config.dataDir, 'app.db'),
    filesDir: join(config.dataDir, 'files'),
    indexDir: join(config.dataDir, 'index'),
    tmpDir: join(config.dataDir, 'tmp'),
  };
  for (const dir of [paths.dataDir, paths.filesDir, paths.indexDir, paths.tmpDir]) mkdirSync(dir, { recursive: true });
  const handle = openDatabase(paths.dbFile, migrationsDir);
  const closers: Array<() => void | Promise<void>> = [() => handle.close()];
  let closed = false;
  return {
    id: crypto.randomUUID(),
    config,
    db: handle.db,
    sqlite: handle.sqlite,
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
