// The real-Postgres harness itself (issue 36): a cluster starts as an unprivileged user, Bun's SQL client reaches it,
// and stop() leaves nothing behind.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { existsSync } from 'node:fs';
import { SQL } from 'bun';
import { postgresUnavailable, startPostgres, type TestPostgres } from '../helpers/postgres';

const unavailable = postgresUnavailable();
if (unavailable) console.warn(unavailable);

describe.skipIf(unavailable !== null)('test Postgres harness', () => {
  let pg: TestPostgres;
  beforeAll(async () => {
    pg = await startPostgres();
  }, 60_000);
  afterAll(async () => {
    await pg?.stop();
  });

  test('answers queries through Bun.SQL and runs as a non-root user', async () => {
    const sql = new SQL(pg.url);
    try {
      const [row] = await sql`select current_user as who, version() as v`;
      expect(row.who).toBe('askreg');
      expect(String(row.v)).toContain('PostgreSQL');
    } finally {
      await sql.close();
    }
  });

  test('stop() removes the cluster directory', async () => {
    const other = await startPostgres();
    expect(existsSync(other.dir)).toBe(true);
    await other.stop();
    expect(existsSync(other.dir)).toBe(false);
  }, 60_000);
});
