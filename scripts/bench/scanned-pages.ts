// Which PDFs of a folder have a scanned page inside an otherwise good text layer (page-images.ts): the pages
// auto mode now OCRs that it used to leave empty. Reads text layers and weak pages' operator lists only, never
// OCR, so a whole library takes seconds. Runs the parse worker's own job in this process (trusted files only).
// Last, the pages auto mode will OCR, by the reason that sends them (what a library's OCR time is spent on; a
// Latin layer's probe is not foreseen, it needs OCR to decide).
//   bun scripts/bench/scanned-pages.ts ../shared/eval/real_dev/docs
import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { DEFAULT_UPLOAD_LIMITS } from '../../modules/extraction/parse-limits.ts';
import { runParseJob } from '../../modules/extraction/parse-job.ts';
import { MIN_CHARS_PER_PAGE } from '../../modules/extraction/quality.ts';

function pdfsUnder(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) return pdfsUnder(path);
      return /\.pdf$/i.test(name) ? [path] : [];
    });
}

const roots = process.argv.slice(2);
if (roots.length === 0) {
  console.error('usage: bun scripts/bench/scanned-pages.ts <folder>...');
  process.exit(2);
}
let flagged = 0;
let words = 0;
let files = 0;
// Reasons for which extractPdf OCRs every page (index.ts, docWide), and pages OCR'd per reason.
const DOC_WIDE = ['sara_am_missing', 'broken_characters', 'legacy_font'];
const ocrPages = new Map<string, number>();
const tally = (reason: string, n: number) => n > 0 && ocrPages.set(reason, (ocrPages.get(reason) ?? 0) + n);
const started = performance.now();
for (const root of roots)
  for (const path of pdfsUnder(root)) {
    files++;
    const name = relative(root, path);
    try {
      const read = await runParseJob({ op: 'extract', path, kind: 'pdf', limits: DEFAULT_UPLOAD_LIMITS, scans: true }, () => {});
      if (read.kind !== 'pdf') continue;
      const weak = read.pages.filter((p) => p.text.replace(/\s+/g, '').length < MIN_CHARS_PER_PAGE).map((p) => p.page);
      const how = read.scanned.length > 0 ? 'SCANNED PAGES' : read.quality.suggestOcr ? 'signal blames the layer' : 'good layer';
      if (read.scanned.length > 0) flagged++;
      const wide = read.quality.reasons.find((r) => DOC_WIDE.includes(r));
      // a layer blamed for ำ alone: the pages the words could not mend (sara-am.ts), the others need no OCR
      if (read.saraAm) {
        tally('sara_am_missing', read.saraAm.ocr.length);
        words += read.saraAm.fromWords.length;
      } else if (wide) tally(wide, read.pages.length);
      else if (read.scanned.length > 0) tally('scanned_pages', read.scanned.length);
      else if (read.quality.suggestOcr) tally(read.quality.reasons[0] ?? 'weak', weak.length);
      const pages = `${read.pages.length} pages, weak ${weak.length ? weak.join(',') : '-'}`;
      console.log(`${name}\t${pages}\t${how}${read.scanned.length ? `: OCR pages ${read.scanned.join(',')}` : ` [${read.quality.reasons.join(' ')}]`}`);
    } catch (err) {
      console.log(`${name}\tunreadable: ${(err as Error).message}`);
    }
  }
console.log(`${flagged} of ${files} PDFs have scanned pages in a good layer (${((performance.now() - started) / 1000).toFixed(1)} s)`);
console.log(`pages auto mode OCRs, by reason: ${[...ocrPages].map(([r, n]) => `${r} ${n}`).join(', ')}; ำ put back from the words on ${words} pages`);
process.exit(0);
