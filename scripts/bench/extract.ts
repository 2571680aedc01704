// Extraction speed: text-PDF pages per second and OCR seconds per page (wall clock), plus the
// same per CPU second, since a shared box's wall clock mostly measures the neighbours.
//   bun scripts/bench/extract.ts
// Targets on the 2-core box: ≥ 30 pages/s for text PDFs, ≤ 5 s/page OCR.
import { resolve } from 'node:path';
import { extractDocument, shutdownOcr } from '../../modules/extraction';

const DOCS = resolve(import.meta.dir, '../..', '../shared/fixtures/docs');

interface Timing {
  pages: number;
  seconds: number;
  cpuSeconds: number;
}

async function timed(names: string[], ocr: 'off' | 'auto'): Promise<Timing> {
  const cpu = process.cpuUsage();
  const started = performance.now();
  let pages = 0;
  for (const name of names) pages += (await extractDocument(`${DOCS}/${name}`, { ocr })).pages.length;
  const used = process.cpuUsage(cpu);
  return { pages, seconds: (performance.now() - started) / 1000, cpuSeconds: (used.user + used.system) / 1e6 };
}

// Warm-up: pdf.js module load and font setup are one-off costs.
await timed(['regulation.pdf'], 'off');
const text = await timed(['real-thai-bulletin-45p.pdf', 'regulation.pdf'], 'off');
console.log(`text_pdf_pages_per_second ${(text.pages / text.seconds).toFixed(1)}`);
console.log(`text_pdf_pages_per_cpu_second ${(text.pages / text.cpuSeconds).toFixed(1)}`);

// Start the worker pool first so model loading is not billed to the pages.
await timed(['regulation-scan-clean300.pdf'], 'auto');
for (const name of ['regulation-scan-clean300.pdf', 'regulation-scan-degraded200.pdf']) {
  const r = await timed([name], 'auto');
  console.log(`ocr_seconds_per_page ${name} ${(r.seconds / r.pages).toFixed(2)}`);
  console.log(`ocr_cpu_seconds_per_page ${name} ${(r.cpuSeconds / r.pages).toFixed(2)}`);
}
await shutdownOcr();
