// Old drafts are swept on a save, but not on every save (#34's drafts attack: 20 drafts at once each read the
// whole folder on the event loop): at most once every ten minutes, and an expired draft still goes.
import { afterAll, beforeAll, expect, test } from 'bun:test';
import { existsSync, rmSync, utimesSync } from 'node:fs';
import { join } from 'node:path';
import { createTestApp, type TestApp } from '../../../tests/helpers/server';
import { draftSweepClock, draftSweepSettled, draftSweeps, openDraft, saveDraft } from './store';

let app: TestApp;
let now = Date.now();
beforeAll(async () => {
  app = await createTestApp();
  draftSweepClock.set(app.ctx, () => now);
});
afterAll(() => app.close());

const file = (id: string, ext: string) => join(app.ctx.paths.dataDir, 'drafts', `${id}.${ext}`);

test('a burst of drafts sweeps the folder once; ten minutes later the next save sweeps again and an expired draft goes', async () => {
  const before = draftSweeps(app.ctx);
  const ids = await Promise.all(Array.from({ length: 10 }, (_, i) => saveDraft(app.ctx, 'guest:a', `d${i}.docx`, Buffer.from('PK'))));
  expect(draftSweeps(app.ctx) - before).toBe(1);
  for (const id of ids) expect(existsSync(file(id, 'docx'))).toBe(true);
  // the burst's sweep may still be walking the folder: a draft aged under it would go now, not at the next sweep
  await draftSweepSettled(app.ctx);

  const old = ids[0]!;
  const eightDaysAgo = new Date(Date.now() - 8 * 24 * 3600_000);
  utimesSync(file(old, 'json'), eightDaysAgo, eightDaysAgo);
  now += 5 * 60_000;
  await saveDraft(app.ctx, 'guest:a', 'x.docx', Buffer.from('PK'));
  expect(draftSweeps(app.ctx) - before).toBe(1);
  expect(existsSync(file(old, 'docx'))).toBe(true);

  now += 5 * 60_000;
  await saveDraft(app.ctx, 'guest:a', 'y.docx', Buffer.from('PK'));
  expect(draftSweeps(app.ctx) - before).toBe(2);
  await draftSweepSettled(app.ctx);
  expect(existsSync(file(old, 'docx'))).toBe(false);
  expect(existsSync(file(ids[1]!, 'docx'))).toBe(true);
});

test('a draft caught mid-removal (its file gone, its record not yet) is not found, not a server error', async () => {
  const id = await saveDraft(app.ctx, 'guest:b', 'z.docx', Buffer.from('PK'));
  rmSync(file(id, 'docx'));
  await expect(openDraft(app.ctx, id, ['guest:b'])).rejects.toMatchObject({ status: 404 });
});
