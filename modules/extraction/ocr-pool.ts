// Offline tesseract.js worker pool: lazily created, sized to the machine, abortable per job.
import { availableParallelism, tmpdir } from 'node:os';
import { existsSync, mkdirSync, symlinkSync, copyFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, isAbsolute, join } from 'node:path';
import { createWorker, OEM, type Worker, type Page } from 'tesseract.js';
import { ExtractionError } from './errors.ts';
import { registeredOcrFiles } from './ocr-runtime.ts';
import { ocrEngine } from './ocr-engine.ts';
import { nativeGeneration, nativeLanguageDir, recognizeNative, shutdownNative } from './ocr-native.ts';

// The server shares the machine with web traffic: two workers at most. Batch ingestion raises it to the
// cores available (setOcrWorkers).
let poolSize = Math.max(1, Math.min(2, availableParallelism()));

/** Number of tesseract workers (each one busy core while recognising); applies to workers started next. */
export function setOcrWorkers(n: number): void {
  poolSize = Math.max(1, Math.floor(n) || 1);
}

export function ocrWorkers(): number {
  return poolSize;
}
// LSTM-only models (OEM 1). For Thai both folders of the package, and Debian's tesseract-ocr-tha (tessdata_fast),
// hold a network of the same layers (Lfys64 Lfx96 Lrx96 Lfx384, 1 MB): there is no smaller Thai model to pick.
// Recognition is ~97 % of the OCR CPU beside rendering (the digit and letter re-reads ~0.15 s a page), and 300 → 200 dpi
// saves under 10 % of it at a cost in accuracy (scripts/bench/ocr-engines.ts).
export const MODEL_VARIANT = '4.0.0_best_int';
export const LANGS = ['tha', 'eng'] as const;

// scripts/bench/ocr-speed.ts tries other models and languages through these (read when workers start).
const benchModel = (lang: string) => process.env[`ASK_REG_BENCH_OCR_MODEL_${lang.toUpperCase()}`] || MODEL_VARIANT;
const benchLangs = (): readonly string[] => process.env.ASK_REG_BENCH_OCR_LANGS?.split('+') ?? LANGS;

/** tesseract.js wants every language in one directory; the npm data packages ship one each. */
function languageDir(): string {
  const variants = LANGS.map(benchModel);
  const dir = join(tmpdir(), `ask-reg-tessdata-${[...new Set(variants)].join('-').replace(/[^\w.-]+/g, '_')}`);
  mkdirSync(dir, { recursive: true });
  const require = createRequire(import.meta.url);
  for (const lang of LANGS) {
    const target = join(dir, `${lang}.traineddata.gz`);
    if (existsSync(target)) continue;
    const pkgDir = dirname(require.resolve(`@tesseract.js-data/${lang}/package.json`));
    const variant = benchModel(lang);
    // (a bench may name a folder of its own, e.g. Debian's tessdata_fast models gzipped)
    const source = join(isAbsolute(variant) ? variant : join(pkgDir, variant), `${lang}.traineddata.gz`);
    try {
      symlinkSync(source, target);
    } catch {
      copyFileSync(source, target);
    }
  }
  return dir;
}

/** Extra tesseract parameters for workers started next (scripts/bench/ocr-speed.ts tries variants). */
export const benchOcrParameters: Record<string, string> = {};

/**
 * What tesseract takes the image for: a page (PSM 4, one column of text of variable sizes: regulations, forms with
 * tables) or one line (PSM 7: a line read again with the marks its layout analysis cut off, mark-lines.ts).
 */
export type OcrMode = 'page' | 'line';
const PSM: Record<OcrMode, string> = { page: '4', line: '7' };
// a bench's page mode (scripts/bench/ocr-speed.ts tries PSM 6) stays the page mode
const psmOf = (mode: OcrMode) => (mode === 'page' ? (benchOcrParameters.tessedit_pageseg_mode ?? PSM.page) : PSM.line);

