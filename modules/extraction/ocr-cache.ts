// A content-addressed store of page readings for the test runner: `npm test` OCRs the same fixture scans in many
// test processes (the ingest command, the viewer, the upload routes, each again on Postgres), and recognising a page
// is most of those files' time. With ASK_REG_TEST_OCR_CACHE naming a directory (scripts/test.ts makes a fresh one per
// run), a page image already read with the same engine, languages, models and parameters is taken from it instead of
// read again. The key is the SHA-256 of the image bytes and of those settings, so another image, or the same image
// under another engine, is never answered from it. Unset (the product, and the tests of OCR itself): every page is read.
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'tesseract.js';
import { ExtractionError } from './errors.ts';
import { ocrSettings, recognizePage, type OcrMode } from './ocr-pool.ts';

export const OCR_CACHE_ENV = 'ASK_REG_TEST_OCR_CACHE';

/** Pages answered from the store and pages read by the engine (tests read it). */
export const ocrCacheStats = { hits: 0, misses: 0 };

// undefined: the directory in the environment; null: no store (tests of the engines themselves turn it off).
let override: string | null | undefined;

/** Use `dir` as the store (null: none; undefined: the environment's again). */
export function setOcrCacheDir(dir: string | null | undefined): void {
  override = dir;
}

function storeDir(): string | null {
  if (override !== undefined) return override;
  return process.env[OCR_CACHE_ENV]?.trim() || null;
}

/** The key of one reading: the image's bytes, its resolution and every setting that changes what the engine reads. */
export function ocrCacheKey(image: Uint8Array, dpi: number, settings = ocrSettings()): string {
  return createHash('sha256')
    .update(`${settings}\n${Math.round(dpi)}\n`)
    .update(image)
    .digest('hex');
}

/** recognizePage, answered from the store when ASK_REG_TEST_OCR_CACHE is set and holds this image's reading. */
export async function recognizePageOnce(image: Uint8Array, dpi: number, signal?: AbortSignal, mode: OcrMode = 'page'): Promise<Page> {
  const dir = storeDir();
  if (!dir) return recognizePage(image, dpi, signal, mode);
  if (signal?.aborted) throw new ExtractionError('aborted', 'OCR aborted');
  const key = ocrCacheKey(image, dpi, ocrSettings(mode));
  const path = join(dir, `${key}.json`);
  try {
    const stored = JSON.parse(readFileSync(path, 'utf8')) as Page;
    ocrCacheStats.hits++;
    return stored;
  } catch {
    // not read yet (or half written by a process that died): read it
  }
  const page = await recognizePage(image, dpi, signal, mode);
  ocrCacheStats.misses++;
  // Stored before the caller corrects the page in place; written whole under another name, then renamed, since the
  // other shard's processes read the same directory.
  mkdirSync(dir, { recursive: true });
  const partial = `${path}.${process.pid}.${ocrCacheStats.misses}.part`;
  writeFileSync(partial, JSON.stringify(page));
  renameSync(partial, path);
  return page;
}
