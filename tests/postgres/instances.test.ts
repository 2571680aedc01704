// Two instances on one real Postgres (issue 36): a cancel sent to one reaches the answer streaming on the other, and a
// synonym change made on one reaches the other's matchers. Two app contexts in one process, each with its own
// connections, so every message goes through the server's LISTEN/NOTIFY.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { rmSync } from 'node:fs';
import { openContext, type AppContext } from '../../src/context';
import { cancelEverywhere, receiveCancels, registerConnection } from '../../src/http/cancel';
import { adminSynonyms, createSynonymGroup, deleteSynonymGroup, followSynonymChanges } from '../../modules/synonyms/service';
import { testConfig } from '../helpers/server';
import { postgresUnavailable, startPostgres, type TestPostgres } from '../helpers/postgres';
import { until } from './wait';

const unavailable = postgresUnavailable();
if (unavailable) console.warn(unavailable);

describe.skipIf(unavailable !== null)('two instances on Postgres', () => {
  let pg: TestPostgres;
  let a: AppContext;
  let b: AppContext;
  beforeAll(async () => {
    pg = await startPostgres();
    const open = () => openContext({ ...testConfig(), database: { kind: 'postgres', url: pg.url } });
    a = await open();
    b = await open();
    for (const ctx of [a, b]) {
      await receiveCancels(ctx);
      await followSynonymChanges(ctx);
    }
  }, 60_000);
  afterAll(async () => {
    for (const ctx of [a, b]) {
      await ctx?.close();
      if (ctx) rmSync(ctx.config.dataDir, { recursive: true, force: true });
    }
    await pg?.stop();
  });

  test('a cancel sent to B stops the answer streaming on A, only for the client that started it', async () => {
    const signal = registerConnection(a, 'conn-1', 'guest:alice');
    expect(await cancelEverywhere(b, { connectionId: 'conn-1', owner: 'guest:mallory', userId: null })).toBe(false);
    expect(await cancelEverywhere(b, { connectionId: 'conn-1', owner: 'guest:alice', userId: null })).toBe(false); // not on B
    await until('A stops the answer', () => signal.aborted);
    // mallory's cancel came first and did nothing: alice's is what stopped it
    expect(String(signal.reason)).toContain('cancelled');
  });

  test('Stop pressed before the request reached A: A starts it cancelled', async () => {
    await cancelEverywhere(b, { connectionId: 'conn-2', owner: 'guest:bob', userId: null });
    // the message has been applied on A once a cancel for a later id, sent the same way, has
    const probe = registerConnection(a, 'probe', 'guest:bob');
    await cancelEverywhere(b, { connectionId: 'probe', owner: 'guest:bob', userId: null });
    await until('A applied both messages', () => probe.aborted);
    expect(registerConnection(a, 'conn-2', 'guest:bob').aborted).toBe(true);
  });

  test("a synonym group added on A is read by B's matchers, and its removal too", async () => {
    expect(adminSynonyms(b)).toHaveLength(0);
    const group = await createSynonymGroup(a, ['ห้องประชุม', 'มีตติ้งรูม']);
    await until("B reads A's group", () => adminSynonyms(b).length === 1);
    expect(adminSynonyms(b)[0]![0]).toEqual(['ห้องประชุม', 'มีตติ้งรูม']);
    await deleteSynonymGroup(a, group.id);
    await until("B drops A's group", () => adminSynonyms(b).length === 0);
  });
});
