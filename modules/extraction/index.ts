// Document text extraction: PDF (text layer, OCR, or both), DOCX and TXT, normalised for Thai.
// This file is the module's only entry: documents, chat attachments and scripts import from here.
import { stat } from 'node:fs/promises';
import { findCheckSpans } from './check-spans.ts';
import { fixClauseNumbers } from './clause-numbers.ts';
import { splitGluedClauses } from './clause-words.ts';
import { markImprobable } from './improbable-digits.ts';
import { restoreActYears, restoreSixInYears } from './ocr-numbers.ts';
import { detectKind } from './detect.ts';
import { ExtractionError, throwIfAborted } from './errors.ts';
import { ocrPdfPages } from './ocr.ts';
import { restoreSaraAmFromOcr } from './ocr-merge.ts';
import { DEFAULT_UPLOAD_LIMITS, type ParseLimits } from './parse-limits.ts';
import { parseInWorker } from './parse-pool.ts';
import { decodePlainText, plainTextByteCap } from './plain-text.ts';
import type { Sketch } from './near-duplicate.ts';
import { assessQuality, MIN_CHARS_PER_PAGE, SCANNED_PAGES, wedgedPer1000 } from './quality.ts';
import { latinLayerProbe, layerIsForeignOcr } from './latin-layer.ts';
import type { CheckSpan, DocKind, ExtractedPage, ExtractionMethod, ExtractionResult, ExtractOptions, OcrMode } from './types.ts';

export type * from './types.ts';
export { ExtractionError, type ExtractionErrorCode } from './errors.ts';
export { detectKind } from './detect.ts';
export { normalizeThai } from './normalize.ts';
export { assessQuality } from './quality.ts';
export { DEFAULT_ATTACHMENT_LIMITS, DEFAULT_UPLOAD_LIMITS, type ParseLimits } from './parse-limits.ts';
export { similarity, sketchOf, type Sketch } from './near-duplicate.ts';
export { PARSE_WORKER_FLAG, type ParseLane, parseWorkerPids, registerParseWorkerCommand, setParseWorkers, shutdownParseWorkers } from './parse-pool.ts';
export { shutdownOcr, setOcrWorkers, ocrWorkers, LANGS as OCR_LANGS, MODEL_VARIANT as OCR_MODEL_VARIANT } from './ocr-pool.ts';
export { registerOcrFiles, type OcrFiles, type OcrFilesLocator } from './ocr-runtime.ts';
export { chooseOcrEngine, type OcrEngineChoice, type OcrEngineSetting } from './ocr-engine.ts';
export type { PageWords, WordBox } from './page-words.ts';
export type { PageView } from './page-view.ts';
export { MAX_VIEW_BYTES } from './page-view.ts';

/**
 * Page `page` of the PDF at `path` as the viewer shows it (WebP image, text-layer boxes), rendered in a parse
 * worker of the chat lane: a viewer is opened by anyone, like a chat attachment, and never waits behind uploads.
 */
export async function viewPdfPage(path: string, page: number, opts: { limits?: ParseLimits; signal?: AbortSignal } = {}) {
  const limits = opts.limits ?? DEFAULT_UPLOAD_LIMITS;
  const result = await parseInWorker(
    { op: 'view', path, session: `view:${path}`, page, limits },
    { deadline: Date.now() + Math.min(limits.timeoutMs, 60_000), lane: 'chat', signal: opts.signal },
  );
  if (result.kind !== 'viewed') throw new ExtractionError('corrupt', 'unexpected answer from the page renderer');
  return result.view;
}

/** OCR's word boxes of one page, for a scanned page whose boxes were not kept at ingest (read once, then cached by the caller). */
export async function ocrPageWords(path: string, page: number, opts: { limits?: ParseLimits; signal?: AbortSignal } = {}) {
  const [read] = await ocrPdfPages(path, [page], { lane: 'chat', limits: opts.limits, signal: opts.signal });
  return read?.words ?? [];
}

/** The zip guard of an uploaded DOCX (bomb, not a Word file), run in a parse worker. */
export async function checkDocxArchive(path: string, limits: ParseLimits = DEFAULT_UPLOAD_LIMITS): Promise<void> {
  await parseInWorker({ op: 'check-docx', path, limits }, { deadline: Date.now() + limits.timeoutMs });
}

