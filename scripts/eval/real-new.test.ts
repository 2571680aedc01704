// real_new's files are what its README says: every question parses with the fields of its kind, every gold (and
// also_gold) file is in its library and its catalogue, every gold page exists in that document (the catalogue's page
// count); the whole set is held out (realDevHalf), and the runs name their libraries. The documents themselves are
// not committed (fetched-docs.ts): where they are present, each is checked to be the catalogued file (its git blob
// and page count).
import { describe, expect, test } from 'bun:test';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { getDocumentProxy } from 'unpdf';
import { fetchedDocsRoot } from './fetched-docs';
import { realDevHalf } from './real-dev';
import { REAL_NEW_ROOT, REAL_NEW_UNIVERSITIES, realNewQueries, realNewRuns } from './real-new';
import { catalogueRows, expectQuestionShape } from './real-set-shape';

const CATALOGUE = catalogueRows(REAL_NEW_ROOT);

const lines = (u: string) =>
  readFileSync(join(REAL_NEW_ROOT, u, 'queries.jsonl'), 'utf8')
    .split('\n')
    .filter((l) => l.trim());
const library = (u: string) =>
  readFileSync(join(REAL_NEW_ROOT, u, 'library.txt'), 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
const gitBlob = (data: Buffer) =>
  createHash('sha1')
    .update(Buffer.concat([Buffer.from(`blob ${data.length}\0`), data]))
    .digest('hex');
const docsHere = (u: string) => existsSync(join(fetchedDocsRoot('real_new'), u));

const PREFIX: Record<string, string> = { rmutt: 'rn-rt-', up: 'rn-up-' };

describe.each([...REAL_NEW_UNIVERSITIES])('%s', (u) => {
  test('library.txt names exactly the catalogued files, each with its pages and blob', () => {
    expect([...library(u)].sort()).toEqual([...CATALOGUE.get(u)!.keys()].sort());
    for (const entry of CATALOGUE.get(u)!.values()) {
      expect(entry.pages).toBeGreaterThanOrEqual(1);
      expect(entry.blob).toMatch(/^[0-9a-f]{12}$/);
    }
  });

  // Runs where the fetched documents are present (a developer's machine), not in a clean clone.
  test.skipIf(!docsHere(u))(
    'the documents present are the catalogued files: same blob, same pages',
    async () => {
      const dir = join(fetchedDocsRoot('real_new'), u);
      expect(readdirSync(dir).sort()).toEqual([...CATALOGUE.get(u)!.keys()].sort());
      for (const [file, entry] of CATALOGUE.get(u)!) {
        const data = readFileSync(join(dir, file));
        expect(gitBlob(data).slice(0, 12)).toBe(entry.blob);
        const doc = await getDocumentProxy(new Uint8Array(data), { verbosity: 0 });
        expect(doc.numPages).toBe(entry.pages);
        await doc.cleanup();
      }
    },
    60_000,
  );

  test('every question parses, with the fields of its kind, and every gold place exists', () => {
    const files = new Set(library(u));
    const ids = new Set<string>();
    for (const line of lines(u)) {
      const q = JSON.parse(line);
      expect(q.id).toMatch(new RegExp(`^${PREFIX[u]}[ano]-\\d{3}$`));
      expectQuestionShape(q, ids, files, (file) => CATALOGUE.get(u)?.get(file)?.pages);
    }
  });
});

test('real_new is held out as a whole, and its runs name their libraries and questions', () => {
  const all = REAL_NEW_UNIVERSITIES.flatMap((u) => realNewQueries(REAL_NEW_ROOT, u));
  expect(all.length).toBe(REAL_NEW_UNIVERSITIES.reduce((n, u) => n + lines(u).length, 0));
  expect(all.every((q) => realDevHalf(q.id) === 'held')).toBe(true);
  const runs = realNewRuns(REAL_NEW_ROOT, '/nowhere', [...REAL_NEW_UNIVERSITIES, 'union', 'union_all']);
  expect(runs.map((r) => [r.name, r.queries.length])).toEqual([
    ...REAL_NEW_UNIVERSITIES.map((u) => [u, lines(u).length]),
    ['union', all.length],
    ['union_all', all.length],
  ]);
  expect(realNewRuns(REAL_NEW_ROOT, '/nowhere', ['union'], 'fit')[0]!.queries).toHaveLength(0);
  expect(() => realNewRuns(REAL_NEW_ROOT, '/nowhere', ['rmuti'])).toThrow();
});
