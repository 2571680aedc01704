// "This upload looks like a document you already have" (issue 17 item 6): the reviewed text of an upload
// is compared with every active document's text, so the wizard can offer to make it the next version
// instead of a second copy beside the first. Sketches (extraction's near-duplicate.ts) are kept per document
// and made again when the document changes (its updatedAt). The request's body, up to 20 M characters, is
// streamed to DATA_DIR/tmp and parsed, checked and sketched in a parse worker (issue 34 finding 12: parsed
// and sketched on the server's thread, a 19.9 MB body blocked every request for 17.4 s).
import { asc, eq } from 'drizzle-orm';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { perApp, type AppContext } from '../../src/context';
import { AppError, badRequest } from '../../src/http/errors';
import { BODY_TOO_LARGE } from '../../src/http/body-limits';
import { MAX_JSON_BYTES, writeCapped } from '../../src/http/capped-body';
import { ExtractionError, similarity, sketchJsonFile, sketchOf, type Sketch } from '../extraction';

/** Jaccard similarity at or above which a document counts as "largely the same text". */
export const SIMILAR_AT = 0.5;
const MAX_MATCHES = 3;
/** The upload's text may hold as many characters as a document's reviewed text. */
const MAX_CONTENTS_CHARS = 20_000_000;
/** The worker's limits for one body: sketching 20 M characters takes a few seconds. */
const SKETCH_TIMEOUT_MS = 60_000;
const SKETCH_MEMORY_BYTES = 1024 * 1024 * 1024;
export const SIMILAR_FAILED = 'ตรวจหาเอกสารที่มีเนื้อหาคล้ายกันไม่สำเร็จ กรุณาลองใหม่อีกครั้ง';
export const SIMILAR_BAD_BODY = 'ข้อมูลที่ส่งมาไม่ถูกต้อง ต้องเป็น JSON ที่มี contents เป็นข้อความ (และ except เป็นรหัสเอกสาร)';

const sketches = perApp((): Map<string, { updatedAt: number; sketch: Sketch }> => new Map());

async function documentSketch(ctx: AppContext, id: string, updatedAt: Date): Promise<Sketch> {
  const cache = sketches(ctx);
  const hit = cache.get(id);
  if (hit && hit.updatedAt === updatedAt.getTime()) return hit.sketch;
  const { documentPages } = ctx.tables;
  const pages = await ctx.db
    .select({ content: documentPages.content })
    .from(documentPages)
    .where(eq(documentPages.documentId, id))
    .orderBy(asc(documentPages.page));
  const text = pages.map((p) => p.content).join('\n');
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

/** POST /api/files/similar: the body `{contents, except?}` read in a parse worker, then compared here. */
export async function similarToBody(ctx: AppContext, request: Request, share: readonly string[]): Promise<SimilarDocument[]> {
  const path = join(ctx.paths.tmpDir, `similar-${crypto.randomUUID()}.json`);
  try {
    await writeCapped(request, path, MAX_JSON_BYTES);
    const limits = { ...ctx.config.parseLimits.upload, maxChars: MAX_CONTENTS_CHARS, timeoutMs: SKETCH_TIMEOUT_MS, memoryBytes: SKETCH_MEMORY_BYTES };
    const { sketch, except } = await sketchJsonFile(path, { limits, share, signal: request.signal });
    return await similarDocuments(ctx, sketch, { except });
  } catch (err) {
    if (!(err instanceof ExtractionError)) throw err;
    if (err.code === 'unsupported_type') throw badRequest(`${SIMILAR_BAD_BODY}: ${err.message}`);
    if (err.code === 'too_large') throw new AppError('payload_too_large', BODY_TOO_LARGE);
    ctx.log.warn('similar: the body could not be read', { code: err.code, error: err.message });
    throw new AppError('unavailable', SIMILAR_FAILED);
  } finally {
    await rm(path, { force: true });
  }
}

/** Active documents whose text largely matches the one `mine` sketches, most similar first (at most three). */
export async function similarDocuments(ctx: AppContext, mine: Sketch, opts: { except?: string } = {}): Promise<SimilarDocument[]> {
  if (mine.length === 0) return [];
  const { documents } = ctx.tables;
  const rows = await ctx.db
    .select({ id: documents.id, fileName: documents.fileName, updatedAt: documents.updatedAt })
    .from(documents)
    .where(eq(documents.isActive, true));
  const live = new Set(rows.map((r) => r.id));
  for (const id of sketches(ctx).keys()) if (!live.has(id)) sketches(ctx).delete(id);
  const scored: { fileId: string; fileName: string; score: number }[] = [];
  for (const r of rows) {
    if (r.id === opts.except) continue;
    scored.push({ fileId: r.id, fileName: r.fileName, score: similarity(mine, await documentSketch(ctx, r.id, r.updatedAt)) });
  }
  return scored
    .filter((m) => m.score >= SIMILAR_AT)
    .sort((a, b) => b.score - a.score)
    .slice(0, MAX_MATCHES)
    .map((m) => ({ fileId: m.fileId, fileName: m.fileName, similarity: Math.round(m.score * 100) }));
}
