// The knowledge index: one LanceDB table of chunks with a whitespace-tokenised FTS index over
// pre-segmented Thai tokens, plus an optional vector column whose nearest passages are one more list of the first
// stage's fusion (plain-fusion.ts).
import { mkdir } from 'node:fs/promises';
import * as lancedb from '@lancedb/lancedb';
import type { Chunk } from './chunker.ts';
import type { Embedder } from '../embedding/index.ts';
import { payloadHit, toHit, type SearchHit } from './search-hit.ts';
import { documentFilter, replaceDocumentRows, searchFilter, sqlString, toRow, TOKENS_COLUMN, indexedText, type DocMeta } from './index-schema.ts';
import { queryTerms } from '../question/query-terms.ts';
import { openTables } from './index-open.ts';
import type { KnowledgeIndex } from './knowledge-index.ts';
import { pageRows, pageTable } from './page-table.ts';
import { lineTokens } from './tokens.ts';
import { indexMaintenance, type MaintenanceOptions } from './index-maintenance.ts';
import { cachedLexicalSearch } from './lexical-search.ts';
import { HELD_MEMORY_MB, heldLimits } from './held-table.ts';
import { plainFusionSearch } from '../scoring/plain-fusion.ts';
import { withTitleEvidence } from './title-field.ts';
import { definitionsAfterRules } from '../scoring/definitions-clause.ts';
import { chunksPerDocument } from './index-inventory.ts';
import { documentTexts } from './document-text.ts';

export type { DocMeta } from './index-schema.ts';

export type { SearchHit } from './search-hit.ts';
export type { RankedPage } from './page-table.ts';
export type { KnowledgeIndex, SearchOptions } from './knowledge-index.ts';

const EMBED_BATCH = 32;
const HIT_COLUMNS = ['hit', 'category'];

type Row = Record<string, unknown>;

/** Seconds between looks for another process's writes to the tables. */
export const READ_CONSISTENCY_S = 1;

export interface IndexOptions extends MaintenanceOptions {
  /** A query could not be embedded (embedding server down or too slow): the search went on over the text index alone. */
  onQueryEmbeddingFailed?: (error: Error) => void;
  /** INDEX_MEMORY_MB: the heap the two tables' held copies may take together (held-table.ts; 0: LanceDB searches all) */
  heldMemoryMb?: number;
}

