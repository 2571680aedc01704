// One search result as the rest of the app sees it, read from an index row: the display fields live in
// one JSON column (reading several columns per hit cost ~3.7 ms at 100k chunks, one ~1 ms).
import type { HitPayload } from './index-schema.ts';
import type { LaterPages } from './passage-pages.ts';
import { memoByString } from '../question/memo.ts';

export interface SearchHit {
  documentId: string;
  title: string;
  category: string | null;
  fileType: string;
  chunkOrdinal: number;
  text: string;
  headingPath: string[];
  page: number;
  /** where the text's later pages start, when the passage runs onto them (passage-pages.ts) */
  laterPages?: LaterPages;
  score: number;
  /**
   * The score from what the passage matches (text and title) when a prior on its kind of clause lowered
   * `score` (definitions-clause.ts): the order follows `score`, the evidence weighs competitors by this.
   */
  matchScore?: number;
  /** The text search's score when the evidence order (evidence-order.ts) set `score` to its own. */
  retrievalScore?: number;
  lexicalScore?: number;
  vectorScore?: number;
  /** the regulation's own name from its text, when it differs from the title (document-name.ts) */
  documentName?: string;
  /** the whole document's headings and text, folded, when the search attached it (document-text.ts) */
  documentText?: string;
}

// The same rows come back for question after question, and from each of the first stage's lists (plain-fusion.ts):
// a row's payload is parsed once (frozen: hits share it).
const payloadOf = memoByString((json: string) => deepFrozen(JSON.parse(json) as HitPayload), 4096, Infinity);

function deepFrozen(p: HitPayload): HitPayload {
  Object.freeze(p.headingPath);
  if (p.laterPages) Object.freeze(p.laterPages);
  return Object.freeze(p);
}

/** A passage read as stored, not found by a search (score 0). */
export const payloadHit = (p: HitPayload): SearchHit => ({
  documentId: p.documentId,
  title: p.title,
  category: null,
  fileType: p.fileType,
  chunkOrdinal: p.ordinal,
  text: p.text,
  headingPath: p.headingPath,
  page: p.page,
  score: 0,
  ...(p.laterPages ? { laterPages: p.laterPages } : {}),
  ...(p.name ? { documentName: p.name } : {}),
});

/** A hit from a row of a text search (`_score`, BM25) or of a nearest-vector search (`_distance`, cosine). */
export function toHit(r: Record<string, unknown>): SearchHit {
  const p = payloadOf(r.hit as string);
  const hit: SearchHit = {
    documentId: p.documentId,
    title: p.title,
    category: (r.category as string | null) ?? null,
    fileType: p.fileType,
    chunkOrdinal: p.ordinal,
    text: p.text,
    headingPath: p.headingPath,
    page: p.page,
    ...(p.laterPages ? { laterPages: p.laterPages } : {}),
    ...(p.name ? { documentName: p.name } : {}),
    // A nearest-vector row ranks by its cosine similarity.
    score: (r._score ?? (typeof r._distance === 'number' ? 1 - r._distance : 0)) as number,
  };
  if (typeof r._score === 'number') hit.lexicalScore = r._score;
  if (typeof r._distance === 'number') hit.vectorScore = 1 - r._distance;
  return hit;
}
