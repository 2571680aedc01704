// OCR accuracy on the fixture scans against their ground truth: character error rate and, separately,
// digit accuracy (Thai ๐–๙ and 0–9), since clause numbers, dates and amounts are what OCR gets wrong most
// and what students ask about. Prints a table, then one JSON line.
//   bun scripts/bench/ocr-accuracy.ts [scan.pdf …]     (default: every regulation-scan-*.pdf fixture)
import { readdirSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { extractDocument, shutdownOcr } from '../../modules/extraction';
import { characterErrorRate, digitAccuracy } from '../../modules/extraction/cer';

const DOCS = resolve(import.meta.dir, '../..', '../shared/fixtures/docs');
const files =
  process.argv.length > 2
    ? process.argv.slice(2).map((f) => resolve(f))
    : readdirSync(DOCS)
        .filter((f) => /^regulation-scan-.*\.pdf$/.test(f))
        .sort()
        .map((f) => resolve(DOCS, f));
const reference = await Bun.file(resolve(DOCS, 'regulation.txt')).text();

const rows: Array<Record<string, string | number>> = [];
for (const file of files) {
  const started = performance.now();
  let row: Record<string, string | number>;
  let pages = 1;
  try {
    const r = await extractDocument(file, { ocr: 'force' });
    const digits = digitAccuracy(r.text, reference);
    pages = r.pages.length;
    row = {
      file: basename(file),
      cer_pct: +(characterErrorRate(r.text, reference) * 100).toFixed(2),
      digit_acc_pct: +(digits.rate * 100).toFixed(1),
      digits: `${digits.correct}/${digits.total}`,
      check_spans: r.checkSpans.length,
    };
  } catch (err) {
    row = { file: basename(file), cer_pct: 100, digit_acc_pct: 0, digits: '-', check_spans: 0, error: (err as Error).message };
  }
  row.seconds = +((performance.now() - started) / 1000).toFixed(1);
  // Wall time over pages: pages are OCR'd in parallel up to the pool size (2 workers by default).
  row.s_per_page = +((performance.now() - started) / 1000 / pages).toFixed(1);
  rows.push(row);
}
await shutdownOcr();
console.table(rows);
console.log(JSON.stringify({ ocr_accuracy: rows }));
