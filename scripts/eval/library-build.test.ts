// buildOnce: a library built by two runs at once is put in place once, and the copy a run may be reading stays.
import { afterAll, expect, test } from 'bun:test';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildOnce } from './library-cache';

const root = mkdtempSync(join(tmpdir(), 'askreg-build-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const writeLibrary = (by: string) => async (dir: string) => {
  mkdirSync(join(dir, 'index'), { recursive: true });
  writeFileSync(join(dir, 'index', 'part_0_docs.lance'), by);
  writeFileSync(join(dir, 'eval-manifest.json'), JSON.stringify({ by }));
};

test('a run that finishes second keeps the library the first put in place (before: it replaced it under the first run)', async () => {
  const target = join(root, 'lib');
  let firstDone!: () => void;
  const slow = buildOnce(target, async (dir) => {
    await new Promise<void>((resolve) => (firstDone = resolve));
    await writeLibrary('second')(dir);
  });
  expect(await buildOnce(target, writeLibrary('first'))).toBe(true);
  const inPlace = readFileSync(join(target, 'index', 'part_0_docs.lance'), 'utf8');
  firstDone();
  expect(await slow).toBe(false);
  expect(inPlace).toBe('first');
  expect(readFileSync(join(target, 'index', 'part_0_docs.lance'), 'utf8')).toBe('first');
  // no private folder is left behind
  expect(readdirSync(root).filter((n) => n.includes('.tmp-'))).toEqual([]);
});

test('a folder without a manifest (a run that died) is replaced', async () => {
  const target = join(root, 'half');
  mkdirSync(join(target, 'index'), { recursive: true });
  expect(await buildOnce(target, writeLibrary('whole'))).toBe(true);
  expect(JSON.parse(readFileSync(join(target, 'eval-manifest.json'), 'utf8'))).toEqual({ by: 'whole' });
  expect(await buildOnce(target, writeLibrary('again'))).toBe(false);
  expect(existsSync(join(target, 'index', 'part_0_docs.lance'))).toBe(true);
});
