// Sliding-window allowances (window-quota.ts), shared by the votes' daily cap and the drafts' quota: one
// request takes from all of its allowances or from none. On the app's own limit store: in memory on SQLite, the
// database's table under TEST_DATABASE=postgres, where a second instance on the same database shares the counts.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { createTestApp, type TestApp } from '../../tests/helpers/server';
import { onPostgres } from '../../tests/helpers/test-database';
import { rateLimitClock } from './rate-limit';
import { takeFromWindow, takeFromWindows } from './window-quota';

const HOUR = 3600_000;
let app: TestApp;
let now = Date.now();
beforeAll(async () => {
  app = await createTestApp();
  rateLimitClock.set(app.ctx, () => now);
});
afterAll(() => app.close());

test('a refusal by one allowance takes from none of them, and says which and how long', async () => {
  const mine = { key: 'wq:mine', limit: 5, windowMs: HOUR };
  const place = { key: 'wq:place', limit: 2, windowMs: HOUR };
  expect(await takeFromWindows(app.ctx, [mine, place])).toBeNull();
  now += 60_000;
  expect(await takeFromWindows(app.ctx, [mine, place])).toBeNull();
  expect(await takeFromWindows(app.ctx, [mine, place])).toEqual({ index: 1, wait: 3540 });
  // `mine` was not charged for the refused request: three more fit
  for (let i = 0; i < 3; i++) expect(await takeFromWindow(app.ctx, 'wq:mine', 5, HOUR)).toBe(0);
  expect(await takeFromWindow(app.ctx, 'wq:mine', 5, HOUR)).toBeGreaterThan(0);
  now += HOUR;
  expect(await takeFromWindows(app.ctx, [mine, place])).toBeNull();
});

// SQLite: one server per DATA_DIR (src/ops/data-lock.ts), whose counts are in its memory; there is no second instance.
describe.skipIf(!onPostgres)('two instances on one database (issue 36: "a rate limit spent on A holds on B")', () => {
  let other: TestApp;
  beforeAll(async () => {
    const database = app.ctx.config.database;
    if (database.kind !== 'postgres') throw new Error('two instances share a Postgres database');
    other = await createTestApp({ DATABASE_URL: database.url });
    rateLimitClock.set(other.ctx, () => now);
  });
  afterAll(() => other.close());

  test('an allowance spent on one instance is spent on the other, until its window has room again', async () => {
    const day = { key: 'wq:across', limit: 3, windowMs: 24 * HOUR };
    for (let i = 0; i < 2; i++) expect(await takeFromWindows(app.ctx, [day])).toBeNull();
    now += 60_000;
    expect(await takeFromWindows(other.ctx, [day])).toBeNull();
    expect(await takeFromWindows(app.ctx, [day])).toEqual({ index: 0, wait: 24 * 3600 - 60 });
    expect(await takeFromWindows(other.ctx, [day])).toEqual({ index: 0, wait: 24 * 3600 - 60 });
    now += 24 * HOUR - 60_000;
    expect(await takeFromWindows(other.ctx, [day])).toBeNull();
  });
});
