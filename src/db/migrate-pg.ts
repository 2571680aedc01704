// Postgres migrations at start (issue 36). Several instances may start together; each takes the same session-level
// advisory lock first, so exactly one applies the pending migrations and the others wait, then find nothing to do.
import { join } from 'node:path';
import { SQL } from 'bun';
import { drizzle } from 'drizzle-orm/bun-sql';
import { migrate } from 'drizzle-orm/bun-sql/migrator';

export const PG_MIGRATIONS_DIR = join(import.meta.dir, 'migrations-pg');
/** Any fixed 64-bit key shared by every instance of this app; "askreg" in ASCII. */
export const MIGRATION_LOCK_KEY = 0x61736b726567n;

/**
 * Applies pending migrations under pg_advisory_lock. The lock is held on one reserved connection (a pooled
 * connection could unlock on a different session than it locked), and is released even when a migration fails.
 */
export async function migratePostgres(url: string, opts: { migrationsFolder?: string; onLocked?: () => Promise<void> | void } = {}): Promise<void> {
  const client = new SQL(url, { max: 1 });
  try {
    await client`select pg_advisory_lock(${MIGRATION_LOCK_KEY.toString()}::bigint)`;
    try {
      await opts.onLocked?.();
      await migrate(drizzle({ client }), { migrationsFolder: opts.migrationsFolder ?? PG_MIGRATIONS_DIR });
    } finally {
      await client`select pg_advisory_unlock(${MIGRATION_LOCK_KEY.toString()}::bigint)`;
    }
  } finally {
    await client.close();
  }
}
