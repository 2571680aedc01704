// What the viewer keeps on disk, inside the document's folder (so deleting the document removes it) and
// named by the file's hash (so each version has its own): OCR's word boxes, kept at ingest because reading
// a scanned page again costs seconds, and the cache of rendered pages, which can always be rebuilt.
import { mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
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

/**
 * The version hash tag a name in a document's folder is the viewer's file of ("ocr-words-<tag>.json", "view-<tag>"), or
 * null for any other name: reconciliation keeps these beside the versions they belong to.
 */
export const viewerFileTag = (name: string): string | null =>
  /^(?:ocr-words-([0-9a-f]{16})\.json|view-([0-9a-f]{16}))$/.exec(name)?.slice(1).find(Boolean) ?? null;

/** The tag of a version's viewer files, from its file's hash. */
export const versionTag = (sha256: string): string => tag({ id: '', sha256 });

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

// The console reads a file (/api/extract) before the admin saves it with the reviewed text: the boxes its OCR
// found wait under the file's hash until that upload takes them. Not in tmp/, which holds only uploads in
// flight; a file read and never saved leaves its boxes a day at most.
const HELD_DIR = 'ocr-held';
const HELD_MS = 24 * 60 * 60_000;
const heldPath = (ctx: AppContext, sha256: string) => join(ctx.paths.dataDir, HELD_DIR, `${sha256.replace(/[^0-9a-f]/gi, '').slice(0, 64)}.json`);

async function dropStaleHeld(ctx: AppContext): Promise<void> {
  const dir = join(ctx.paths.dataDir, HELD_DIR);
  for (const name of await readdir(dir).catch(() => [] as string[])) {
    const at = (await stat(join(dir, name)).catch(() => null))?.mtimeMs ?? 0;
    if (Date.now() - at > HELD_MS) await rm(join(dir, name), { force: true });
  }
}

/** Holds the OCR boxes of a file read for review, for the upload of the same file. */
export async function holdOcrWords(ctx: AppContext, sha256: string, pages: PageWords[] | undefined): Promise<void> {
  if (!pages?.length) return;
  await dropStaleHeld(ctx);
  await writeAtomically(heldPath(ctx, sha256), JSON.stringify(pages));
}

/** The OCR boxes held for a file with this hash, if it was read for review; they are taken, not copied. */
export async function takeHeldOcrWords(ctx: AppContext, sha256: string): Promise<PageWords[] | undefined> {
  const path = heldPath(ctx, sha256);
  const file = Bun.file(path);
  if (!(await file.exists())) return undefined;
  const pages = (await file.json().catch(() => undefined)) as PageWords[] | undefined;
  await rm(path, { force: true });
  return pages;
}
