// "This upload looks like a document you already have" (issue 17 item 6): the reviewed text of an upload
// is compared with every active document's text, so the wizard can offer to make it the next version
// instead of a second copy beside the first. Sketches (near-duplicate.ts) are kept per document and
// made again when the document changes (its updatedAt).
import { asc, eq } from 'drizzle-orm';
import { perApp, type AppContext } from '../../src/context';
import { similarity, sketchOf, type Sketch } from './near-duplicate';
import { documentPages, documents } from './schema';

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

/** Active documents whose text largely matches `text`, most similar first (at most three). */
export function similarDocuments(ctx: AppContext, text: string, opts: { except?: string } = {}): SimilarDocument[] {
  const mine = sketchOf(text);
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