/** Throws 'corrupt' or 'encrypted' when the stored original of a reviewed upload cannot be opened (in a parse worker). */
export async function checkPdfReadable(path: string, limits: ParseLimits = DEFAULT_UPLOAD_LIMITS): Promise<void> {
  await parseInWorker({ op: 'check-pdf', path, limits }, { deadline: Date.now() + limits.timeoutMs });
}

/**
 * A JSON body `{contents, except?}` on disk, parsed and checked, with the near-duplicate sketch of `contents`, in a
 * parse worker of the chat lane (short jobs, shared fairly by `share`): parsing and sketching 20 M characters took
 * the server's thread seconds (issue 34 finding 12). A body of another shape is `unsupported_type`.
 */
export async function sketchJsonFile(
  path: string,
  opts: { limits: ParseLimits; signal?: AbortSignal; share?: readonly string[] },
): Promise<{ sketch: Sketch; except?: string }> {
  const job = { op: 'sketch-json' as const, path, limits: opts.limits };
  const read = await parseInWorker(job, { deadline: Date.now() + opts.limits.timeoutMs, lane: 'chat', signal: opts.signal, share: opts.share });
  if (read.kind !== 'sketch') throw new ExtractionError('corrupt', 'unexpected answer from the file reader');
  return { sketch: read.sketch, except: read.except };
}

/** The console states 500 MB as the upload limit. */
export const MAX_FILE_BYTES = 500 * 1024 * 1024;
// A page with fewer visible characters than this is treated as having no text layer.
const MIN_PAGE_CHARS = 20;

// 'words': a layer page whose lost ำ the words put back (sara-am.ts), no OCR read
type PageSource = 'text' | 'ocr' | 'merged' | 'words';

function visibleLength(s: string): number {
  return s.replace(/\s+/g, '').length;
}

function assemble(read: ExtractedPage[], sources: PageSource[], ocrMode: OcrMode, fallback: ExtractionMethod): ExtractionResult {
  // A clause heading the layout ran into the paragraph before starts its own paragraph again, on a text layer's pages as
  // on OCR's (the OCR pages had it with their clause numbers, fixClauseNumbers; here the whole document's run counts).
  const texts = read.map((p) => p.text);
  const pages = splitGluedClauses(texts) > 0 ? read.map((p, i) => ({ ...p, text: texts[i]! })) : read;
  const checkSpans: CheckSpan[] = [];
  let offset = 0;
  pages.forEach((p, i) => {
    if (sources[i] === 'ocr') checkSpans.push(...findCheckSpans(p.text, offset));
    offset += p.text.length + 2;
  });
  const text = pages.map((p) => p.text).join('\n\n');
  if (visibleLength(text) === 0) throw new ExtractionError('empty', 'no text could be extracted');
  const marked = markImprobable(text, checkSpans);
  const used = new Set(sources.map((s) => (s === 'words' ? 'text' : s)));
  const method: ExtractionMethod = used.size === 1 && used.has('text') ? fallback : used.size === 1 && used.has('ocr') ? 'ocr' : 'pdf-text+ocr';
  return {
    text,
    pages,
    method,
    usedOcr: used.has('ocr') || used.has('merged'),
    userTriggeredOcr: ocrMode === 'force',
    quality: assessQuality(pages),
    checkSpans: marked,
  };
}

/** OCR under the same deadline as the rest of the file: past it the pages are stopped and the file refused. */
async function ocrBefore(deadline: number, path: string, targets: number[], opts: ExtractOptions, limits: ParseLimits) {
  const stop = new AbortController();
  let late = false;
  const timer = setTimeout(
    () => {
      late = true;
      stop.abort();
    },
    Math.max(0, deadline - Date.now()),
  );
  const onAbort = () => stop.abort();
  opts.signal?.addEventListener('abort', onAbort, { once: true });
  try {
    return await ocrPdfPages(path, targets, { onProgress: opts.onProgress, signal: stop.signal, lane: opts.lane, limits, deadline });
  } catch (err) {
    if (late && err instanceof ExtractionError && err.code === 'aborted') throw new ExtractionError('too_slow', 'OCR took longer than the time limit');
    throw err;
  } finally {
    clearTimeout(timer);
    opts.signal?.removeEventListener('abort', onAbort);
  }
}

