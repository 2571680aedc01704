// The tesseract command (Debian's tesseract-ocr) as the OCR engine where it is installed: 0.62x the CPU of
// tesseract.js per page at the same or better CER (scripts/bench/ocr-engines.ts). Each page is one child process
// (one thread, OMP_THREAD_LIMIT=1) reading the page image on stdin and printing hOCR and text on stdout: no file is
// written, the image is decoded outside the server's process, and a child that outlives its deadline, its caller's
// abort or the pool's shutdown is killed. The language data are the product's own (the @tesseract.js-data models
// tesseract.js reads), so both engines read with the same networks.
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { Page } from 'tesseract.js';
import { ExtractionError } from './errors.ts';
import { pageFromHocr, splitHocrAndText } from './ocr-hocr.ts';

/** The tesseract command found on PATH. */
export interface NativeOcr {
  command: string;
  version: string;
}

/** CPU seconds and pages of the children so far (the benches read it: a child's CPU is not the process's own). */
export const nativeOcrStats = { cpuSeconds: 0, pages: 0 };

/** Per-page deadline and output cap (tests change them). */
export const nativeOcrLimits = {
  timeoutMs: 300_000,
  // a dense 300 dpi page prints ~1-2 MB of hOCR; the output is parsed on the server's thread
  maxOutputBytes: 16 * 1024 * 1024,
};

/**
 * Looks for the tesseract command on `path` (once, at start): its version must be 4 or newer (LSTM models).
 * Returns it, or why not.
 */
export function findTesseract(path = process.env.PATH ?? ''): NativeOcr | { missing: string } {
  const command = Bun.which('tesseract', { PATH: path });
  if (!command) return { missing: 'the tesseract command is not on PATH' };
  try {
    const run = Bun.spawnSync([command, '--version'], { env: { PATH: path }, stdout: 'pipe', stderr: 'pipe', timeout: 10_000 });
    const said = `${run.stdout.toString()}\n${run.stderr.toString()}`;
    const version = /tesseract v?(\d+)\.(\d+)\.(\d+)/i.exec(said);
    if (!run.success || !version) return { missing: `${command} --version failed (exit ${run.exitCode})` };
    if (Number(version[1]) < 4) return { missing: `${command} is tesseract ${version[0].split(' ')[1]}; 4 or newer is needed` };
    return { command, version: version.slice(1, 4).join('.') };
  } catch (err) {
    return { missing: `${command} cannot run: ${(err as Error).message}` };
  }
}

/** The product's traineddata, uncompressed for the command (from the directory of .traineddata.gz tesseract.js reads). */
export function nativeLanguageDir(gzDir: string, langs: readonly string[]): string {
  const dir = join(tmpdir(), `ask-reg-tessdata-native-${basename(gzDir).replace(/[^\w.-]+/g, '_')}`);
  mkdirSync(dir, { recursive: true });
  for (const lang of langs) {
    const target = join(dir, `${lang}.traineddata`);
    if (existsSync(target)) continue;
    const gz = join(gzDir, `${lang}.traineddata.gz`);
    if (!existsSync(gz)) throw new ExtractionError('ocr_failed', `no ${lang} language data in ${gzDir}`);
    // written whole under another name, then renamed: another process may read the same directory
    const partial = `${target}.${process.pid}.part`;
    writeFileSync(partial, gunzipSync(readFileSync(gz)));
    renameSync(partial, target);
  }
  return dir;
}

// each running child's stop (shutdownNative kills them all)
const running = new Set<(reason: 'shutdown') => void>();
const queue: Array<(ok: boolean) => void> = [];
// shutdownNative starts a new generation: a page asked for before it is refused, even one not started yet
let generation = 0;
export const nativeGeneration = () => generation;
let busy = 0;

