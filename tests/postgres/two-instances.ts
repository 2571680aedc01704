// Two app contexts on one throw-away Postgres, each with its own DATA_DIR and connections: what the instance tests
// share. Call inside a describe; the contexts are opened before its tests and closed (their folders removed) after.
import { afterAll, beforeAll } from 'bun:test';
import { rmSync } from 'node:fs';
import { openContext, type AppContext } from '../../src/context';
import { testConfig } from '../helpers/server';
import { startPostgres, type TestPostgres } from '../helpers/postgres';

export function twoInstances(env: Record<string, string> = {}, then?: (ctx: AppContext) => Promise<void>): { a: AppContext; b: AppContext } {
  const both = {} as { a: AppContext; b: AppContext };
  let pg: TestPostgres | undefined;
  beforeAll(async () => {
    pg = await startPostgres();
    const open = () => openContext({ ...testConfig(env), database: { kind: 'postgres', url: pg!.url } });
    both.a = await open();
    both.b = await open();
    if (then) for (const ctx of [both.a, both.b]) await then(ctx);
  }, 60_000);
  afterAll(async () => {
    for (const ctx of [both.a, both.b]) {
      await ctx?.close();
      if (ctx) rmSync(ctx.config.dataDir, { recursive: true, force: true });
    }
    await pg?.stop();
  });
  return both;
}