async function extractPdf(path: string, opts: ExtractOptions, mode: OcrMode, limits: ParseLimits, deadline: number): Promise<ExtractionResult> {
  // The text layer is read in a parse worker, which also refuses too many pages (so OCR never sees them) and, in
  // auto mode, names the scanned pages of an otherwise good layer (page-images.ts).
  const read = await parseInWorker(
    { op: 'extract', path, kind: 'pdf', limits, scans: mode === 'auto' },
    { deadline, lane: opts.lane, signal: opts.signal, onProgress: opts.onProgress, share: opts.share },
  );
  if (read.kind !== 'pdf') throw new ExtractionError('corrupt', 'unexpected answer from the file reader');
  const { pages: layer, quality, scanned, saraAm } = read;
  const sources: PageSource[] = layer.map(() => 'text');
  const layerOnly = () => ({ ...assemble(layer, sources, mode, 'pdf-text'), quality });
  if (mode === 'off') return layerOnly();
  // A layer of Latin letters over what may be a Thai scan (latin-layer.ts): one page is read first to tell.
  const probePage = mode === 'auto' ? latinLayerProbe(layer) : null;
  const probe = probePage === null ? [] : await ocrBefore(deadline, path, [probePage], opts, limits);
  const foreignOcr = probe.some((o) => layerIsForeignOcr(o.text, layer[o.page - 1]?.text ?? ''));
  if (mode === 'auto' && !quality.suggestOcr && !foreignOcr) return layerOnly();

  // Auto mode OCRs what the signal blames: weak pages, or every page when the whole layer is
  // damaged (ำ lost, broken glyphs, an old font's wrong characters, another language's OCR). Force mode OCRs every page.
  // An old font's wrong characters (quality.ts legacy_font): a page's OCR replaces its layer when it has far fewer.
  const legacyFont = quality.reasons.includes('legacy_font');
  // A layer that lost only ำ (parse-job.ts): the pages whose ำ the words put back are not read again, the others are.
  const words = mode === 'auto' && !foreignOcr ? saraAm : undefined;
  for (const n of words?.fromWords ?? []) sources[n - 1] = 'words';
  const docWide = mode === 'force' || foreignOcr || legacyFont || quality.reasons.some((r) => (r === 'sara_am_missing' && !words) || r === 'broken_characters');
  // When the only blame is a scanned page in a good layer (page-images.ts), that page alone: not the blank
  // pages or the pages holding just a logo, which the weak-page rule would add.
  const onlyScans = quality.reasons.every((r) => r === SCANNED_PAGES);
  const weak = (p: ExtractedPage) => (words ? words.ocr.includes(p.page) : onlyScans ? scanned.includes(p.page) : visibleLength(p.text) < MIN_CHARS_PER_PAGE);
  // A weak page may still carry a stray line (scanner watermark, page number) over its scan.
  const targets = layer.filter((p) => p.page !== probePage && (docWide || weak(p))).map((p) => p.page);
  // (a layer mended by the words alone is judged again on its mended text, as a merged one is below)
  if (targets.length === 0 && !foreignOcr) return words ? assemble(layer, sources, mode, 'pdf-text') : layerOnly();
  // Pages are rendered in the same lane's workers, under the same limits and deadline as the text layer.
  const ocr = [...(foreignOcr ? probe : []), ...(targets.length > 0 ? await ocrBefore(deadline, path, targets, opts, limits) : [])];
  const pages = layer.map((p) => ({ ...p }));
  for (const o of ocr) {
    const i = o.page - 1;
    const mine = pages[i];
    if (visibleLength(mine.text) < MIN_PAGE_CHARS) {
      if (visibleLength(o.text) > visibleLength(mine.text)) [pages[i], sources[i]] = [{ page: o.page, text: o.text }, 'ocr'];
      continue;
    }
    const merged = restoreSaraAmFromOcr(mine.text, o.text);
    if (merged.restored > 0) [pages[i], sources[i]] = [{ page: o.page, text: merged.text }, 'merged'];
    else if (
      betterThanLayer(o.text, mine.text) ||
      (foreignOcr && layerIsForeignOcr(o.text, mine.text)) ||
      (legacyFont && wedgedPer1000(o.text) < wedgedPer1000(mine.text) / 2)
    )
      [pages[i], sources[i]] = [{ page: o.page, text: o.text }, 'ocr'];
  }
  // Clause numbers OCR broke are put back from the run they belong to (ข้อ ๓, ๕, ๕ → ๓, ๔, ๕).
  const ocrIndexes = sources.flatMap((s, i) => (s === 'ocr' ? [i] : []));
  // Then a garbled year of an act from another mention of the same act (พ.ศ. Ed. → พ.ศ. ๒๕๕๖).
  // (Dropping marks the rest of the document reads without was tried and removed: on a long varied document,
  // 147k characters of correct Wikipedia text read as one, it took real marks off ที่เรียน and ประโยชน์ที่, and
  // it searched the whole document once per mark.)
  // A year whose ๖ OCR read as ๒ (ปีการศึกษา ๒๕๒๓) in a document of the 2560s is read first, so that two mentions of
  // an act agree on its year.
  const renumbered = restoreActYears(restoreSixInYears(fixClauseNumbers(ocrIndexes.map((i) => pages[i].text)).pages).pages).pages;
  ocrIndexes.forEach((i, k) => (pages[i] = { ...pages[i], text: renumbered[k] }));
  // The layer's own signal stays when OCR changed nothing: the console keeps offering OCR.
  const ocrWords = ocr.filter((o) => sources[o.page - 1] === 'ocr' && o.words.length > 0).map((o) => ({ page: o.page, words: o.words }));
  const result = { ...assemble(pages, sources, mode, 'pdf-text'), ocrWords };
  return sources.every((s) => s === 'text') ? { ...result, quality } : result;
}

