// Strips of upper marks that OCR's layout analysis cut off a line (modules/extraction/mark-lines.ts), over real PDFs:
// how many each page has, how many are read again and kept, and the share of Thai letters that stand in dictionary
// words (hunspell-th, src/thai/dictionary.ts) in the lines before and after. No ground truth is needed, so any folder of
// scans can be read; `--store DIR` takes page readings from (and adds them to) a page store as the test runner's
// (ocr-cache.ts), so a folder read once is read again in seconds. Without `--all`, only pages the store holds are read.
//   bun scripts/bench/ocr-mark-strips.ts [--store DIR] [--all] [--verbose] FILE.pdf|DIR …
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { Page } from 'tesseract.js';
import { markStrips, rejoinMarkStrips } from '../../modules/extraction/mark-lines.ts';
import { ocrCacheKey, recognizePageOnce, setOcrCacheDir } from '../../modules/extraction/ocr-cache.ts';
import { shutdownOcr } from '../../modules/extraction/ocr-pool.ts';
import { openPageRenderer } from '../../modules/extraction/page-renderer.ts';
import { dictionaryWords } from '../../src/thai/dictionary.ts';

const { values: args, positionals } = parseArgs({
  allowPositionals: true,
  options: { store: { type: 'string' }, all: { type: 'boolean', default: false }, verbose: { type: 'boolean', default: false } },
});
if (args.store) setOcrCacheDir(args.store);
const pdfs = (path: string): string[] =>
  statSync(path).isDirectory()
    ? readdirSync(path)
        .sort()
        .flatMap((name) => pdfs(join(path, name)))
    : /\.pdf$/i.test(path)
      ? [path]
      : [];
const files = positionals.flatMap(pdfs);

const dictionary = dictionaryWords();
const segmenter = new Intl.Segmenter('th', { granularity: 'word' });
/** Thai letters in dictionary words, and all Thai letters, of the texts. */
function known(texts: Iterable<string>): { inWords: number; letters: number } {
  let inWords = 0;
  let letters = 0;
  for (const text of texts)
    for (const s of segmenter.segment(text))
      if (s.isWordLike && /^[\u0E01-\u0E4E]+$/.test(s.segment)) {
        letters += s.segment.length;
        if (dictionary.has(s.segment)) inWords += s.segment.length;
      }
  return { inWords, letters };
}
const lineTexts = (page: Page) => (page.blocks ?? []).flatMap((b) => b.paragraphs.flatMap((p) => p.lines.map((l) => l.text)));

// the pages' lines, and the lines a strip came off alone (a strip's own junk is no word either way)
const total = {
  pages: 0,
  lines: 0,
  strips: 0,
  kept: 0,
  before: { inWords: 0, letters: 0 },
  after: { inWords: 0, letters: 0 },
  linesBefore: { inWords: 0, letters: 0 },
  linesAfter: { inWords: 0, letters: 0 },
};
for (const file of files) {
  let renderer: Awaited<ReturnType<typeof openPageRenderer>>;
  try {
    renderer = await openPageRenderer(file);
  } catch (e) {
    console.error(`skipped ${file}: ${(e as Error).message}`);
    continue;
  }
  let fileStrips = 0;
  let fileKept = 0;
  for (let n = 1; n <= renderer.pages; n++) {
    const image = await renderer.render(n).catch(() => null);
    if (!image) continue;
    if (!args.all && (!args.store || !existsSync(join(args.store, `${ocrCacheKey(image.pgm, image.dpi)}.json`)))) continue;
    const page = await recognizePageOnce(image.pgm, image.dpi);
    const grey = { width: image.width, height: image.height, pixels: image.pgm.subarray(image.pgm.length - image.width * image.height) };
    const lines = (page.blocks ?? []).flatMap((b) => b.paragraphs.flatMap((p) => p.lines));
    const strips = markStrips(page);
    const before = known(lineTexts(page));
    const beforeText = new Map(strips.map((s) => [s.line, s.line.text]));
    const kept = await rejoinMarkStrips(page, grey, image.dpi, (crop, dpi) => recognizePageOnce(crop, dpi, undefined, 'line'));
    const after = known(lineTexts(page));
    const linesBefore = known(beforeText.values());
    const linesAfter = known([...beforeText.keys()].map((l) => l.text));
    if (args.verbose) for (const [line, text] of beforeText) if (line.text !== text) console.log(`  ${text.trim()}\n→ ${line.text.trim()}`);
    total.pages++;
    total.lines += lines.length;
    total.strips += strips.length;
    total.kept += kept;
    fileStrips += strips.length;
    fileKept += kept;
    for (const k of ['inWords', 'letters'] as const) {
      total.before[k] += before[k];
      total.after[k] += after[k];
      total.linesBefore[k] += linesBefore[k];
      total.linesAfter[k] += linesAfter[k];
    }
  }
  renderer.close();
  if (fileStrips) console.log(`${file}: ${fileStrips} strips, ${fileKept} read again and kept`);
}
await shutdownOcr();
const share = (k: { inWords: number; letters: number }) => Number((k.inWords / Math.max(1, k.letters)).toFixed(3));
console.log(
  JSON.stringify({
    files: files.length,
    pages: total.pages,
    lines: total.lines,
    strips: total.strips,
    kept: total.kept,
    dictionary_share_before: share(total.before),
    dictionary_share_after: share(total.after),
    strip_lines_share_before: share(total.linesBefore),
    strip_lines_share_after: share(total.linesAfter),
  }),
);
process.exit(0);
