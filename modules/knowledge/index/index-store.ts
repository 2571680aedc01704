// The knowledge index: one LanceDB table of chunks with a whitespace-tokenised FTS index over
// pre-segmented Thai tokens, plus an optional vector column searched together with FTS (RRF).
import path from 'node:path';
import { mkdir, rm } from 'node:fs/promises';
import * as lancedb from '@lancedb/lancedb';
import type { Chunk } from './chunker.ts';
import type { Embedder } from '../embedding/index.ts';
import { payloadHit, toHit, type SearchHit } from './search-hit.ts';
import { chunkSchema, INDEX_LAYOUT, searchFilter, sqlString, TABLE_NAME, toRow, TOKENS_COLUMN, indexedText, type DocMeta } from './index-schema.ts';
import { queryTerms } from '../question/query-terms.ts';
import { INDEX_META_FILE, readIndexMeta, writeIndexMeta } from './index-meta.ts';
import { indexMaintenance, type MaintenanceOptions } from './index-maintenance.ts';
import { cachedLexicalSearch } from './lexical-search.ts';
import { plainFusionSearch } from '../scoring/plain-fusion.ts';
import { withTitleEvidence } from './title-field.ts';
import { definitionsAfterRules } from '../scoring/definitions-clause.ts';
import { chunksPerDocument } from './index-inventory.ts';
import { documentTexts } from './document-text.ts';

export type { DocMeta } from './index-schema.ts';

export type { SearchHit } from './search-hit.ts';
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
  /** A document's indexed headings and text, folded (document-text.ts): what its passages are weighed against. */
  documentText(documentId: string): Promise<string>;
  /** A document's passages in their order, as hits (score 0): what a quote reads beside the retrieved ones. */
  documentPassages(documentId: string): Promise<SearchHit[]>;
  close(): Promise<void>;
}

const EMBED_BATCH = 32;
const HIT_COLUMNS = ['hit', 'category'];

type Row = Record<string, unknown>;

export interface IndexOptions extends MaintenanceOptions {
  /** A query could not be embedded (embedding server down or too slow): the search went on over the text index alone. */
  onQueryEmbeddingFailed?: (error: Error) => void;
}

