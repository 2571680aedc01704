// The document viewer (issue 35): how fast a page opens and how large its image is, and how well the first
// reference of each campus_dev answer is marked on its page.
//   nice bun scripts/bench/viewer.ts [--repeat 20] [--skip-campus]
// Part 1 ingests the shared fixtures with the upload pipeline (the G4 scan read by OCR, its word boxes kept)
// into a listening test server and opens every page over HTTP as a browser does: the viewer page's HTML,
// then its image. First view = nothing cached; cached = the same again, `--repeat` times per page.
// Part 2 answers campus_dev's 40 answerable questions on library A (scripts/eval-answers.ts builds and caches
// it; a copy is opened so the cache is not written) and opens each shown answer's first reference: how many
// mark at least 80 % of the quote's characters; and the regulation's 15 questions against its G4 scan alone.
import { copyFileSync, cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { startTestServer } from '../../tests/helpers/server';
import { createDocument } from '../../modules/documents/pipeline';
import { indexQueue } from '../../modules/documents/indexer';
import { answer } from '../../modules/assistant/service';
import { setDocumentActive } from '../../modules/documents/service';
import type { AppContext } from '../../src/context';
import { shutdownOcr } from '../../modules/extraction';
import { viewPage, viewableDocument } from '../../modules/documents/viewer/service';
import { viewRateOverride } from '../../modules/documents/viewer/routes';
import { fold } from '../../modules/documents/viewer/fold';
import { viewerPath } from '../../contracts/viewer-path';
import { openLibrary, prepareLibrary } from '../eval/library-cache';
import { percentile } from './lib';

const { values: args } = parseArgs({ options: { repeat: { type: 'string', default: '20' }, 'skip-campus': { type: 'boolean', default: false } } });
const SHARED = join(import.meta.dir, '..', '..', '..', 'shared');
const FIXTURES = join(SHARED, 'fixtures', 'docs');
const repeat = Number(args.repeat);
const ms = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return `p50 ${percentile(s, 50).toFixed(0)} ms, p95 ${percentile(s, 95).toFixed(0)} ms, max ${s[s.length - 1]!.toFixed(0)} ms (n=${s.length})`;
};

