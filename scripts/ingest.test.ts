// scripts/ingest.ts on a whole library: a folder (with a subfolder) of the fixture documents, a generated
// CCITT scan, a broken PDF and a spreadsheet, in one command; then a run interrupted before indexing is
// resumed and nothing already in is stored twice. On the test database: SQLite in a DATA_DIR, or a Postgres database
// (TEST_DATABASE=postgres), where the command's documents are indexed by the elected index writer (this command when no
// instance runs, ingest-index.ts).
import { afterAll, afterEach, expect, test } from 'bun:test';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { openContext } from '../src/context';
import { createTestContext, testConfig, type TestContext } from '../tests/helpers/server';
import { documents } from '../tests/helpers/tables';
import { createDocument } from '../modules/documents/pipeline';
import { stageLocalFile } from '../modules/documents/local-file';
import { buildScanPdf, ccittImage, fixtureStrip, at } from '../modules/extraction/test-scans';
import { doc } from '../modules/extraction/test-fixtures';

const root = mkdtempSync(join(tmpdir(), 'ingest-cli-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const data: TestContext[] = [];
afterEach(async () => {
  for (const t of data.splice(0)) await t.close();
});

/** The command's data: a fresh DATA_DIR, and a fresh Postgres database under TEST_DATABASE=postgres. */
async function freshData(): Promise<Record<string, string>> {
  const t = await createTestContext({ LOG_LEVEL: 'silent' });
  data.push(t);
  await t.ctx.close();
  return t.env;
}

async function ingest(env: Record<string, string>, ...args: string[]) {
  const proc = Bun.spawn([process.execPath, join(import.meta.dir, 'ingest.ts'), ...args], { env: { ...process.env, ...env }, stdout: 'pipe', stderr: 'pipe' });
  const [out, err] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text()]);
  return { code: await proc.exited, out, err, row: (file: string) => out.split('\n').find((l) => l.startsWith(`${file} `)) ?? '' };
}

test('a folder ingests in one command: table, summary, a bad file explained; a second run resumes without duplicates', async () => {
  const library = join(root, 'library');
  mkdirSync(join(library, 'scans'), { recursive: true });
  for (const name of ['regulation.txt', 'regulation.docx', 'regulation.pdf']) copyFileSync(doc(name), join(library, name));
  const strip = await fixtureStrip();
  const height = (strip.height * 72) / 300;
  writeFileSync(join(library, 'scans', 'g4-scan.pdf'), buildScanPdf([{ width: 595.28, height, images: [at(ccittImage(strip, -1), 300, height)] }]));
  writeFileSync(join(library, 'scans', 'broken.pdf'), '%PDF-1.4\nnot really a PDF');
  writeFileSync(join(library, 'budget.xlsx'), 'PK');
  const env = await freshData();

  const first = await ingest(env, library);
  expect(first.code).toBe(1); // one file refused
  expect(first.out).toMatch(/^file +pages +method +OCR pages +characters +time +result$/m);
  expect(first.row('regulation.txt')).toMatch(/^regulation\.txt +1 +txt +0 +\d{4} +[\d.]+ s +ready: \d+ chunks/);
  expect(first.row('regulation.pdf')).toMatch(/ pdf-text +0 +\d{4} .* ready: /);
  expect(first.row('scans/g4-scan.pdf')).toMatch(/^scans\/g4-scan\.pdf +1 +ocr +1 +\d{3} .* ready: 1 chunks/);
  expect(first.row('scans/broken.pdf')).toContain('refused: ไม่สามารถอ่านไฟล์ได้: ไฟล์เสียหายหรือไม่สมบูรณ์ → ');
  expect(first.row('budget.xlsx')).toContain('ข้าม: รองรับเฉพาะ PDF, DOCX และ TXT');
  expect(first.out).toMatch(/^4 of 5 in the library: 4 ingested, 0 already there, 1 refused, 1 skipped; 1 OCR pages with \d+ OCR workers; [\d.]+ s$/m);

  // A run that died after storing a file but before indexing it leaves its row 'indexing'.
  const late = join(library, 'late.txt');
  writeFileSync(late, 'ประกาศเลื่อนวันสอบปลายภาค ภาคเรียนที่ ๒ ปีการศึกษา ๒๕๖๗');
  const ctx = await openContext(testConfig(env));
  try {
    const fields = { fileName: 'late', description: '', category: null, isActive: true, fallbackContact: '', contents: '' };
    await createDocument(ctx, await stageLocalFile(ctx, late), fields, { allowTxt: true, allowIncompleteFields: true, deferIndexing: true });
  } finally {
    await ctx.close();
  }

  const second = await ingest(env, library);
  expect(second.row('regulation.txt')).toContain('already in the library');
  expect(second.row('scans/g4-scan.pdf')).toMatch(/ ocr .* already in the library/);
  expect(second.row('late.txt')).toContain('ready: resumed, 1 chunks');
  expect(second.out).toContain('5 of 6 in the library: 1 ingested, 4 already there, 1 refused, 1 skipped; 0 OCR pages');

  const check = await openContext(testConfig(env));
  try {
    const rows = await check.db.select().from(documents);
    expect(rows.length).toBe(5); // nothing stored twice
    expect(rows.every((r) => r.status === 'ready')).toBe(true);
  } finally {
    await check.close();
  }
}, 240_000);