export async function openKnowledgeIndex(dir: string, embedder: Embedder, opts: IndexOptions = {}): Promise<KnowledgeIndex> {
  await mkdir(dir, { recursive: true });
  const db = await lancedb.connect(dir, { readConsistencyInterval: 0 });
  const metaPath = path.join(dir, INDEX_META_FILE);
  const stored = await readIndexMeta(metaPath);
  const exists = (await db.tableNames()).includes(TABLE_NAME);
  // Another embedder's vectors, or rows of an older layout, cannot be searched: the table is replaced.
  const compatible = stored?.embedderId === embedder.id && stored?.dimensions === embedder.dimensions && stored?.layout === INDEX_LAYOUT;
  let needsReindex = false;
  let table: lancedb.Table;
  if (exists && compatible) table = await db.openTable(TABLE_NAME);
  else {
    if (exists) {
      // A table whose creation was interrupted (the process killed before its first version was
      // written) cannot even be opened; it is replaced like any other, and every document re-indexed.
      needsReindex = await db.openTable(TABLE_NAME).then(
        async (old) => {
          try {
            return (await old.countRows()) > 0;
          } finally {
            old.close();
          }
        },
        () => true,
      );
      await db.dropTable(TABLE_NAME).catch(() => rm(path.join(dir, `${TABLE_NAME}.lance`), { recursive: true, force: true }));
    }
    table = await db.createEmptyTable(TABLE_NAME, chunkSchema(embedder.dimensions));
    await writeIndexMeta(metaPath, { embedderId: embedder.id, dimensions: embedder.dimensions, layout: INDEX_LAYOUT });
  }
  const rrf = embedder.dimensions ? await lancedb.rerankers.RRFReranker.create(60) : null;

  // Writers are serialised so a re-index never interleaves with a delete of the same document.
  let writeChain: Promise<unknown> = Promise.resolve();
  function serialized<T>(fn: () => Promise<T>): Promise<T> {
    // what the searches keep of the table (lexical-search.ts) is forgotten as a write starts and again as it ends
    const write = () => {
      const ended = lexical.writing();
      return fn().finally(ended);
    };
    const next = writeChain.then(write, write);
    writeChain = next.catch(() => undefined);
    return next;
  }

  const maintenance = indexMaintenance(table, serialized, opts);
  const { onQueryEmbeddingFailed } = opts;
  const lexical = cachedLexicalSearch(table, HIT_COLUMNS);
  const texts = documentTexts(table);
  const afterWrite = () => maintenance.afterWrite();

  async function embedChunks(chunks: Chunk[], onProgress?: (done: number, total: number) => void, signal?: AbortSignal): Promise<(number[] | undefined)[]> {
    if (!embedder.dimensions) return chunks.map(() => undefined);
    const vectors: number[][] = [];
    for (let i = 0; i < chunks.length; i += EMBED_BATCH) {
      signal?.throwIfAborted();
      vectors.push(...(await embedder.embedPassages(chunks.slice(i, i + EMBED_BATCH).map(indexedText))));
      onProgress?.(vectors.length, chunks.length);
    }
    return vectors;
  }

  const documentFilter = (documentId: string) => `\`documentId\` = ${sqlString(documentId)}`;

  /** One commit replaces (or, with no rows, removes) a document: readers never see it half-written or missing. */
  async function replaceDocument(documentId: string, rows: unknown[]): Promise<void> {
    if (rows.length === 0) await table.delete(documentFilter(documentId));
    else
      await table
        .mergeInsert('id')
        .whenMatchedUpdateAll()
        .whenNotMatchedInsertAll()
        .whenNotMatchedBySourceDelete({ where: documentFilter(documentId) })
        .execute(rows as Row[]);
  }

  /** Which of these documents already have rows (one query for a whole batch). */
  async function documentsPresent(ids: string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = await table
      .query()
      .where(`\`documentId\` IN (${ids.map(sqlString).join(', ')})`)
      .select(['documentId'])
      .toArray();
    return new Set(rows.map((r) => r.documentId as string));
  }

  // Rows a previous process wrote but did not get to index (stopped before its optimize) are folded in soon.
  if (exists && compatible) void serialized(afterWrite).catch(() => undefined);

  return {
    get needsReindex() {
      return needsReindex;
    },
    reindexQueued() {
      needsReindex = false;
    },

    indexDocument: (meta, chunks, onProgress, signal) =>
      serialized(async () => {
        const vectors = await embedChunks(chunks, onProgress, signal);
        signal?.throwIfAborted();
        const rows = chunks.map((c, i) => toRow(meta, c, vectors[i]));
        const replacing = (await table.countRows(documentFilter(meta.documentId))) > 0;
        // A new document is a plain append; the merge joins against the whole table (~O(table) per write).
        if (!replacing && rows.length > 0) await table.add(rows as unknown as Row[]);
        else await replaceDocument(meta.documentId, rows);
        texts.forget(meta.documentId);
        if (!embedder.dimensions || rows.length === 0) onProgress?.(chunks.length, chunks.length);
        await maintenance.afterWrite({ deleted: replacing });
      }),

    indexDocuments: (batch, signal) =>
      serialized(async () => {
        const ids = batch.map((d) => d.meta.documentId);
        if (new Set(ids).size !== ids.length) throw new Error('indexDocuments: a document appears twice in one batch');
        const vectors = await embedChunks(
          batch.flatMap((d) => d.chunks),
          undefined,
          signal,
        );
        signal?.throwIfAborted();
        let next = 0;
        const rows = batch.map((d) => d.chunks.map((c) => toRow(d.meta, c, vectors[next++])));
        const existing = await documentsPresent(ids);
        const fresh = rows.filter((_, i) => !existing.has(ids[i]!)).flat();
        if (fresh.length > 0) await table.add(fresh as unknown as Row[]);
        for (let i = 0; i < batch.length; i++) if (existing.has(ids[i]!)) await replaceDocument(ids[i]!, rows[i]!);
        for (const id of ids) texts.forget(id);
        await maintenance.afterWrite({ deleted: existing.size > 0 });
      }),

    removeDocument: (documentId) =>
      serialized(async () => {
        await table.delete(`\`documentId\` = ${sqlString(documentId)}`);
        texts.forget(documentId);
        await maintenance.afterWrite({ deleted: true });
      }),

    forget(documentIds) {
      lexical.forget();
      for (const id of documentIds) texts.forget(id);
    },
    // An update rewrites the document's rows, which leaves them outside the text index until the next optimize.
    setActive: (documentId, isActive) =>
      serialized(() =>
        table.update({ where: `\`documentId\` = ${sqlString(documentId)}`, valuesSql: { isActive: isActive ? 'true' : 'false' } }).then(afterWrite),
      ),

    setCategory: (documentId, category) =>
      serialized(() =>
        table
          .update({ where: `\`documentId\` = ${sqlString(documentId)}`, valuesSql: { category: category === null ? 'NULL' : sqlString(category) } })
          .then(afterWrite),
      ),

    async documentIds() {
      return [...(await chunksPerDocument(table)).keys()].sort();
    },

    chunkCounts: () => chunksPerDocument(table),

    count: () => table.countRows(),

    async health() {
      try {
        const chunks = await table.countRows();
        // The row count comes from the manifest alone; read a row and the text index too, so
        // corrupt data or index files show here and not first as a failed search.
        if (chunks > 0) await table.query().select(['id']).limit(1).toArray();
        if (chunks > 0 && (await maintenance.hasFtsIndex()))
          await table.query().fullTextSearch(new lancedb.MatchQuery('healthz', TOKENS_COLUMN)).select(['id', '_score']).limit(1).toArray();
        return { ok: true, chunks, ...(await maintenance.state()) };
      } catch (e) {
        return { ok: false, chunks: 0, error: e instanceof Error ? e.message : String(e) };
      }
    },

    optimize: () => serialized(maintenance.optimizeFully),

    async search(query, opts = {}) {
      const k = Math.max(1, Math.min(opts.k ?? 10, 1000));
      const terms = queryTerms(query, opts.expansions);
      const filter = searchFilter(opts);
      let queryVector: number[] | null = null;
      if (embedder.dimensions && query.trim()) {
        queryVector = await embedder.embedQueries([query]).then(
          ([v]) => v ?? null,
          (e: Error) => (onQueryEmbeddingFailed?.(e), null),
        );
      }
      if (!terms && !queryVector) return [];
      const fts = terms ? new lancedb.MatchQuery(terms, TOKENS_COLUMN) : null;
      const columns = queryVector ? [...HIT_COLUMNS, 'vector'] : HIT_COLUMNS;
      let q: lancedb.Query | lancedb.VectorQuery;
      // Hybrid rows carry _relevance_score (RRF) only; BM25 _score is selectable in lexical mode.
      if (queryVector && fts && rrf) q = table.query().nearestTo(queryVector).distanceType('cosine').fullTextSearch(fts).rerank(rrf).select(columns);
      else if (queryVector) q = table.query().nearestTo(queryVector).distanceType('cosine').select(columns);
      else
        return plainFusionSearch(
          query,
          k,
          async (plain, depth) => (await lexical(plain, filter, depth)).map((r) => toHit(r, null)),
          async (depth) =>
            definitionsAfterRules(
              query,
              withTitleEvidence(
                query,
                opts.expansions,
                (await lexical(terms, filter, depth)).map((r) => toHit(r, null)),
              ),
            ),
        );
      if (filter) q = q.where(filter);
      const rows = (await q.limit(k).toArray()) as Row[];
      return rows.map((r) => toHit(r, queryVector));
    },

    documentText: (documentId) => texts.get(documentId),

    documentPassages: async (documentId) => (await texts.passages(documentId)).map(payloadHit),

    async close() {
      maintenance.stop();
      await writeChain;
      table.close();
      db.close();
    },
  };
}
