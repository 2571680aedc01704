// Sliding-window allowances (window-quota.ts), shared by the votes' daily cap and the drafts' quota: one
// request takes from all of its allowances or from none.
import { afterAll, beforeAll, expect, test } from 'bun:test';
import { createTestApp, type TestApp } from '../../tests/helpers/server';
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

test('a refusal by one allowance takes from none of them, and says which and how long', () => {
  const mine = { key: 'wq:mine', limit: 5, windowMs: HOUR };
  const place = { key: 'wq:place', limit: 2, windowMs: HOUR };
  expect(takeFromWindows(app.ctx, [mine, place])).toBeNull();
  now += 60_000;
  expect(takeFromWindows(app.ctx, [mine, place])).toBeNull();
  expect(takeFromWindows(app.ctx, [mine, place])).toEqual({ index: 1, wait: 3540 });
  // `mine` was not charged for the refused request: three more fit
  for (let i = 0; i < 3; i++) expect(takeFromWindow(app.ctx, 'wq:mine', 5, HOUR)).toBe(0);
  expect(takeFromWindow(app.ctx, 'wq:mine', 5, HOUR)).toBeGreaterThan(0);
  now += HOUR;
  expect(takeFromWindows(app.ctx, [mine, place])).toBeNull();
});