/** OCR replaces an existing text layer only when the layer is clearly damaged and OCR is not. */
function betterThanLayer(ocrText: string, layerText: string): boolean {
  const q = (text: string) => assessQuality([{ page: 1, text }]).score;
  return q(ocrText) > q(layerText) + 0.2;
}

/** The text of a plain UTF-8 file's bytes, as one page (extractDocument's reading of a .txt file, for callers holding the bytes). */
export function extractPlainText(data: Uint8Array, limits: ParseLimits = DEFAULT_UPLOAD_LIMITS): ExtractionResult {
  return assemble([{ page: 1, text: decodePlainText(data, limits) }], ['text'], 'off', 'txt');
}

/** Extract normalised text from a PDF, DOCX or TXT file on disk, under `opts.limits` (library uploads' by default). */
export async function extractDocument(path: string, opts: ExtractOptions = {}): Promise<ExtractionResult> {
  const mode = opts.ocr ?? 'auto';
  const limits = opts.limits ?? DEFAULT_UPLOAD_LIMITS;
  const deadline = Date.now() + limits.timeoutMs;
  throwIfAborted(opts.signal);
  let size: number;
  try {
    size = (await stat(path)).size;
  } catch (err) {
    throw new ExtractionError('corrupt', `cannot read file: ${(err as Error).message}`, { cause: err });
  }
  if (size > MAX_FILE_BYTES) throw new ExtractionError('too_large', `file is larger than ${MAX_FILE_BYTES} bytes`);
  if (size === 0) throw new ExtractionError('empty', 'file is empty');
  opts.onProgress?.({ phase: 'read', done: 0, total: 1 });
  // Callers that checked the type already say so; only then is the file not read here at all.
  const kind: DocKind | null = opts.kind ?? detectKind(new Uint8Array(await Bun.file(path).arrayBuffer()), path);
  opts.onProgress?.({ phase: 'read', done: 1, total: 1 });
  if (!kind) throw new ExtractionError('unsupported_type', 'only PDF, DOCX and TXT files can be read');
  throwIfAborted(opts.signal);

  if (kind === 'pdf') return extractPdf(path, opts, mode, limits, deadline);
  // A text file is only decoded: no parse worker (plain-text.ts); its size is capped before it is read.
  if (kind === 'txt') {
    if (size > plainTextByteCap(limits)) throw new ExtractionError('too_large', `more than ${limits.maxChars} characters of text`);
    opts.onProgress?.({ phase: 'extract', done: 0, total: 1 });
    const result = extractPlainText(await Bun.file(path).bytes(), limits);
    opts.onProgress?.({ phase: 'extract', done: 1, total: 1 });
    return result;
  }
  // OCR applies to PDFs only; a Word file has no page images.
  const read = await parseInWorker(
    { op: 'extract', path, kind, limits },
    { deadline, lane: opts.lane, signal: opts.signal, onProgress: opts.onProgress, share: opts.share },
  );
  if (read.kind !== 'docx' && read.kind !== 'txt') throw new ExtractionError('corrupt', 'unexpected answer from the file reader');
  return assemble([{ page: 1, text: read.text }], ['text'], 'off', read.kind);
}
