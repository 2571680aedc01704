import { Database } from 'bun:sqlite';
import { drizzle, type BunSQLiteDatabase } from 'drizzle-orm/bun-sqlite';
import { migrate } from 'drizzle-orm/bun-sqlite/migrator';
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import * as schema from './schema';

export type Db = BunSQLiteDatabase<typeof schema>;
export interface DbHandle {
  sqlite: Database;
  db: Db;
  close(): void;
}

export const MIGRATIONS_DIR = join(import.meta.dir, 'migrations');
let defaultMigrations = MIGRATIONS_DIR;

/** The single binary's maintainer commands open the database through scripts: they use the migrations it embeds. */
export function setMigrationsFolder(dir: string): void {
  defaultMigrations = dir;
}

/** Opens (creating if needed) the SQLite file with WAL and foreign keys on, and applies pending migrations. */
export function openDatabase(file: string, migrationsDir = defaultMigrations): DbHandle {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const sqlite = new Database(file, { create: true, strict: true });
  // The wait for a lock first: switching to WAL needs one, and a CLI (admin, backup) opens the database
  // while the server writes to it ("database is locked" at once otherwise).
  sqlite.exec('PRAGMA busy_timeout = 5000;');
  sqlite.exec('PRAGMA journal_mode = WAL;');
  sqlite.exec('PRAGMA foreign_keys = ON;');
  sqlite.exec('PRAGMA synchronous = NORMAL;');
  const db = drizzle(sqlite, { schema });
  migrate(db, { migrationsFolder: migrationsDir });
  return {
    sqlite,
    db,
    close() {
      try {
        sqlite.exec('PRAGMA optimize;');
      } finally {
        sqlite.close();
      }
    },
  };
}
