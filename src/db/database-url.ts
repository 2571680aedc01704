/** Where the relational data lives: the embedded SQLite file under DATA_DIR, or a Postgres server shared by several instances. */
export type DatabaseTarget = { kind: 'sqlite' } | { kind: 'postgres'; url: string };

/**
 * Parses DATABASE_URL. Unset means SQLite under DATA_DIR (the embedded default); otherwise only postgres:// or
 * postgresql:// is accepted, with a host or a socket directory (`?host=/path`) and a database name, so a typo fails at
 * start instead of at the first query. Returns a problem sentence instead of throwing so loadConfig reports it with the others.
 */
export function parseDatabaseUrl(value: string | undefined): DatabaseTarget | { problem: string } {
  const v = value?.trim();
  if (!v) return { kind: 'sqlite' };
  let u: URL;
  try {
    u = new URL(v);
  } catch {
    return { problem: 'DATABASE_URL must be a postgres:// URL such as postgres://askreg:secret@db:5432/askreg, or unset for SQLite under DATA_DIR' };
  }
  if (u.protocol !== 'postgres:' && u.protocol !== 'postgresql:')
    return { problem: `DATABASE_URL must start with postgres:// (got "${u.protocol}//"); leave it unset for SQLite under DATA_DIR` };
  if (!u.hostname && !u.searchParams.get('host')) return { problem: 'DATABASE_URL has no host (postgres://user:password@host:5432/database)' };
  if (u.pathname.replace(/^\/+/, '') === '') return { problem: 'DATABASE_URL has no database name (postgres://user:password@host:5432/database)' };
  return { kind: 'postgres', url: v };
}
