// Lexical (FTS-only) search with a cache of the rows it returns. Fetching a hit's columns after the
// FTS step is a second read inside LanceDB that costs about as much as the search itself on a small
// library (measured: ~2 ms of ~4.4 ms CPU per search on 30 chunks), and the same clauses come back
// for question after question. A row id names one immutable row: updates and compaction write new
// rows with new ids, so a cached row can never be stale, and no invalidation is needed.
//
// The id-only search pays off only when most hits are cached; with mostly new hits (a large library
// queried widely) one query that returns the columns at once is cheaper. The choice follows the
// recent hit rate.
//
// A table within the held size (held-table.ts) is not searched by LanceDB at all while it is unchanged: the same BM25
// over the same tokens is held in this process (memory-bm25.ts), as a LanceDB query's fixed cost was most of a chat
// turn's. LanceDB searches a larger table, and every search while this process writes.
import * as lancedb from '@lancedb/lancedb';
import { type SearchScope, searchFilter, TOKENS_COLUMN } from './index-schema.ts';
import { HELD_MEMORY_MB, heldLimits, heldTable } from './held-table.ts';

type Row = Record<string, unknown>;

const CACHE_ROWS = 4096; // ~1–2 KB of text each
const USE_IDS_FIRST_ABOVE = 0.5;
const RATE_WEIGHT = 0.1; // moving average over roughly the last ten searches
const KEEP_RESULTS = 512;
// Instances sharing one index must see another's new document within 5 s (docs/scaling.md): a result is kept 4 s at
// most, and the table it was read from looked for other processes' writes at most a second before (index-store.ts).
const MAX_AGE_MS = 4_000;
export interface LexicalSearch {
  /** The first `k` rows matching `terms` (space-separated index tokens) by BM25 in `scope`, with their `_score`. */
  (terms: string, scope: SearchScope, k: number): Promise<Row[]>;
  /** A write to the table starts: what is known of it is forgotten now and again when the returned function is called (as the write ends). */
  writing(): () => void;
  /** Another process wrote the table: what is known of it is forgotten. */
  forget(): void;
  /**
   * Resolves once the table is held in this process (or will not be: too large, or being written): every search from
   * then until the next write is ranked alike. A search never waits for the reading; evals and benches wait here.
   */
  settled(): Promise<void>;
  /** No table is read from now on; resolves once a reading under way has stopped (the table may then be closed). */
  close(): Promise<void>;
}

/** The filter of every search for active documents in any category. */
const ACTIVE_ONLY = searchFilter({});

export interface LexicalOptions {
  /** rows of the row cache */
  cacheRows?: number;
  /** the most rows searched in this process (0: every search is LanceDB's) */
  memoryRows?: number;
  /** the most characters of index tokens searched in this process */
  memoryChars?: number;
  /** how long a changed table stays unchanged before it is held again (held-table.ts; tests shorten it) */
  settleMs?: number;
}

