// OCR's numbers on real scanned pages: of the numbers a person read on each page (dates, years, amounts, clause
// numbers; scripts/eval/data/ocr_numbers/), how many the product's OCR of that page gives back digit for digit. The
// fixture scans (ocr-accuracy.ts) are Sarabun text we printed ourselves; these are office scans of three universities'
// libraries and more, at 150–400 dpi, in Sarabun, Angsana-like and other fonts.
//   bun scripts/bench/ocr-numbers.ts [--half A|B|C] [--out DIR] [--stages] [--document]
// DIR: each page's OCR text (and ID.document.txt), for reading the misses. --stages: also tesseract alone and with the glyph recheck only
// (recognition is done once a page; set ASK_REG_TEST_OCR_CACHE to a directory to keep it between runs). --document:
// also each page as the library holds it, its whole document extracted as ingest does (extractDocument): the
// repairs that read a document's structure across pages (clause and item numbers, clause-numbers.ts) count there,
// and every other page of those documents is recognised too (minutes without a kept store).
// Precision is printed for completeness only: the truth leaves out handwriting and stamps, which OCR reads as numbers too.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { extractDocument, shutdownOcr } from '../../modules/extraction';
import { ocrPdfPages } from '../../modules/extraction/ocr';
import { recognizePageOnce, setOcrCacheDir } from '../../modules/extraction/ocr-cache';
import { ocrPageText } from '../../modules/extraction/ocr-text';
import { openRenderDocument, renderPageGrey } from '../../modules/extraction/page-render';
import { recheckThaiDigits } from '../../modules/extraction/thai-digits';
import { FetchedDocsMissing, fetchedLibraryDir } from '../eval/fetched-docs';
import { numberRecall } from './number-recall';

interface TruthPage {
  id: string;
  half: 'A' | 'B' | 'C';
  set: string;
  library: string;
  file: string;
  page: number;
  numbers: Array<{ context: string; number: string }>;
}

const ROOT = resolve(import.meta.dir, '../..');
const arg = (name: string) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const half = arg('--half');
const out = arg('--out');
const pages = readFileSync(join(ROOT, 'scripts/eval/data/ocr_numbers/pages.jsonl'), 'utf8')
  .split('\n')
  .filter((l) => l.trim())
  .map((l) => JSON.parse(l) as TruthPage)
  .filter((p) => !half || p.half === half);

function pathOf(p: TruthPage): string {
  if (p.set === 'real_dev') return join(ROOT, '../shared/eval/real_dev/docs', p.library, p.file);
  return join(fetchedLibraryDir(p.set, p.library), p.file);
}

type Row = { id: string; half: string; truth: number; read: number; found: number; recall: number };
type Stage = 'none' | 'glyphs' | 'all' | 'document';
const stages: readonly Stage[] = [
  ...(process.argv.includes('--stages') ? (['none', 'glyphs'] as const) : []),
  'all',
  ...(process.argv.includes('--document') ? (['document'] as const) : []),
];
// The stages read the same recognition of each page: kept in the given store, or in a throw-away one.
const store = process.env.ASK_REG_TEST_OCR_CACHE?.trim() || (stages.length > 1 ? mkdtempSync(join(tmpdir(), 'ocr-numbers-')) : null);
if (store) setOcrCacheDir(store);
const byFile = Map.groupBy(pages, (p) => `${p.set}/${p.library}/${p.file}`);
const skipped: string[] = [];
const started = performance.now();

// The earlier stages, for --stages only: the page rendered and recognised as ocr.ts does (these pages are upright),
// then tesseract's text as it is, or after the glyph recheck alone.
async function readStage(path: string, pageNumbers: number[], stage: 'none' | 'glyphs'): Promise<Array<{ text: string }>> {
  const doc = await openRenderDocument(new Uint8Array(readFileSync(path)));
  const texts: Array<{ text: string }> = [];
  for (const n of pageNumbers) {
    const image = await renderPageGrey(doc, n);
    const page = structuredClone(await recognizePageOnce(image.pgm, image.dpi));
    const pixels = image.pgm.subarray(image.pgm.length - image.width * image.height);
    if (stage === 'glyphs') recheckThaiDigits(page, { width: image.width, height: image.height, pixels });
    texts.push({ text: ocrPageText(page) });
  }
  return texts;
}

/** The pages as the library holds them: the whole document extracted as ingest does, OCR where it has no text layer. */
async function readDocument(path: string, pageNumbers: number[]): Promise<Array<{ text: string }>> {
  const { pages } = await extractDocument(path);
  return pageNumbers.map((n) => ({ text: pages.find((p) => p.page === n)?.text ?? '' }));
}

async function measure(stage: Stage): Promise<Row[]> {
  const rows: Row[] = [];
  skipped.length = 0;
  for (const group of byFile.values()) {
    let path: string;
    try {
      path = pathOf(group[0]);
    } catch (err) {
      if (!(err instanceof FetchedDocsMissing)) throw err;
      skipped.push(...group.map((p) => `${p.id} (${err.set}/${err.library} not here)`));
      continue;
    }
    const numbers = group.map((p) => p.page);
    const read =
      stage === 'all' ? await ocrPdfPages(path, numbers) : stage === 'document' ? await readDocument(path, numbers) : await readStage(path, numbers, stage);
    group.forEach((p, i) => {
      const text = read[i].text;
      if (out && (stage === 'all' || stage === 'document')) {
        mkdirSync(out, { recursive: true });
        writeFileSync(join(out, stage === 'all' ? `${p.id}.txt` : `${p.id}.document.txt`), text);
      }
      const r = numberRecall(
        p.numbers.map((n) => n.number),
        text,
      );
      rows.push({ id: p.id, half: p.half, ...r, recall: +(r.found / Math.max(1, r.truth)).toFixed(3) });
    });
  }
  return rows;
}

const total = (list: Row[]) => {
  const sum = (k: 'truth' | 'read' | 'found') => list.reduce((s, r) => s + r[k], 0);
  return {
    pages: list.length,
    numbers: sum('truth'),
    recall: +(sum('found') / Math.max(1, sum('truth'))).toFixed(3),
    precision: +(sum('found') / Math.max(1, sum('read'))).toFixed(3),
  };
};
const summary: Record<string, unknown> = {};
try {
  for (const stage of stages) {
    const rows = await measure(stage);
    if (stage === 'all') console.table(rows);
    const halves = [...new Set(rows.map((r) => r.half))].sort();
    summary[stage] = { ...Object.fromEntries(halves.map((h) => [h, total(rows.filter((r) => r.half === h))])), all: total(rows) };
  }
} finally {
  await shutdownOcr();
  if (store && !process.env.ASK_REG_TEST_OCR_CACHE?.trim()) rmSync(store, { recursive: true, force: true });
}
summary.seconds = Math.round((performance.now() - started) / 1000);
for (const s of skipped) console.log(`skipped ${s}`);
// none: tesseract alone; glyphs: with the glyph recheck (thai-digits.ts); all: the product's page OCR (and
// digit-runs.ts); document: the page in its extracted document
for (const stage of stages) {
  const s = summary[stage] as Record<string, unknown>;
  const halves = Object.keys(s).filter((k) => k !== 'all');
  console.log(`${stage.padEnd(6)} ${halves.map((h) => `half ${h} ${JSON.stringify(s[h])}`).join('  ')}  all ${JSON.stringify(s.all)}`);
}
console.log(JSON.stringify({ ocr_numbers: summary }));
