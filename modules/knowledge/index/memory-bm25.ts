// BM25 over a table's token column, held in this process. A LanceDB full-text query costs 1.5–2.5 ms of CPU whatever
// the library's size (planning, its threads, Arrow to JavaScript: scripts/bench/fts-floor.ts measured 2.2–2.9 ms a
// query on real_dev's 779 passages, warm), and a chat turn runs five of them: more than half the ≤ 10 ms a turn may
// cost (issue 37). The same BM25 over the same tokens, computed here, costs ~0.3 ms a query. Hand-written because no
// library computes BM25 over LanceDB's own token column with LanceDB's tokenizer settings, and the ranking must be
// LanceDB's: the same tokens (FTS_OPTIONS: split on white space, lower-cased, a token of 64 bytes or more dropped), the
// same formula (k1 1.2, b .75, idf ln(1 + (N − n + .5) / (n + .5)), a term written twice in the query counting twice:
// fts-repeated-terms.test.ts). LanceDB computes its statistics per partition of its index (two on a two-core build of a
// few hundred passages), this index over the whole table: the two agree to single precision on a table of one
// partition (memory-bm25.test.ts) and otherwise differ by at most a few parts in ten thousand of a score.
import { ftsTokens, TermIds } from './fts-terms.ts';

type Row = Record<string, unknown>;

export interface MemoryRow {
  /** the row's index tokens (space-separated), as the table's FTS column holds them */
  tokens: string;
  active: boolean;
  /** the row's category, for a search within categories */
  category?: string | null;
  /** what a search returns of the row (copied out with its `_score`) */
  row: Row;
}

export interface MemoryIndex {
  readonly rows: number;
  /** The first `k` rows matching `terms` by BM25, best first (ties in the table's order), each with its `_score`. */
  search(terms: string, scope: HeldScope, k: number): Row[];
}

/** Which rows a search may return: active ones only, and of these categories only (null: any). */
export interface HeldScope {
  activeOnly: boolean;
  categories?: ReadonlySet<string> | null;
}

const K1 = 1.2;
const B = 0.75;
// work between yields to the event loop while the index is built (a few milliseconds each): characters of tokens read,
// then postings written (a page of a scan holds ~9,000 characters of tokens)
const READ_SLICE_CHARS = 50_000;
const WRITE_SLICE_POSTINGS = 100_000;
const tick = () => new Promise<void>((resolve) => setImmediate(resolve));
// sets of categories whose rows are kept marked (a search asks for one set; a library has a handful of categories)
const MARKED_SETS = 32;

/**
 * Builds the index, yielding to the event loop between slices of rows (a chat is answered meanwhile). The postings
 * are laid out in two typed arrays, term by term: each row holding the term, and the row's term part of BM25,
 * tf·(k1 + 1) / (tf + k1·(1 − b + b·len/avg)); a query adds idf × that part for each row of each of its terms.
 */
export async function buildMemoryIndex(source: Iterable<MemoryRow> | AsyncIterable<MemoryRow>): Promise<MemoryIndex> {
  return searchable(await readPostings(source));
}

/** What a held index searches: its terms, their postings and each row's kept values. */
interface Postings {
  termIds: TermIds;
  idf: Float64Array;
  /** term id → its postings' range in `rows` and `weights` */
  starts: Int32Array;
  rows: Int32Array;
  weights: Float32Array;
  active: boolean[];
  categories: Array<string | null>;
  hits: Row[];
}

// The reading is an async function of its own that returns plain data, and the search's closure is made outside it:
// a closure made inside an async function keeps that function's whole scope (everything alive across an await: the
// source, its iterator, the per-row arrays), and through the source a LanceDB read's Arrow table, tokens and all
// (97 of the 183 MB held at 10,000 synthetic chunks).
async function readPostings(source: Iterable<MemoryRow> | AsyncIterable<MemoryRow>): Promise<Postings> {
  const termIds = new TermIds();
  const df: number[] = [];
  const rowTerms: Int32Array[] = [];
  const rowCounts: Int32Array[] = [];
  const lengths: number[] = [];
  const active: boolean[] = [];
  const categories: Array<string | null> = [];
  // the rows alone are kept: their tokens are in the postings
  const hits: Row[] = [];
  // a row's count of each term, by term id (zeroed again after each row), and the terms it holds in first-seen order
  let counts = new Int32Array(1024);
  let held = new Int32Array(1024);
  let work = 0;
  for await (const row of source) {
    const d = hits.length;
    if ((work += row.tokens.length) > READ_SLICE_CHARS) {
      work = 0;
      await tick();
    }
    let distinct = 0;
    const length = termIds.eachToken(row.tokens, (id) => {
      if (id >= counts.length) counts = grown(counts, id);
      if (counts[id]++ === 0) {
        if (distinct >= held.length) held = grown(held, distinct);
        held[distinct++] = id;
        if (id >= df.length) df.push(0);
        df[id]!++;
      }
    });
    lengths.push(length);
    active.push(row.active);
    categories.push(row.category ?? null);
    hits.push(row.row);
    const terms = held.slice(0, distinct);
    const tf = new Int32Array(distinct);
    for (let i = 0; i < distinct; i++) {
      tf[i] = counts[terms[i]!]!;
      counts[terms[i]!] = 0;
    }
    rowTerms[d] = terms;
    rowCounts[d] = tf;
  }
  const n = hits.length;
  const average = n ? lengths.reduce((a, b) => a + b, 0) / n : 0;
  const starts = new Int32Array(df.length + 1);
  for (let id = 0; id < df.length; id++) starts[id + 1] = starts[id]! + df[id]!;
  const rows = new Int32Array(starts[df.length]!);
  // term parts in single precision, as LanceDB scores (and half the memory)
  const weights = new Float32Array(starts[df.length]!);
  const filled = starts.slice(0, df.length);
  work = 0;
  for (let d = 0; d < n; d++) {
    if ((work += rowTerms[d]!.length) > WRITE_SLICE_POSTINGS) {
      work = 0;
      await tick();
    }
    const terms = rowTerms[d]!;
    const counts = rowCounts[d]!;
    const norm = K1 * (1 - B + (B * lengths[d]!) / average);
    for (let i = 0; i < terms.length; i++) {
      const at = filled[terms[i]!]!++;
      rows[at] = d;
      weights[at] = (counts[i]! * (K1 + 1)) / (counts[i]! + norm);
    }
  }
  const idf = Float64Array.from(df, (m) => Math.log(1 + (n - m + 0.5) / (m + 0.5)));
  return { termIds, idf, starts, rows, weights, active, categories, hits };
}

