// Document-level ranking on top of chunk hits: a document is as relevant as its best clause.
import type { SearchHit } from '../index/index-store.ts';

export interface RankedDocument {
  documentId: string;
  title: string;
  score: number;
  best: SearchHit;
}

export function rankDocuments(hits: SearchHit[], k = 10): RankedDocument[] {
  const best = new Map<string, SearchHit>();
  for (const hit of hits) {
    const current = best.get(hit.documentId);
    if (!current || hit.score > current.score) best.set(hit.documentId, hit);
  }
  return [...best.values()]
    .sort((a, b) => b.score - a.score)
    .slice(0, k)
    .map((hit) => ({ documentId: hit.documentId, title: hit.title, score: hit.score, best: hit }));
}
