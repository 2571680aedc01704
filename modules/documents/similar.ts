// "This upload looks like a document you already have" (issue 17 item 6): the reviewed text of an upload
// is compared with every active document's text, so the wizard can offer to make it the next version
// instead of a second copy beside the first. Sketches (near-duplicate.ts) are kept per document and
// made again when the document changes (its updatedAt). The upload's text is sketched in a parse worker (issue
// 34 finding 12: a 19.9 MB text blocked the server's thread 17.4 s): written to DATA_DIR/tmp, read there.
import { asc, eq } from 'drizzle-orm';
import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { perApp, type AppContext } from '../../src/context';
import { AppError } from '../../src/http/errors';
import { similarity, sketchOf, sketchTextFile, type Sketch } from '../extraction';
import { documentPages, documents } from './schema';

/** The worker's limits for one text: the schema allows 20 M characters; sketching them takes a few seconds. */
const SKETCH_TIMEOUT_MS = 60_000;
const SKETCH_MEMORY_BYTES = 1024 * 1024 * 1024;
export const SIMILAR_FAILED = 'ตรวจหาเอกสารที่มีเนื้อหาคล้ายกันไม่สำเร็จ กรุณาลองใหม่อีกครั้ง';

/** Jaccard similarity at or above which a document counts as "largely the same text". */
export const SIMILAR_AT = 0.5;
const MAX_MATCHES = 3;

const sketches = perApp((): Map<string, { updatedAt: number; sketch: Sketch }> => new Map());

function documentSketch(ctx: AppContext, id: string, updatedAt: Date): Sketch {
  const cache = sketches(ctx);
  const hit = cache.get(id);
  if (hit && hit.updatedAt === updatedAt.getTime()) return hit.sketch;
  const text = ctx.db
    .select({ content: documentPages.content })
    .from(documentPages)
    .where(eq(documentPages.documentId, id))
    .orderBy(asc(documentPages.page))
    .all()
    .map((p) => p.content)
    .join('\n');
  const sketch = sketchOf(text);
  cache.set(id, { updatedAt: updatedAt.getTime(), sketch });
  return sketch;
}

export interface SimilarDocument {
  fileId: string;
  fileName: string;
  /** 0–100, whole percent */
  similarity: number;
}

/** The sketch of an upload's text, made in a parse worker. */
async function uploadSketch(ctx: AppContext, text: string, opts: { share?: readonly string[]; signal?: AbortSignal }): Promise<Sketch> {
  const path = join(ctx.paths.tmpDir, `similar-${crypto.randomUUID()}.txt`);
  try {
    await writeFile(path, text);
    const limits = { ...ctx.config.parseLimits.upload, timeoutMs: SKETCH_TIMEOUT_MS, memoryBytes: SKETCH_MEMORY_BYTES };
    return await sketchTextFile(path, { limits, share: opts.share, signal: opts.signal });
  } catch (err) {
    ctx.log.warn('similar: sketch failed', { error: err instanceof Error ? err.message : String(err) });
    throw new AppError('unavailable', SIMILAR_FAILED);
  } finally {
    await rm(path, { force: true });
  }
}

/** Active documents whose text largely matches `text`, most similar first (at most three). */
export async function similarDocuments(
  ctx: AppContext,
  text: string,
  opts: { except?: string; share?: readonly string[]; signal?: AbortSignal } = {},
): Promise<SimilarDocument[]> {
  const mine = await uploadSketch(ctx, text, opts);
  if (mine.length === 0) return [];
  const rows = ctx.db
    .select({ id: documents.id, fileName: documents.fileName, updatedAt: documents.updatedAt })
    .from(documents)
    .where(eq(documents.isActive, true))
    .all();
  const live = new Set(rows.map((r) => r.id));
  for (const id of sketches(ctx).keys()) if (!live.has(id)) sketches(ctx).delete(id);
  return rows
    .filter((r) => r.id !== opts.except)
    .map((r) => ({ fileId: r.id, fileName: r.fileName, score: similarity(mine, documentSketch(ctx, r.id, r.updatedAt)) }))
    .filter((m) => m.score >= SIMILAR_AT)
    .sort((a, b) => b.score - a.score)
    .slice(0, MAX_MATCHES)
    .map((m) => ({ fileId: m.fileId, fileName: m.fileName, similarity: Math.round(m.score * 100) }));
}