function searchable({ termIds, idf, starts, rows, weights, active, categories, hits }: Postings): MemoryIndex {
  const n = hits.length;
  const scores = new Float64Array(n);
  const touched = new Int32Array(n);
  // The rows a search within categories may return, marked once for each set of categories asked (marking 100,000 rows
  // cost ~4 ms, a third of the search): an index lives until the table is written, and a library has few categories.
  const marked = new Map<string, boolean[]>();
  const inCategories = (within: ReadonlySet<string>, activeOnly: boolean): boolean[] => {
    const key = `${activeOnly}\u0000${[...within].sort().join('\u0000')}`;
    let allowed = marked.get(key);
    if (!allowed) {
      allowed = new Array<boolean>(n);
      for (let d = 0; d < n; d++) allowed[d] = categories[d] !== null && within.has(categories[d]!) && (!activeOnly || active[d]!);
      if (marked.size >= MARKED_SETS) marked.delete(marked.keys().next().value!);
      marked.set(key, allowed);
    }
    return allowed;
  };
  return {
    rows: n,
    search(terms, { activeOnly, categories: within }, k) {
      let count = 0;
      for (const t of ftsTokens(terms)) {
        const id = termIds.idOf(t, false);
        if (id < 0) continue;
        const weight = idf[id]!;
        for (let i = starts[id]!; i < starts[id + 1]!; i++) {
          const d = rows[i]!;
          if (scores[d] === 0) touched[count++] = d;
          scores[d]! += weight * weights[i]!;
        }
      }
      const best = firstK(touched.subarray(0, count), scores, within ? inCategories(within, activeOnly) : activeOnly ? active : null, k);
      for (let i = 0; i < count; i++) scores[touched[i]!] = 0;
      return best.map(({ d, score }) => ({ ...hits[d]!, _score: score }));
    },
  };
}

/** A copy of `array` long enough to hold index `at`. */
function grown(array: Int32Array, at: number) {
  const copy = new Int32Array(Math.max(at + 1, array.length * 2));
  copy.set(array);
  return copy;
}

/** `a` ranks below `b`: a lower score, or the same score later in the table. */
const below = (scoreA: number, a: number, scoreB: number, b: number) => scoreA < scoreB || (scoreA === scoreB && a > b);

/**
 * The first `k` of `rows` by `scores`, best first, ties in the table's order (`allowed`: the rows that may be
 * returned). A heap of k rows: a query of common terms touches most of a table's rows, and sorting them all cost more
 * than LanceDB's whole query at 10,000 rows (scripts/bench/retrieval.ts --chunks 10000).
 */
export function firstK(rows: Int32Array, scores: Float64Array, allowed: readonly boolean[] | null, k: number): Array<{ d: number; score: number }> {
  const size = Math.max(0, Math.min(k, rows.length));
  const heap = new Int32Array(size); // the worst kept row at the root
  let kept = 0;
  const worse = (i: number, j: number) => below(scores[heap[i]!]!, heap[i]!, scores[heap[j]!]!, heap[j]!);
  const swap = (i: number, j: number) => {
    const t = heap[i]!;
    heap[i] = heap[j]!;
    heap[j] = t;
  };
  // the root's score and row, kept in locals: once the heap is full most rows score under it (the rows only a common
  // trigram touched), and they are passed over on that one comparison (at 100,000 chunks a search touches ~78,000 rows:
  // 0.16 ms, where the heap's comparison on every row cost 1.17)
  let floorScore = Number.NEGATIVE_INFINITY;
  let floorRow = -1;
  for (let at = 0; at < rows.length && size > 0; at++) {
    const d = rows[at]!;
    const score = scores[d]!;
    if (kept === size && (score < floorScore || (score === floorScore && d > floorRow))) continue;
    if (allowed && !allowed[d]) continue;
    if (kept < size) {
      let i = kept++;
      heap[i] = d;
      while (i > 0 && worse(i, (i - 1) >> 1)) {
        swap(i, (i - 1) >> 1);
        i = (i - 1) >> 1;
      }
    } else {
      heap[0] = d;
      for (let i = 0; ; ) {
        const l = 2 * i + 1;
        const r = l + 1;
        let w = i;
        if (l < kept && worse(l, w)) w = l;
        if (r < kept && worse(r, w)) w = r;
        if (w === i) break;
        swap(i, w);
        i = w;
      }
    }
    if (kept === size) {
      floorRow = heap[0]!;
      floorScore = scores[floorRow]!;
    }
  }
  return Array.from(heap.subarray(0, kept), (d) => ({ d, score: scores[d]! })).sort((a, b) => b.score - a.score || a.d - b.d);
}