async function slot(size: number, signal?: AbortSignal): Promise<void> {
  if (busy < size) {
    busy++;
    return;
  }
  await new Promise<void>((resolve, reject) => {
    const onAbort = () => {
      const i = queue.indexOf(take);
      if (i >= 0) queue.splice(i, 1);
      reject(new ExtractionError('aborted', 'OCR aborted'));
    };
    const take = (ok: boolean) => {
      signal?.removeEventListener('abort', onAbort);
      if (ok) resolve();
      else reject(new ExtractionError('ocr_failed', 'OCR was shut down'));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    queue.push(take);
  });
}

function freeSlot(): void {
  const next = queue.shift();
  if (next) next(true);
  else busy--;
}

async function readCapped(stream: ReadableStream<Uint8Array>, cap: number, onOver: () => void): Promise<string> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = stream.getReader();
  for (let r = await reader.read(); !r.done; r = await reader.read()) {
    size += r.value.length;
    if (size > cap) {
      onOver();
      await reader.cancel().catch(() => {});
      break;
    }
    chunks.push(r.value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

export interface NativeJob {
  ocr: NativeOcr;
  tessdata: string;
  langs: readonly string[];
  /** concurrent children at most (the OCR pool's size) */
  slots: number;
  /** nativeGeneration() when the page was asked for */
  generation: number;
  /** tesseract's page segmentation mode: 4 for a page, 7 for one line (ocr-pool.ts OcrMode); 4 when unset */
  psm?: string;
}

function spawnTesseract(job: NativeJob, image: Uint8Array, dpi: number) {
  // the same mode and parameters as the tesseract.js workers (ocr-pool.ts)
  const args = ['-', '-', '--tessdata-dir', job.tessdata, '--oem', '1', '--psm', job.psm ?? '4', '-l', job.langs.join('+'), '--dpi', String(Math.round(dpi))];
  const params = ['preserve_interword_spaces=1', 'debug_file=/dev/null', 'tessedit_create_hocr=1', 'tessedit_create_txt=1'];
  return Bun.spawn([job.ocr.command, ...args, ...params.flatMap((p) => ['-c', p])], {
    stdin: image,
    stdout: 'pipe',
    stderr: 'pipe',
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', OMP_THREAD_LIMIT: '1' },
  });
}

/** Recognise one page image (PNG/PGM/JPEG bytes) with the tesseract command, in the page shape tesseract.js gives. */
export async function recognizeNative(job: NativeJob, image: Uint8Array, dpi: number, signal?: AbortSignal): Promise<Page> {
  if (signal?.aborted) throw new ExtractionError('aborted', 'OCR aborted');
  if (job.generation !== generation) throw new ExtractionError('ocr_failed', 'OCR was shut down');
  await slot(job.slots, signal);
  let why: 'aborted' | 'timeout' | 'too_much_output' | 'shutdown' | null = null;
  let proc: ReturnType<typeof spawnTesseract> | null = null;
  const stop = (reason: NonNullable<typeof why>) => {
    why ??= reason;
    proc?.kill('SIGKILL');
  };
  running.add(stop);
  const onAbort = () => stop('aborted');
  const timer = setTimeout(() => stop('timeout'), nativeOcrLimits.timeoutMs);
  try {
    if (job.generation !== generation) throw new ExtractionError('ocr_failed', 'OCR was shut down');
    if (signal?.aborted) throw new ExtractionError('aborted', 'OCR aborted');
    proc = spawnTesseract(job, image, dpi);
    signal?.addEventListener('abort', onAbort, { once: true });
    const [out, err] = await Promise.all([
      readCapped(proc.stdout, nativeOcrLimits.maxOutputBytes, () => stop('too_much_output')),
      readCapped(proc.stderr, 64 * 1024, () => {}),
      proc.exited,
    ]);
    if (why === 'aborted') throw new ExtractionError('aborted', 'OCR aborted');
    if (why === 'shutdown') throw new ExtractionError('ocr_failed', 'OCR was shut down');
    if (why === 'timeout')
      throw new ExtractionError('ocr_failed', `OCR of a page took over ${Math.round(nativeOcrLimits.timeoutMs / 1000)} s (tesseract killed)`);
    if (why === 'too_much_output') throw new ExtractionError('ocr_failed', 'OCR printed too much for one page (tesseract killed)');
    if (proc.exitCode !== 0)
      throw new ExtractionError('ocr_failed', `tesseract failed (exit ${proc.exitCode ?? proc.signalCode}): ${err.trim().slice(0, 300)}`);
    const parts = splitHocrAndText(out);
    if (!parts) throw new ExtractionError('ocr_failed', 'tesseract printed no page');
    return pageFromHocr(parts.hocr, parts.text);
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
    if (proc) {
      if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGKILL');
      await proc.exited.catch(() => {});
      const used = proc.resourceUsage();
      if (used) nativeOcrStats.cpuSeconds += Number(used.cpuTime.user + used.cpuTime.system) / 1e6;
      nativeOcrStats.pages++;
    }
    running.delete(stop);
    freeSlot();
  }
}

/** Kill every running child and refuse the queued pages (server shutdown, end of tests). */
export function shutdownNative(): void {
  generation++;
  for (const take of queue.splice(0)) take(false);
  for (const stop of running) stop('shutdown');
}