export function cachedLexicalSearch(table: lancedb.Table, columns: string[], opts: LexicalOptions = {}): LexicalSearch {
  const limits = heldLimits(HELD_MEMORY_MB);
  const { cacheRows = CACHE_ROWS, memoryRows = limits.rows, memoryChars = limits.chars } = opts;
  const cache = new Map<bigint, Row>();
  let hitRate = 0;

  // Plain copies: Arrow's row proxies would keep their whole result batch alive in the cache.
  const plain = (r: Row): Row => {
    const out: Row = {};
    for (const c of columns) out[c] = r[c];
    return out;
  };
  const remember = (rowid: bigint, row: Row) => {
    if (cache.has(rowid)) cache.delete(rowid);
    else if (cache.size >= cacheRows) cache.delete(cache.keys().next().value!);
    cache.set(rowid, row);
  };
  const noteRate = (found: number, total: number) => {
    if (total) hitRate += RATE_WEIGHT * (found / total - hitRate);
  };

  async function withColumns(fts: lancedb.MatchQuery, filter: string | null, k: number): Promise<Row[]> {
    let q = table
      .query()
      .fullTextSearch(fts)
      .select([...columns, '_score'])
      .withRowId();
    if (filter) q = q.where(filter);
    const rows = (await q.limit(k).toArray()) as Row[];
    noteRate(rows.filter((r) => cache.has(r._rowid as bigint)).length, rows.length);
    return rows.map((r) => {
      const row = plain(r);
      remember(r._rowid as bigint, row);
      return { ...row, _score: r._score };
    });
  }

  async function search(fts: lancedb.MatchQuery, filter: string | null, k: number): Promise<Row[]> {
    if (hitRate < USE_IDS_FIRST_ABOVE) return withColumns(fts, filter, k);
    let q = table.query().fullTextSearch(fts).select(['_score']).withRowId();
    if (filter) q = q.where(filter);
    const ranked = (await q.limit(k).toArray()) as Row[];
    // The rows are taken out of the cache before the second read: while it is awaited, other searches (or the
    // fetched rows themselves, past cacheRows) may evict them, and a row read back as missing would be an
    // answer without its passage.
    const found = new Map<bigint, Row>();
    for (const r of ranked) {
      const row = cache.get(r._rowid as bigint);
      if (row) found.set(r._rowid as bigint, row);
    }
    const missing = ranked.map((r) => r._rowid as bigint).filter((id) => !found.has(id));
    noteRate(ranked.length - missing.length, ranked.length);
    if (missing.length) {
      const fetched = (await table.takeRowIds(missing).select(columns).withRowId().toArray()) as Row[];
      for (const r of fetched) found.set(r._rowid as bigint, plain(r));
      // A compaction between the two reads retires row ids: answer with the one-step search instead.
      if (missing.some((id) => !found.has(id))) return withColumns(fts, filter, k);
    }
    return ranked.map((r) => {
      const row = found.get(r._rowid as bigint)!;
      remember(r._rowid as bigint, row);
      return { ...row, _score: r._score };
    });
  }

  // Results of the searches made lately, while the table has not been written: students ask the same questions
  // (and each question is searched with its plain word and trigram lists too, plain-fusion.ts), and a search is
  // the larger part of an answer's CPU (three FTS queries: ~6 ms of a chat turn's ~12 ms on 4,000 chunks).
  // None is kept or given while this process's index is being written, and a write forgets them as it starts and
  // as it ends; a result older than MAX_AGE_MS is searched again, for a table another process writes.
  const results = new Map<string, { at: number; rows: Row[] }>();
  let generation = 0;
  let writes = 0;
  // Whether no row is inactive, known between writes: then the isActive prefilter leaves nothing out, and it is not
  // run (~0.3–0.5 ms of CPU an FTS query on 4,000 chunks; a library with a document switched off keeps it).
  let everyRowActive: { generation: number; at: number; active: Promise<boolean> } | null = null;
  const noRowInactive = async (): Promise<boolean> => {
    if (writes > 0) return false;
    const now = performance.now();
    if (!everyRowActive || everyRowActive.generation !== generation || now - everyRowActive.at >= MAX_AGE_MS) {
      const active = table.countRows('`isActive` = false').then(
        (n) => n === 0,
        () => false,
      );
      everyRowActive = { generation, at: now, active };
    }
    return everyRowActive.active;
  };

  const copy = heldTable(
    table,
    columns,
    { rows: memoryRows, chars: memoryChars, settleMs: opts.settleMs },
    { generation: () => generation, writing: () => writes > 0 },
  );

  // The same search asked again while it runs waits for it: under load a search takes longer, and without this
  // every question arriving meanwhile searched the table again (more so while a write keeps no result), which
  // made the searches slower still (the load bench's tail while documents are uploaded). Shared within one
  // generation only: a search started before a write began (or ended) is not one started after.
  const running = new Map<string, { generation: number; rows: Promise<Row[]> }>();
  const searchKept = async (terms: string, scope: SearchScope, k: number): Promise<Row[]> => {
    const filter = searchFilter(scope);
    const key = `${k}\u0000${filter ?? ''}\u0000${terms}`;
    const now = performance.now();
    const kept = results.get(key);
    if (kept && writes === 0 && now - kept.at < MAX_AGE_MS) {
      results.delete(key); // most recent last
      results.set(key, kept);
      return kept.rows.map((r) => ({ ...r }));
    }
    const same = running.get(key);
    if (same && same.generation === generation) return (await same.rows).map((r) => ({ ...r }));
    const rows = searchTable(key, terms, scope, filter, k, now);
    const entry = { generation, rows };
    running.set(key, entry);
    try {
      return (await rows).map((r) => ({ ...r }));
    } finally {
      if (running.get(key) === entry) running.delete(key);
    }
  };
  const searchTable = async (key: string, terms: string, scope: SearchScope, filter: string | null, k: number, now: number): Promise<Row[]> => {
    const started = generation;
    const memory = await copy.index(false);
    if (memory && generation === started) {
      const categories = scope.categories ? new Set(scope.categories) : null;
      const rows = memory.search(terms, { activeOnly: !scope.includeInactive, categories }, k);
      keep(key, now, rows, started);
      return rows;
    }
    const unfiltered = filter === ACTIVE_ONLY && (await noRowInactive());
    let rows = await search(new lancedb.MatchQuery(terms, TOKENS_COLUMN), unfiltered ? null : filter, k);
    // a write between the count and the search may have switched a document off: searched again with the filter
    if (unfiltered && generation !== started) rows = await search(new lancedb.MatchQuery(terms, TOKENS_COLUMN), filter, k);
    keep(key, now, rows, started);
    return rows;
  };
  const keep = (key: string, now: number, rows: Row[], started: number) => {
    if (generation !== started || writes !== 0) return;
    results.delete(key);
    if (results.size >= KEEP_RESULTS) results.delete(results.keys().next().value!);
    results.set(key, { at: now, rows: rows.map((r) => ({ ...r })) });
  };
  const forget = () => {
    generation++;
    results.clear();
    running.clear();
    everyRowActive = null;
    copy.forget();
  };
  return Object.assign(searchKept, {
    forget,
    async settled() {
      await copy.index(true);
    },
    async close() {
      await copy.close();
    },
    writing() {
      writes++;
      forget();
      let ended = false;
      return () => {
        if (ended) return;
        ended = true;
        writes--;
        forget();
      };
    },
  });
}
