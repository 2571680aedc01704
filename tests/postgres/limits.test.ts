// The limits on both stores (issue 36): the conformance table (limit-cases.ts) on the embedded default's memory store and
// on Postgres; then two instances on one Postgres share every budget, and a dead instance's answer slots stop counting.
import { afterAll, beforeAll, describe, expect, spyOn, test } from 'bun:test';
import { rmSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { createContext, openContext, type AppContext } from '../../src/context';
import { queryRows } from '../../src/db/client';
import { limitStore } from '../../src/http/limits/store';
import { SLOT_LEASE_MS } from '../../src/http/limits/postgres';
import { testConfig } from '../helpers/server';
import { postgresUnavailable, startPostgres, type TestPostgres } from '../helpers/postgres';
import { limitCases } from './limit-cases';

const unavailable = postgresUnavailable();
if (unavailable) console.warn(unavailable);

let pg: TestPostgres | undefined;
const contexts: AppContext[] = [];
afterAll(async () => {
  for (const ctx of contexts) {
    await ctx.close();
    rmSync(ctx.config.dataDir, { recursive: true, force: true });
  }
  await pg?.stop();
});

const stores = [
  { name: 'in memory (SQLite default)', skip: false, open: async () => createContext(testConfig()) },
  {
    name: 'on Postgres',
    skip: unavailable !== null,
    async open() {
      pg ??= await startPostgres();
      return await openContext({ ...testConfig(), database: { kind: 'postgres', url: pg.url } });
    },
  },
];

for (const store of stores) {
  describe.skipIf(store.skip)(`limits ${store.name}`, () => {
    let ctx: AppContext;
    beforeAll(async () => {
      ctx = await store.open();
      contexts.push(ctx);
    }, 60_000);
    for (const c of limitCases) test(c.name, () => c.run(ctx), 30_000);
  });
}

describe.skipIf(unavailable !== null)('limits across two instances on one Postgres', () => {
  let a: AppContext;
  let b: AppContext;
  const now = Date.now();
  beforeAll(async () => {
    pg ??= await startPostgres();
    for (let i = 0; i < 2; i++) contexts.push(await openContext({ ...testConfig(), database: { kind: 'postgres', url: pg.url } }));
    [a, b] = contexts.slice(-2) as [AppContext, AppContext];
  }, 60_000);

  test('tokens, windows and answer slots spent on one instance are spent on the other', async () => {
    for (let i = 0; i < 2; i++) expect(await limitStore(a).takeToken('x:tokens', 2, now)).toBe(0);
    expect(await limitStore(b).takeToken('x:tokens', 2, now)).toBe(30);
    expect(await limitStore(a).takeWindows([{ key: 'x:win', limit: 1, windowMs: 60_000 }], now)).toBeNull();
    expect(await limitStore(b).takeWindows([{ key: 'x:win', limit: 1, windowMs: 60_000 }], now)).toEqual({ index: 0, wait: 60 });
    const held = await limitStore(a).holdSlots([['x:slot', 1]], now);
    expect(await limitStore(b).holdSlots([['x:slot', 1]], now)).toBe(0);
    await (held as () => Promise<void>)();
    expect(typeof (await limitStore(b).holdSlots([['x:slot', 1]], now))).toBe('function');
  });

  test('the slots of an instance that died count until their lease runs out, then free themselves', async () => {
    const leased = now + SLOT_LEASE_MS;
    await queryRows(a, sql`insert into answer_slots (id, key, instance, expires_at) values ('dead-1', 'x:dead', 'gone-instance', ${leased})`);
    expect(await limitStore(b).holdSlots([['x:dead', 1]], now)).toBe(0);
    expect(typeof (await limitStore(b).holdSlots([['x:dead', 1]], leased + 1))).toBe('function');
  });

  test('an answer slot is taken in one statement: no transaction of the app holds the per-key lock across round trips', async () => {
    const database = a.database as unknown as { transaction: (...args: unknown[]) => unknown };
    const begins = spyOn(database, 'transaction');
    try {
      const held = await limitStore(a).holdSlots(
        [
          ['x:one', 1],
          ['x:address', 5],
        ],
        now,
      );
      expect(typeof held).toBe('function');
      expect(
        await limitStore(a).holdSlots(
          [
            ['x:other', 1],
            ['x:one', 1],
          ],
          now,
        ),
      ).toBe(1); // the index of the full one
      expect(await limitStore(a).slotsHeld('x:other', now)).toBe(0); // all or none
      expect(begins).not.toHaveBeenCalled();
    } finally {
      begins.mockRestore();
    }
  });
});
