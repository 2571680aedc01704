// What the viewer keeps on disk, inside the document's folder (so deleting the document removes it) and
// named by the file's hash (so each version has its own): OCR's word boxes, kept at ingest because reading
// a scanned page again costs seconds, and the cache of rendered pages, which can always be rebuilt.
import { mkdir, rename } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { AppContext } from '../../../src/context';
import type { PageWords, WordBox } from '../../extraction';
import { absoluteStoragePath } from '../storage';

export interface VersionKey {
  id: string;
  sha256: string;
}

const tag = (v: VersionKey) => v.sha256.slice(0, 16);

/** Where a version's rendered pages are cached. */
export const pageCachePath = (ctx: AppContext, v: VersionKey, page: number, ext: 'webp' | 'json') =>
  absoluteStoragePath(ctx, `${v.id}/view-${tag(v)}/p${page}.${ext}`);

const ocrWordsPath = (ctx: AppContext, v: VersionKey) => absoluteStoragePath(ctx, `${v.id}/ocr-words-${tag(v)}.json`);

/** Written whole or not at all: a reader never sees half a file. */
export async function writeAtomically(path: string, data: string | Uint8Array): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const part = `${path}.${crypto.randomUUID()}.part`;
  await Bun.write(part, data);
  await rename(part, path);
}

/** Keeps the OCR word boxes an ingest produced (nothing when no page was read by OCR). */
export async function keepOcrWords(ctx: AppContext, v: VersionKey, pages: PageWords[] | undefined): Promise<void> {
  if (!pages?.length) return;
  await writeAtomically(ocrWordsPath(ctx, v), JSON.stringify(pages));
}

/** The OCR word boxes kept for one page of a version, if its ingest read that page by OCR. */
export async function keptOcrWords(ctx: AppContext, v: VersionKey, page: number): Promise<WordBox[] | null> {
  const file = Bun.file(ocrWordsPath(ctx, v));
  if (!(await file.exists())) return null;
  const pages = (await file.json().catch(() => [])) as PageWords[];
  return pages.find((p) => p.page === page)?.words ?? null;
}
