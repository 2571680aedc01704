// What a parse worker process does with one file (parse-worker.ts runs it; parse-pool.ts sends the jobs), or
// with one page to render for OCR (render-job.ts).
// Everything here reads untrusted bytes: pdf.js, mammoth/jszip, the zip guard, UTF-8 decoding. The limits
// that can be counted are checked here; time and memory are also enforced from outside by the pool.
import { docxZipLimits, extractDocxText } from './docx.ts';
import { ExtractionError } from './errors.ts';
import { type Sketch, sketchOf } from './near-duplicate.ts';
import { decodePlainText } from './plain-text.ts';
import type { ParseLimits } from './parse-limits.ts';
import { checkPdfReadable } from './pdf-readable.ts';
import { checkPdfStreams } from './pdf-streams.ts';
import { scannedPages } from './page-images.ts';
import { extractPdfTextPages, openPdf } from './pdf-text.ts';
import { assessQuality, MIN_CHARS_PER_PAGE, SCANNED_PAGES } from './quality.ts';
import { restoreSaraAmPages } from './sara-am.ts';
import { closeRenderDocument, type RenderJob, type RenderResult, runRenderJob } from './render-job.ts';
import type { DocKind, ExtractedPage, ExtractProgress, QualitySignal } from './types.ts';
import { checkDocxArchive } from './zip.ts';

export type ParseJob =
  /** the text layer of a PDF, or the text of a DOCX or TXT file; `scans`: find a PDF's scanned pages (auto mode) */
  | { op: 'extract'; path: string; kind: DocKind; limits: ParseLimits; scans?: boolean }
  /** a stored original with reviewed text must still open */
  | { op: 'check-pdf'; path: string; limits: ParseLimits }
  /** the zip guard of an uploaded DOCX */
  | { op: 'check-docx'; path: string; limits: ParseLimits }
  /** /api/files/similar's JSON body {contents, except?}: checked, and the near-duplicate sketch of `contents` */
  | { op: 'sketch-json'; path: string; limits: ParseLimits }
  | RenderJob;

export type TextLayer =
  /** the layer's quality signal is judged here, on the losslessly cleaned pages, which need not travel back;
   * `scanned`: the weak pages of an otherwise good layer that carry a page-sized image (page-images.ts);
   * `saraAm` (auto mode, a layer blamed for ำ alone): `pages` hold ำ put back from the words on `fromWords`, and
   * `ocr` are the pages the words could not mend (sara-am.ts) */
  | { kind: 'pdf'; pages: ExtractedPage[]; quality: QualitySignal; scanned: number[]; saraAm?: { fromWords: number[]; ocr: number[] } }
  | { kind: 'docx' | 'txt'; text: string }
  | { kind: 'checked' };

export type JobResult = TextLayer | RenderResult | { kind: 'sketch'; sketch: Sketch; except?: string };

const tooLarge = (why: string) => new ExtractionError('too_large', why);

const memoryGuard = (limits: ParseLimits) => () => {
  if (process.memoryUsage.rss() > limits.memoryBytes) throw new ExtractionError('too_much_memory', 'reading the file needs too much memory');
};

/** Counts characters and watches this process's memory after every page (the pool's kill is the backstop). */
function pageGuard(limits: ParseLimits) {
  let chars = 0;
  const memory = memoryGuard(limits);
  return (page: ExtractedPage) => {
    chars += page.text.length;
    if (chars > limits.maxChars) throw tooLarge(`more than ${limits.maxChars} characters of text`);
    memory();
  };
}

async function extractPdf(path: string, limits: ParseLimits, onProgress: (p: ExtractProgress) => void, scans: boolean): Promise<TextLayer> {
  const data = new Uint8Array(await Bun.file(path).arrayBuffer());
  checkPdfStreams(data, limits);
  const doc = await openPdf(data);
  try {
    if (doc.numPages > limits.maxPages) throw tooLarge(`${doc.numPages} pages, over ${limits.maxPages}`);
    const { pages, raw } = await extractPdfTextPages(doc, onProgress, undefined, pageGuard(limits));
    const quality = assessQuality(raw);
    // A Word + TH SarabunIT๙ layer that lost only ำ has it put back from the words here, off the server's thread.
    if (scans && quality.reasons.length === 1 && quality.reasons[0] === 'sara_am_missing') {
      const { pages: restored, fromWords, ocr } = restoreSaraAmPages(pages);
      return { kind: 'pdf', pages: restored, quality, scanned: [], saraAm: { fromWords, ocr } };
    }
    // A layer the signal already blames has its weak pages OCR'd anyway: their images are looked at only here.
    if (quality.suggestOcr || !scans) return { kind: 'pdf', pages, quality, scanned: [] };
    const weak = pages.filter((p) => p.text.replace(/\s+/g, '').length < MIN_CHARS_PER_PAGE).map((p) => p.page);
    const scanned = await scannedPages(doc, weak, memoryGuard(limits));
    if (scanned.length === 0) return { kind: 'pdf', pages, quality, scanned };
    return { kind: 'pdf', pages, quality: { ...quality, suggestOcr: true, reasons: [...quality.reasons, SCANNED_PAGES] }, scanned };
  } finally {
    await doc.loadingTask.destroy().catch(() => {});
  }
}

async function extractText(path: string, kind: 'docx' | 'txt', limits: ParseLimits): Promise<TextLayer> {
  const data = new Uint8Array(await Bun.file(path).arrayBuffer());
  let text: string;
  if (kind === 'docx') text = await extractDocxText(path, data, limits);
  else text = decodePlainText(data, limits);
  pageGuard(limits)({ page: 1, text });
  return { kind, text };
}

/** `{contents, except?}` and nothing else; `unsupported_type` names what is wrong (the route says it in Thai). */
function sketchJson(text: string, limits: ParseLimits): JobResult {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ExtractionError('unsupported_type', 'the body is not JSON');
  }
  const { contents, except, ...rest } = (value && typeof value === 'object' && !Array.isArray(value) ? value : { contents: null }) as Record<string, unknown>;
  if (typeof contents !== 'string') throw new ExtractionError('unsupported_type', 'contents must be text');
  if (except !== undefined && (typeof except !== 'string' || except.length > 64)) throw new ExtractionError('unsupported_type', 'except must be a document id');
  if (Object.keys(rest).length) throw new ExtractionError('unsupported_type', `unknown fields: ${Object.keys(rest).slice(0, 5).join(', ')}`);
  if (contents.length > limits.maxChars) throw tooLarge(`more than ${limits.maxChars} characters of text`);
  return { kind: 'sketch', sketch: sketchOf(contents), except };
}

export async function runParseJob(job: ParseJob, onProgress: (p: ExtractProgress) => void): Promise<JobResult> {
  if (job.op === 'render-open' || job.op === 'render' || job.op === 'view') return runRenderJob(job);
  // A document left open for rendering would count against this file's memory limit.
  await closeRenderDocument();
  if (job.op === 'check-pdf') {
    await checkPdfReadable(job.path);
    return { kind: 'checked' };
  }
  if (job.op === 'check-docx') {
    await checkDocxArchive(job.path, docxZipLimits(job.limits));
    return { kind: 'checked' };
  }
  if (job.op === 'sketch-json') return sketchJson(await Bun.file(job.path).text(), job.limits);
  if (job.kind === 'pdf') return extractPdf(job.path, job.limits, onProgress, job.scans === true);
  onProgress({ phase: 'extract', done: 0, total: 1 });
  const layer = await extractText(job.path, job.kind, job.limits);
  onProgress({ phase: 'extract', done: 1, total: 1 });
  return layer;
}
