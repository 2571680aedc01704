// Start-up work of two instances on one Postgres (issue 36): each has its own DATA_DIR, both see the same rows.
// Skipped, with a message, only when the `postgresql` package is absent; .ci/run installs it.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { rmSync } from 'node:fs';
import { openContext, type AppContext } from '../../src/context';
import { demoDocumentCount, loadDemoLibrary } from '../../modules/documents/demo';
import { listSupportedDocuments } from '../../modules/documents/catalog';
import { testConfig } from '../helpers/server';
import { postgresUnavailable, startPostgres, type TestPostgres } from '../helpers/postgres';

const unavailable = postgresUnavailable();
if (unavailable) console.warn(unavailable);

describe.skipIf(unavailable !== null)('two instances on one Postgres', () => {
  let pg: TestPostgres;
  let a: AppContext;
  let b: AppContext;
  beforeAll(async () => {
    pg = await startPostgres();
    const open = () => openContext({ ...testConfig({ DEMO_LIBRARY: 'true' }), database: { kind: 'postgres', url: pg.url } });
    a = await open();
    b = await open();
  }, 60_000);
  afterAll(async () => {
    for (const ctx of [a, b]) {
      await ctx?.close();
      if (ctx) rmSync(ctx.config.dataDir, { recursive: true, force: true });
    }
    await pg?.stop();
  });

  test('started together on an empty library, they load the demo library once', async () => {
    const loaded = await Promise.all([loadDemoLibrary(a), loadDemoLibrary(b)]);
    expect(loaded.sort()).toEqual([0, 3]);
    expect(await demoDocumentCount(b)).toBe(3);
    expect((await listSupportedDocuments(a)).total).toBe(3);
  }, 60_000);
});