export async function openKnowledgeIndex(dir: string, embedder: Embedder, opts: IndexOptions = {}): Promise<KnowledgeIndex> {
  await mkdir(dir, { recursive: true });
  // Another instance's (or the ingest CLI's) writes are looked for once a second, not before every read: the check reads
  // the table's latest manifest, ~0.3 ms of CPU a chat turn of five searches (scripts/bench/chat.ts). This process's own
  // writes are seen at once. With the searches' kept results (lexical-search.ts MAX_AGE_MS) another instance's new
  // document is still found within 5 s (docs/scaling.md).
  const db = await lancedb.connect(dir, { readConsistencyInterval: READ_CONSISTENCY_S });
  const opened = await openTables(db, dir, embedder);
  const { table } = opened;
  let needsReindex = opened.needsReindex;

  // Writers are serialised so a re-index never interleaves with a delete of the same document.
  let writeChain: Promise<unknown> = Promise.resolve();
  function onChain<T>(fn: () => Promise<T>): Promise<T> {
    const next = writeChain.then(fn, fn);
    writeChain = next.catch(() => undefined);
    return next;
  }
  /** A write of rows: what the searches keep of the tables (lexical-search.ts) is forgotten as it starts and again as it ends. */
  function serialized<T>(fn: () => Promise<T>): Promise<T> {
    return onChain(() => {
      const ended = [lexical.writing(), pages.lexical.writing()];
      return fn().finally(() => ended.forEach((end) => end()));
    });
  }
  // Maintenance (folding rows into the text index, compaction, a rebuild) changes no row a search finds, so the
  // searches keep what they know through it: forgotten, every question asked while an upload's optimize ran was
  // searched again while the optimize held LanceDB's threads (the tail under uploads, scripts/bench/load.ts).
  const maintained = onChain;

  const maintenance = indexMaintenance(table, maintained, opts);
  const limits = heldLimits(opts.heldMemoryMb ?? HELD_MEMORY_MB);
  const held = { memoryRows: limits.rows, memoryChars: limits.chars };
  const pages = pageTable(opened.pages, maintained, opts, held);
  const { onQueryEmbeddingFailed } = opts;
  const lexical = cachedLexicalSearch(table, HIT_COLUMNS, held);
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

  const replaceDocument = (documentId: string, rows: unknown[]) => replaceDocumentRows(table, documentId, rows);

  /** A column of the document's passages and pages set anew (an update leaves the rows outside the text index until the next optimize). */
  async function updateDocument(documentId: string, valuesSql: Record<string, string>): Promise<void> {
    await table.update({ where: documentFilter(documentId), valuesSql });
    await pages.update(documentId, valuesSql);
    await afterWrite();
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
  if (opened.reopened) void maintained(() => Promise.all([afterWrite(), pages.maintenance.afterWrite()])).catch(() => undefined);

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
        // one tokeniser for the passages and the pages: a page's lines are its passages' lines (tokens.ts lineTokens)
        const tokensOf = lineTokens();
        const rows = chunks.map((c, i) => toRow(meta, c, vectors[i], tokensOf));
        const replacing = (await table.countRows(documentFilter(meta.documentId))) > 0;
        // A new document is a plain append; the merge joins against the whole table (~O(table) per write).
        if (!replacing && rows.length > 0) await table.add(rows as unknown as Row[]);
        else await replaceDocument(meta.documentId, rows);
        texts.forget(meta.documentId);
        await pages.write(meta.documentId, pageRows(meta, chunks, tokensOf));
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
        const tokens = batch.map(() => lineTokens());
        const rows = batch.map((d, i) => d.chunks.map((c) => toRow(d.meta, c, vectors[next++], tokens[i])));
        const pageRowsOf = (i: number) => pageRows(batch[i]!.meta, batch[i]!.chunks, tokens[i]);
        const existing = await documentsPresent(ids);
        const fresh = rows.filter((_, i) => !existing.has(ids[i]!)).flat();
        if (fresh.length > 0) await table.add(fresh as unknown as Row[]);
        await pages.append(batch.flatMap((_, i) => (existing.has(ids[i]!) ? [] : pageRowsOf(i))));
        for (let i = 0; i < batch.length; i++)
          if (existing.has(ids[i]!)) {
            await replaceDocument(ids[i]!, rows[i]!);
            await pages.write(ids[i]!, pageRowsOf(i));
          }
        for (const id of ids) texts.forget(id);
        await maintenance.afterWrite({ deleted: existing.size > 0 });
      }),

    removeDocument: (documentId) =>
      serialized(async () => {
        await table.delete(documentFilter(documentId));
        await pages.remove(documentId);
        texts.forget(documentId);
        await maintenance.afterWrite({ deleted: true });
      }),

    forget(documentIds) {
      lexical.forget();
      for (const id of documentIds) texts.forget(id);
    },
    // An update rewrites the document's rows, which leaves them outside the text index until the next optimize.
    setActive: (documentId, isActive) => serialized(() => updateDocument(documentId, { isActive: isActive ? 'true' : 'false' })),

    setCategory: (documentId, category) => serialized(() => updateDocument(documentId, { category: category === null ? 'NULL' : sqlString(category) })),

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

    optimize: () =>
      maintained(async () => {
        await maintenance.optimizeFully();
        await pages.maintenance.optimizeFully();
      }),

    searchPages: (query, opts = {}) => pages.plainLists(query, opts),

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
      // The passages nearest the question's vector (cosine), read as a ranked list like the text searches' own.
      const nearest = async (depth: number): Promise<SearchHit[]> => {
        let q = table
          .query()
          .nearestTo(queryVector!)
          .distanceType('cosine')
          .select([...HIT_COLUMNS, '_distance']);
        if (filter) q = q.where(filter);
        return ((await q.limit(depth).toArray()) as Row[]).map((r) => toHit(r));
      };
      // No usable words (a question of stop words or symbols): the vector alone ranks, by cosine similarity.
      if (!terms) return nearest(k);
      return plainFusionSearch(
        query,
        k,
        async (plain, depth) => (await lexical(plain, opts, depth)).map((r) => toHit(r)),
        async (depth) =>
          definitionsAfterRules(
            query,
            withTitleEvidence(
              query,
              opts.expansions,
              (await lexical(terms, opts, depth)).map((r) => toHit(r)),
            ),
          ),
        queryVector ? nearest : undefined,
      );
    },

    documentText: (documentId) => texts.get(documentId),

    documentPassages: async (documentId) => (await texts.passages(documentId)).map(payloadHit),

    async settled() {
      await Promise.all([lexical.settled(), pages.lexical.settled()]);
    },

    async close() {
      maintenance.stop();
      pages.maintenance.stop();
      await writeChain;
      await Promise.all([lexical.close(), pages.lexical.close()]);
      table.close();
      opened.pages.close();
      db.close();
    },
  };
}
