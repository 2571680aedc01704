// prepareUnion: one library from the rows of two extracted ones, no file read again, indexed by the product.
import { afterAll, expect, test } from 'bun:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = mkdtempSync(join(tmpdir(), 'askreg-union-'));
process.env.EVAL_CACHE_DIR = join(root, 'cache');
process.env.LOG_LEVEL = 'silent';
afterAll(() => rmSync(root, { recursive: true, force: true }));

test('the union holds every document of its parts and searches them all', async () => {
  const { openLibrary, prepareLibrary, prepareUnion } = await import('./library-cache');
  const { readQuestion, search } = await import('../../modules/knowledge');
  const data = join(import.meta.dir, 'data');
  const dorm = await prepareLibrary([join(data, 'dorm', 'dorm-regulation.txt')]);
  const leave = await prepareLibrary([join(data, 'leave', 'leave-regulation.txt')]);
  const union = await prepareUnion([dorm, leave]);
  expect([...union.files.values()].sort()).toEqual(['dorm-regulation.txt', 'leave-regulation.txt']);
  expect(union.built).toBe(true);
  const ctx = await openLibrary(union);
  try {
    const all = { has: () => true };
    const files = async (q: string) => (await search(ctx, readQuestion(q), { k: 5, live: () => all })).map((h) => union.files.get(h.documentId));
    expect(await files('หอพัก ตัดคะแนนความประพฤติผู้พัก')).toContain('dorm-regulation.txt');
    expect(await files('ลาพักการศึกษา')).toContain('leave-regulation.txt');
  } finally {
    await ctx.close();
  }
  expect((await prepareUnion([dorm, leave])).built).toBe(false);
  // a library two sets ask (real_cur_dev's sutk is real_dev's sut) is held once in a union of both: the same union
  const again = await prepareLibrary([join(data, 'dorm', 'dorm-regulation.txt')]);
  const twice = await prepareUnion([dorm, leave, again]);
  expect([...twice.files.values()].sort()).toEqual(['dorm-regulation.txt', 'leave-regulation.txt']);
  expect(twice.built).toBe(false);
}, 120_000);
