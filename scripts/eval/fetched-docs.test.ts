import { expect, test } from 'bun:test';
import { mkdtempSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { FetchedDocsMissing, fetchedDocsRoot, fetchedLibraryDir } from './fetched-docs';

test('the fetched documents sit beside the project, or under EVAL_DOCS', () => {
  expect(fetchedDocsRoot('real_more', {})).toBe(resolve(import.meta.dir, '..', '..', '..', 'eval-docs', 'real_more'));
  expect(fetchedDocsRoot('real_more', { EVAL_DOCS: '/srv/docs' })).toBe('/srv/docs/real_more');
});

test('a library whose documents are absent is refused with where to put them and where they come from', () => {
  const root = mkdtempSync(join(tmpdir(), 'eval-docs-'));
  expect(() => fetchedLibraryDir('real_more', 'ku', { EVAL_DOCS: root })).toThrow(/CATALOGUE\.md .*\.\.\/eval-docs\/real_more\/ku/);
  // typed, so a tool pooling every set can leave this one out and say which (scripts/eval/page-window.ts)
  expect(() => fetchedLibraryDir('real_more', 'ku', { EVAL_DOCS: root })).toThrow(FetchedDocsMissing);
  mkdirSync(join(root, 'real_more', 'ku'), { recursive: true });
  expect(fetchedLibraryDir('real_more', 'ku', { EVAL_DOCS: root })).toBe(join(root, 'real_more', 'ku'));
});
