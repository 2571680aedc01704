// What the knowledge index offers its callers (index-store.ts opens one): writes of a document's passages and
// pages, the searches, and the inventory start-up repair reads.
import type { Chunk } from './chunker.ts';
import type { DocMeta } from './index-schema.ts';
import type { SearchHit } from './search-hit.ts';
import type { RankedPage } from './page-table.ts';

export interface SearchOptions {
  k?: number;
  categories?: string[];
  /** the documents' wordings the question is also searched with (Question.expansions); unset, the built-in list's */
  expansions?: readonly string[];
  includeInactive?: boolean;
}

export interface KnowledgeIndex {
  /** True when the stored vectors came from another embedder; the table was emptied and every document must be indexed again. */
  readonly needsReindex: boolean;
  /** Every document was queued for indexing again: the replaced table no longer asks for it. */
  reindexQueued(): void;
  indexDocument(meta: DocMeta, chunks: Chunk[], onProgress?: (done: number, total: number) => void, signal?: AbortSignal): Promise<void>;
  /**
   * Bulk loads (scripts/ingest.ts): many documents in one write. New documents go in as one append (one
   * table version instead of one per document, the cost that bounded bulk ingest); documents already in
   * the index are replaced one by one exactly like indexDocument.
   */
  indexDocuments(batch: Array<{ meta: DocMeta; chunks: Chunk[] }>, signal?: AbortSignal): Promise<void>;
  removeDocument(documentId: string): Promise<void>;
  forget(ids: readonly string[]): void; // another process (the shared index's writer) wrote them: read them again
  setActive(documentId: string, isActive: boolean): Promise<void>;
  setCategory(documentId: string, category: string | null): Promise<void>;
  documentIds(): Promise<string[]>;
  /** Rows per document: start-up repair compares them with SQLite's chunk counts. */
  chunkCounts(): Promise<Map<string, number>>;
  count(): Promise<number>;
  health(): Promise<{ ok: boolean; chunks: number; unindexedRows?: number; rebuildPending?: boolean; error?: string }>;
  optimize(): Promise<void>;
  search(query: string, opts?: SearchOptions): Promise<SearchHit[]>;
  /** The pages by the plain rankers (BM25 over the question's words, over its character trigrams), the first `k` of each; none where the pages are the passages (page-window.ts pagesOfTheirOwn). */
  searchPages(query: string, opts?: { k?: number; categories?: string[]; includeInactive?: boolean }): Promise<[RankedPage[], RankedPage[]]>;
  /** A document's indexed headings and text, folded (document-text.ts): what its passages are weighed against. */
  documentText(documentId: string): Promise<string>;
  /** A document's passages in their order, as hits (score 0): what a quote reads beside the retrieved ones. */
  documentPassages(documentId: string): Promise<SearchHit[]>;
  /**
   * Resolves once the searches' copies of the tables held in this process are read (lexical-search.ts): searches from
   * then until the next write are ranked alike. No search waits for it; evals and benches do, to rank every question
   * as the last.
   */
  settled(): Promise<void>;
  close(): Promise<void>;
}
