// real_more's files are what its README says: every question parses with the fields of its kind, every gold (and
// also_gold, conflicts) file is in its library and its catalogue, every gold page exists in that document (the
// catalogue's page count); the whole set is held out (realDevHalf), and the runs name their libraries. The
// documents themselves are not committed (fetched-docs.ts): where they are present, each is checked to be the
// catalogued file (its git blob and page count).
import { describe, expect, test } from 'bun:test';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { getDocumentProxy } from 'unpdf';
import { fetchedDocsRoot } from './fetched-docs';
import { realDevHalf } from './real-dev';
import { REAL_MORE_ROOT, REAL_MORE_UNIVERSITIES, realMoreQueries, realMoreRuns } from './real-more';

type Catalogued = { pages: number; blob: string };
/** CATALOGUE.md's rows by library and file: the page count and the abbreviated git blob of each file. */
function catalogue(): Map<string, Map<string, Catalogued>> {
  const byLibrary = new Map<string, Map<string, Catalogued>>();
  for (const line of readFileSync(join(REAL_MORE_ROOT, 'CATALOGUE.md'), 'utf8').split('\n')) {
    const cells = line.split('|').map((c) => c.trim());
    const file = /^`([a-z]+)\/(.+)`$/.exec(cells[2] ?? '');
    if (!file) continue;
    const blob = /\/ `([0-9a-f]{12})`/.exec(cells[12] ?? '');
    if (!byLibrary.has(file[1]!)) byLibrary.set(file[1]!, new Map());
    byLibrary.get(file[1]!)!.set(file[2]!, { pages: Number(cells[7]), blob: blob?.[1] ?? '' });
  }
  return byLibrary;
}
const CATALOGUE = catalogue();

const lines = (u: string) =>
  readFileSync(join(REAL_MORE_ROOT, u, 'queries.jsonl'), 'utf8')
    .split('\n')
    .filter((l) => l.trim());
const library = (u: string) =>
  readFileSync(join(REAL_MORE_ROOT, u, 'library.txt'), 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);
const pages = async (u: string, file: string) => CATALOGUE.get(u)!.get(file)!.pages;
const gitBlob = (data: Buffer) =>
  createHash('sha1')
    .update(Buffer.concat([Buffer.from(`blob ${data.length}\0`), data]))
    .digest('hex');
const docsHere = (u: string) => existsSync(join(fetchedDocsRoot('real_more'), u));

const TYPES = ['number_date_amount', 'table_row', 'person', 'list', 'yes_no', 'open'];
const PREFIX: Record<string, string> = { rmuti: 'rm-rt-', ku: 'rm-ku-', sskru: 'rm-sk-' };

describe.each([...REAL_MORE_UNIVERSITIES])('%s', (u) => {
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
      const dir = join(fetchedDocsRoot('real_more'), u);
      expect(readdirSync(dir).sort()).toEqual([...CATALOGUE.get(u)!.keys()].sort());
      for (const [file, entry] of CATALOGUE.get(u)!) {
        const data = readFileSync(join(dir, file));
        expect(gitBlob(data).slice(0, 12)).toBe(entry.blob);
        // unpdf's pdfjs, as the product reads PDFs: a second pdfjs-dist in one test process refuses the other's worker
        const doc = await getDocumentProxy(new Uint8Array(data), { verbosity: 0 });
        expect(doc.numPages).toBe(entry.pages);
        await doc.cleanup();
      }
    },
    60_000,
  );

  test('every question parses, with the fields of its kind, and every gold place exists', async () => {
    const files = new Set(library(u));
    const ids = new Set<string>();
    const place = async (p: { file: string; page?: number | null }) => {
      expect(files.has(p.file)).toBe(true);
      if (p.page != null) {
        expect(Number.isInteger(p.page) && p.page >= 1).toBe(true);
        expect(p.page).toBeLessThanOrEqual(await pages(u, p.file));
      }
    };
    for (const line of lines(u)) {
      const q = JSON.parse(line);
      expect(q.id.startsWith(PREFIX[u]!)).toBe(true);
      expect(ids.has(q.id)).toBe(false);
      ids.add(q.id);
      expect(typeof q.text === 'string' && q.text.trim().length > 0).toBe(true);
      expect(['answer', 'near_miss', 'off_topic']).toContain(q.kind);
      expect(q.id.includes(`-${q.kind[0]}-`)).toBe(true);
      expect(typeof q.note).toBe('string');
      if (q.kind !== 'answer') continue;
      await place({ file: q.gold_file, page: q.gold_page });
      expect(q.gold_page).toBeGreaterThanOrEqual(1);
      expect(q.gold_clause === null || /^ข้อ \d+$/.test(q.gold_clause)).toBe(true);
      expect(q.answer_keywords.length).toBeGreaterThanOrEqual(1);
      expect(q.answer_keywords.length).toBeLessThanOrEqual(3);
      expect(['close', 'far']).toContain(q.paraphrase);
      expect(TYPES).toContain(q.question_type);
      if (q.question_type === 'yes_no') expect(['yes', 'no', 'conditional']).toContain(q.expected_yes_no);
      expect(['scan', 'text']).toContain(q.source_type);
      for (const k of Object.keys(q.answer_keyword_alternatives ?? {})) expect(q.answer_keywords).toContain(k);
      for (const g of [...(q.also_gold ?? []), ...(q.conflicts ?? [])]) await place(g);
    }
  }, 60_000);
});

test('real_more is held out as a whole, and its runs name their libraries and questions', () => {
  const all = REAL_MORE_UNIVERSITIES.flatMap((u) => realMoreQueries(REAL_MORE_ROOT, u));
  expect(all.length).toBe(REAL_MORE_UNIVERSITIES.reduce((n, u) => n + lines(u).length, 0));
  expect(all.every((q) => realDevHalf(q.id) === 'held')).toBe(true);
  const runs = realMoreRuns(REAL_MORE_ROOT, '/nowhere', [...REAL_MORE_UNIVERSITIES, 'union', 'union_all']);
  expect(runs.map((r) => [r.name, r.queries.length])).toEqual([
    ...REAL_MORE_UNIVERSITIES.map((u) => [u, lines(u).length]),
    ['union', all.length],
    ['union_all', all.length],
  ]);
  expect(realMoreRuns(REAL_MORE_ROOT, '/nowhere', ['union'], 'fit')[0]!.queries).toHaveLength(0);
  expect(() => realMoreRuns(REAL_MORE_ROOT, '/nowhere', ['crru'])).toThrow();
});