async function speed() {
  const server = await startTestServer({ LOG_LEVEL: 'error' });
  viewRateOverride.set(server.ctx, 1_000_000);
  const docs: Array<{ id: string; name: string }> = [];
  for (const name of ['regulation.pdf', 'regulation-scan-g4.pdf', 'real-cmu-reg-payment.pdf', 'real-cmu-academic-calendar-2568.pdf']) {
    const tmpPath = join(server.ctx.paths.tmpDir, `${crypto.randomUUID()}.pdf`);
    copyFileSync(join(FIXTURES, name), tmpPath);
    const bytes = await Bun.file(tmpPath).bytes();
    const file = {
      tmpPath,
      size: bytes.length,
      sha256: new Bun.CryptoHasher('sha256').update(bytes).digest('hex'),
      head: bytes.subarray(0, 4096),
      clientName: name,
    };
    const fields = { fileName: name, description: '', category: null, isActive: true, fallbackContact: '-', contents: '' };
    const t0 = performance.now();
    const { id } = await createDocument(server.ctx, file, fields, { allowIncompleteFields: true });
    console.log(`ingested ${name} in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    docs.push({ id, name });
  }
  await indexQueue(server.ctx).idle();
  const open = async (id: string, page: number) => {
    const t0 = performance.now();
    const html = await (await fetch(`${server.url}${viewerPath(id, page)}`)).text();
    const src = html.match(/src="(\/api\/files\/[^"]+\/image[^"]*)"/)?.[1]?.replace(/&amp;/g, '&');
    if (!src) throw new Error(`no image on page ${page} of ${id}`);
    const image = await (await fetch(`${server.url}${src}`)).bytes();
    return { ms: performance.now() - t0, bytes: image.length };
  };
  const first: number[] = [];
  const cached: number[] = [];
  const sizes: number[] = [];
  for (const d of docs) {
    const pages = Number((await (await fetch(`${server.url}/api/files/${d.id}/view?page=1`)).json()).data.pages);
    // page 1 was just rendered by the call above: its first view is not counted
    for (let p = 2; p <= pages; p++) first.push((await open(d.id, p)).ms);
    for (let p = 1; p <= pages; p++) {
      for (let i = 0; i < repeat; i++) {
        const r = await open(d.id, p);
        cached.push(r.ms);
        if (i === 0) sizes.push(r.bytes);
      }
    }
    console.log(`${d.name}: ${pages} pages, images ${Math.min(...sizes.slice(-pages))}–${Math.max(...sizes.slice(-pages))} bytes`);
  }
  console.log(`first view (page HTML + image, nothing cached): ${ms(first)}`);
  console.log(`cached (page HTML + image): ${ms(cached)}`);
  console.log(`image bytes: max ${Math.max(...sizes)}, mean ${Math.round(sizes.reduce((a, b) => a + b, 0) / sizes.length)} (n=${sizes.length})`);
  // The regulation's questions against its G4 scan alone: quotes are OCR text, marks come from kept OCR boxes.
  const [text, scan] = docs;
  await setDocumentActive(server.ctx, text!.id, false);
  const regulation = (await answerable()).filter((q) => q.gold_file === 'regulation.pdf');
  await markShares(server.ctx, regulation, (id) => docs.find((d) => d.id === id)?.name ?? id, `campus_dev regulation questions on ${scan!.name} only`);
  await server.close();
}

type Query = { id: string; text: string; kind: string; gold_file: string };
const answerable = async () =>
  (await Bun.file(join(SHARED, 'eval', 'campus_dev', 'queries.jsonl')).text())
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as Query)
    .filter((q) => q.kind === 'answer');

/** Answers each question and opens its first reference: how many mark ≥ 80 % of the quote's characters. */
async function markShares(ctx: AppContext, queries: Query[], fileOf: (id: string) => string, label: string) {
  let shown = 0;
  let marked80 = 0;
  const shares: number[] = [];
  const opened: number[] = [];
  const misses: string[] = [];
  for (const q of queries) {
    const r = await answer(ctx, { message: q.text, showRegulation: true, inlineReferences: false });
    const ref = r.references[0];
    if (r.fallback || !ref) continue;
    shown++;
    const anchors = new URL(viewerPath(ref.documentId, ref.page, ref.text), 'http://x').searchParams;
    const found = await viewableDocument(ctx, ref.documentId, false);
    const t0 = performance.now();
    const { data, marked } = await viewPage(ctx, found, { page: ref.page, from: anchors.get('from') ?? undefined, to: anchors.get('to') ?? undefined });
    opened.push(performance.now() - t0);
    const share = Math.min(1, marked / Math.max(1, fold(ref.text).chars.length));
    shares.push(share);
    if (share >= 0.8) marked80++;
    else
      misses.push(
        `${q.id} ${fileOf(ref.documentId)} p${ref.page}: ${(share * 100).toFixed(0)} % (passage ${data.passage ? 'found' : 'not found'} in the stored text, ${data.marks.length} rects)`,
      );
  }
  console.log(
    `${label}: ${queries.length} answerable, ${shown} answers shown with a reference; first reference marks ≥ 80 % of its quote: ${marked80} of ${shown}`,
  );
  console.log(`  mean share marked ${((shares.reduce((a, b) => a + b, 0) / Math.max(1, shares.length)) * 100).toFixed(1)} %`);
  for (const m of misses) console.log(`  under 80 %: ${m}`);
  if (opened.length) console.log(`  open (service call, first view of each cited page or cached): ${ms(opened)}`);
}

async function campus() {
  const files = ['regulation.pdf', 'real-cmu-reg-payment.pdf', 'real-cmu-academic-calendar-2568.pdf', 'real-thai-bulletin-45p.pdf'];
  const lib = await prepareLibrary(files.map((f) => join(FIXTURES, f)));
  const copy = mkdtempSync(join(tmpdir(), 'askreg-viewer-bench-'));
  cpSync(lib.dataDir, copy, { recursive: true });
  const ctx = await openLibrary({ ...lib, dataDir: copy });
  try {
    await markShares(ctx, await answerable(), (id) => lib.files.get(id) ?? id, 'campus_dev A');
  } finally {
    await ctx.close();
    rmSync(copy, { recursive: true, force: true });
  }
}

console.log(
  `machine: ${navigator.hardwareConcurrency} cores, shared with other work (load ${require('node:os')
    .loadavg()
    .map((l: number) => l.toFixed(1))
    .join(' ')})`,
);
await speed();
if (!args['skip-campus']) await campus();
await shutdownOcr();
process.exit(0);