/** Everything besides the image that decides what recognizePage reads: engine (and its version), languages, models, mode, parameters. */
export function ocrSettings(mode: OcrMode = 'page'): string {
  const { engine, native } = ocrEngine();
  const models = LANGS.map((lang) => `${lang}:${benchModel(lang)}`).join(',');
  return [native ? `native ${native.version}` : engine, benchLangs().join('+'), models, `psm${psmOf(mode)}`, JSON.stringify(benchOcrParameters)].join('|');
}

async function newWorker(): Promise<Worker> {
  const locate = registeredOcrFiles();
  const files = locate ? await locate() : { langPath: languageDir() };
  const worker = await createWorker(benchLangs().join('+'), OEM.LSTM_ONLY, {
    ...files,
    gzip: true,
    cacheMethod: 'none',
  });
  // The page segmentation mode is set with each job (OcrMode).
  // debug_file: tesseract prints notes ("Detected N diacritics") to stdout otherwise.
  await worker.setParameters({ tessedit_pageseg_mode: PSM.page as never, preserve_interword_spaces: '1', debug_file: '/dev/null', ...benchOcrParameters });
  live.add(worker);
  return worker;
}

const live = new Set<Worker>();
const idle: Worker[] = [];
// A waiter gets a worker, or null when the pool shut down under it.
const waiting: Array<(w: Worker | null) => void> = [];
let created = 0;

