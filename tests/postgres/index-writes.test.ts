// Index writes sent to the elected writer (issue 36): an instance elected writer answers another instance's request
// (a delete's chunks, the active flag) before it has indexed anything itself, e.g. just after it started or took over.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openContext, type AppContext } from '../../src/context';
import { indexWriter } from '../../src/cluster';
import { indexQueue } from '../../modules/documents/indexer';
import { followActiveFlag, removeIndexed } from '../../modules/documents/index-writes';
import { testConfig } from '../helpers/server';
import { postgresUnavailable, startPostgres, type TestPostgres } from '../helpers/postgres';
import { until } from './wait';

const unavailable = postgresUnavailable();
if (unavailable) console.warn(unavailable);

describe.skipIf(unavailable !== null)('index writes reach a writer that has not indexed anything yet', () => {
  let pg: TestPostgres;
  let shared: string;
  const contexts: AppContext[] = [];
  const open = async () => {
    const ctx = await openContext({
      ...testConfig({ INDEX_URI: join(shared, 'index'), FILES_DIR: join(shared, 'files') }),
      database: { kind: 'postgres', url: pg.url },
    });
    contexts.push(ctx);
    indexQueue(ctx); // as a server does at start (startupRepair): the election and the shared jobs
    return ctx;
  };

  beforeAll(async () => {
    pg = await startPostgres();
    shared = mkdtempSync(join(tmpdir(), 'askreg-shared-'));
  }, 60_000);
  afterAll(async () => {
    for (const ctx of contexts.reverse()) {
      await ctx.close();
      rmSync(ctx.config.dataDir, { recursive: true, force: true });
    }
    await pg?.stop();
    rmSync(shared, { recursive: true, force: true });
  });

  test("a delete's and a switch-off's index writes on the other instance are answered by the writer", async () => {
    const writer = await open();
    await until('the first instance writes the index', () => indexWriter(writer).isWriter);
    const other = await open();
    expect(indexWriter(other).isWriter).toBe(false);
    // no document: the writer applies the request from the row (none, so it removes), and answers
    await removeIndexed(other, 'no-such-document');
    await followActiveFlag(other, 'no-such-document', false);
  }, 60_000);
});