test('a folder with a scan, its byte-identical copy, a corrupt PDF and a text PDF keeps every good file; a document whose indexing failed is resumed without OCR', async () => {
  const folder = join(root, 'shared-drive');
  mkdirSync(folder, { recursive: true });
  copyFileSync(doc('regulation-scan-g4.pdf'), join(folder, 'regulation-scan-g4.pdf'));
  copyFileSync(doc('regulation-scan-g4.pdf'), join(folder, 'regulation-scan-g4 (1).pdf'));
  copyFileSync(doc('regulation.pdf'), join(folder, 'regulation.pdf'));
  writeFileSync(join(folder, 'corrupt.pdf'), '%PDF-1.7\n1 0 obj <</Type /Catalog');
  const env = await freshData();

  const first = await ingest(env, folder);
  expect(first.code).toBe(1);
  // Sorted by name, the copy comes first: it is the one read, the other is reported as its copy.
  expect(first.row('regulation-scan-g4 (1).pdf')).toMatch(/ ocr +2 +\d+ .* ready: \d+ chunks/);
  expect(first.row('regulation-scan-g4.pdf')).toContain('already there: a copy of regulation-scan-g4 (1).pdf');
  expect(first.row('regulation.pdf')).toMatch(/ pdf-text .* ready: /);
  expect(first.row('corrupt.pdf')).toContain('refused: ');
  expect(first.out).toMatch(/^3 of 4 in the library: 2 ingested, 1 already there, 1 refused, 0 skipped; 2 OCR pages/m);
  // Not a terminal: one progress line per file on stderr.
  expect(first.err.match(/^\[\d\/4\] .+; ETA .+$/gm)?.length).toBe(4);
  expect(first.err).toMatch(/^\[\d\/4\] regulation-scan-g4 \(1\)\.pdf: 2 pages, 2 OCR pages, [\d.]+ s, stored; ETA /m);

  // Indexing failed for the scan (indexBatch marks it so): a rerun indexes its stored pages, no OCR again.
  const ctx = await openContext(testConfig(env));
  try {
    await ctx.db.update(documents).set({ status: 'failed', statusError: 'index write failed' }).where(eq(documents.usedOcr, true));
  } finally {
    await ctx.close();
  }
  const second = await ingest(env, folder);
  expect(second.row('regulation-scan-g4 (1).pdf')).toMatch(/ ocr .* ready: resumed, \d+ chunks/);
  expect(second.out).toMatch(/^3 of 4 in the library: 1 ingested, 2 already there, 1 refused, 0 skipped; 0 OCR pages/m);
  const check = await openContext(testConfig(env));
  try {
    const rows = await check.db.select().from(documents);
    expect(rows.map((r) => r.status)).toEqual(['ready', 'ready']);
  } finally {
    await check.close();
  }
}, 240_000);

test('a copy of a file that is refused is refused with it, not counted as already there', async () => {
  const folder = join(root, 'copies-of-bad');
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(folder, 'a.txt'), '');
  writeFileSync(join(folder, 'b.txt'), '');
  const run = await ingest(await freshData(), folder);
  expect(run.code).toBe(1);
  expect(run.row('a.txt')).toContain('refused: ไฟล์ว่างเปล่า');
  expect(run.row('b.txt')).toContain('refused: a copy of a.txt, which was not ingested');
  expect(run.out).toContain('0 of 2 in the library: 0 ingested, 0 already there, 2 refused, 0 skipped');
});