async function acquire(signal?: AbortSignal): Promise<Worker> {
  const ready = idle.pop();
  if (ready) return ready;
  if (created < poolSize) {
    created++;
    try {
      return await newWorker();
    } catch (err) {
      created--;
      throw new ExtractionError('ocr_failed', `cannot start OCR: ${(err as Error).message ?? err}`, { cause: err });
    }
  }
  return new Promise<Worker>((resolve, reject) => {
    const onAbort = () => {
      const i = waiting.indexOf(take);
      if (i >= 0) waiting.splice(i, 1);
      reject(new ExtractionError('aborted', 'OCR aborted'));
    };
    const take = (w: Worker | null) => {
      signal?.removeEventListener('abort', onAbort);
      if (w) resolve(w);
      else reject(new ExtractionError('ocr_failed', 'OCR was shut down'));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    waiting.push(take);
  });
}

function release(worker: Worker): void {
  if (!live.has(worker)) return; // terminated by shutdownOcr while busy
  const next = waiting.shift();
  if (next) next(worker);
  else idle.push(worker);
}

/** A worker was terminated mid-job: replace it if jobs are queued. */
function discard(worker: Worker): void {
  if (!live.delete(worker)) return;
  created--;
  void worker.terminate().catch(() => {});
  if (waiting.length === 0) return;
  created++;
  newWorker().then(release, () => {
    created--;
  });
}

function assertUsable(worker: Worker, signal?: AbortSignal): void {
  if (!live.has(worker)) throw new ExtractionError('ocr_failed', 'OCR was shut down');
  if (signal?.aborted) throw new ExtractionError('aborted', 'OCR aborted');
}

// The tesseract command reads the same models, uncompressed (made once per process, kept in the temp directory).
let nativeData: Promise<string> | null = null;
const nativeTessdata = () =>
  (nativeData ??= (async () => {
    const locate = registeredOcrFiles();
    return nativeLanguageDir((locate ? await locate() : { langPath: languageDir() }).langPath, benchLangs());
  })().catch((err) => {
    nativeData = null;
    throw err instanceof ExtractionError ? err : new ExtractionError('ocr_failed', `cannot start OCR: ${(err as Error).message ?? err}`, { cause: err });
  }));

/** Recognise one page image (encoded PNG/PGM/JPEG bytes) at the given resolution, with the engine chosen at start (ocr-engine.ts). */
export async function recognizePage(image: Uint8Array, dpi: number, signal?: AbortSignal, mode: OcrMode = 'page'): Promise<Page> {
  if (signal?.aborted) throw new ExtractionError('aborted', 'OCR aborted');
  const { native } = ocrEngine();
  if (native) {
    const generation = nativeGeneration(); // before any wait: a shutdown meanwhile refuses this page
    return recognizeNative(
      { ocr: native, tessdata: await nativeTessdata(), langs: benchLangs(), slots: poolSize, generation, psm: psmOf(mode) },
      image,
      dpi,
      signal,
    );
  }
  const worker = await acquire(signal);
  let aborted = false;
  let broken = false;
  // tesseract.js cannot cancel a running job: terminate the worker and let the pool replace it.
  const onAbort = () => {
    aborted = true;
  };
  signal?.addEventListener('abort', onAbort, { once: true });
  const abortable = new Promise<never>((_, reject) => {
    signal?.addEventListener('abort', () => reject(new ExtractionError('aborted', 'OCR aborted')), { once: true });
  });
  abortable.catch(() => {}); // only observed through the race below
  try {
    // shutdownOcr may terminate this worker at any await; tesseract.js turns a job sent to a
    // terminated worker into an unhandled rejection, so check before every message to it.
    assertUsable(worker, signal);
    await worker.setParameters({ user_defined_dpi: String(Math.round(dpi)), tessedit_pageseg_mode: psmOf(mode) as never });
    assertUsable(worker, signal);
    const job = worker.recognize(Buffer.from(image), {}, { text: true, blocks: true });
    job.catch(() => {}); // a terminated worker rejects its job after we have moved on
    const { data } = await (signal ? Promise.race([job, abortable]) : job);
    return data;
  } catch (err) {
    broken = true;
    if (err instanceof ExtractionError) throw err;
    if (aborted) throw new ExtractionError('aborted', 'OCR aborted');
    throw new ExtractionError('ocr_failed', `OCR failed: ${(err as Error).message ?? err}`, { cause: err });
  } finally {
    signal?.removeEventListener('abort', onAbort);
    if (broken) discard(worker);
    else release(worker);
  }
}

// The English model alone, for short words the Thai+English pass misread inside Thai lines (a grade letter
// read as ก or 0): with Thai in the mix the LSTM prefers Thai glyphs and digits. One worker for the whole
// process, its jobs queued: a page has a handful of such words at ~5-20 ms each.
let latin: Promise<Worker> | null = null;
let latinQueue: Promise<unknown> = Promise.resolve();

async function newLatinWorker(): Promise<Worker> {
  const locate = registeredOcrFiles();
  const files = locate ? await locate() : { langPath: languageDir() };
  const worker = await createWorker('eng', OEM.LSTM_ONLY, { ...files, gzip: true, cacheMethod: 'none' });
  // PSM 7: the crop is one line of one or two letters.
  await worker.setParameters({ tessedit_pageseg_mode: '7' as never, debug_file: '/dev/null' });
  return worker;
}

/** Read a small crop (encoded PGM/PNG bytes) with the English model alone: one line of text and its confidence. */
export function recognizeLatin(image: Uint8Array, dpi: number): Promise<{ text: string; confidence: number }> {
  const job = latinQueue.then(async () => {
    latin ??= newLatinWorker();
    const worker = await latin.catch((err) => {
      latin = null;
      throw new ExtractionError('ocr_failed', `cannot start OCR: ${(err as Error).message ?? err}`, { cause: err });
    });
    await worker.setParameters({ user_defined_dpi: String(Math.round(dpi)) });
    const { data } = await worker.recognize(Buffer.from(image));
    return { text: data.text.trim(), confidence: data.confidence };
  });
  latinQueue = job.catch(() => {});
  return job;
}

/** Terminate every worker, busy ones included (server shutdown, end of tests). */
export async function shutdownOcr(): Promise<void> {
  shutdownNative();
  const english = latin;
  latin = null;
  if (english) await english.then((w) => w.terminate()).catch(() => {});
  const workers = [...live];
  live.clear();
  idle.length = 0;
  for (const take of waiting.splice(0)) take(null);
  created = 0;
  await Promise.all(workers.map((w) => w.terminate().catch(() => {})));
}
