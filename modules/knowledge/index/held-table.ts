// A LanceDB table held in this process for its full-text searches (memory-bm25.ts), as read at a version. It is read
// again after this process's write and when the table's version moves (another process's write, or maintenance: looked
// at once a second), once the table has stayed the same a while (SETTLE_MS). Until then, and while it is read, LanceDB
// searches: the table as it is now, without waiting (reading a large table takes seconds, and every search after each
// write waited for it), so a write is searched as soon as it ends here, and within the five seconds instances promise
// each other (docs/scaling.md). While this process writes, and for a larger table, LanceDB searches too. The two rank
// alike, to a few parts in ten thousand of a score.
import type * as lancedb from '@lancedb/lancedb';
import type { RecordBatch } from 'apache-arrow';
import { TOKENS_COLUMN } from './index-schema.ts';
import { buildMemoryIndex, type MemoryIndex, type MemoryRow } from './memory-bm25.ts';

// The held copies of a library's two tables (passages and pages) hold at most this much heap together, unless
// INDEX_MEMORY_MB says otherwise (config.ts); a table over its half is searched by LanceDB, whose index is on disk, and
// is not read again until it has fewer rows. Held, a search costs ~0.3 ms of CPU against LanceDB's 1.5–2.5 ms on a
// campus library, and at 100,000 synthetic chunks a question's five searches ~6 ms against ~30 (p95 6–7 against 27–28
// ms, scripts/bench/retrieval.ts). The largest real library of the evals holds 5.9 million characters of tokens
// in its passages and 5.6 million in its 676 pages (~21 MB held); 100,000 synthetic chunks 181 million and their 20,000
// pages 183 million (~665 MB held). Reading a table costs ~0.85 s of CPU for real_dev's union and ~30 s at 100,000
// chunks, in slices, after every write and at start; LanceDB answers meanwhile.
export const HELD_MEMORY_MB = 768;
// heap a held table costs for each character of its index tokens (postings, terms and the rows' kept values): 1.83
// measured at 100,000 synthetic chunks and on real_dev's union
const HELD_BYTES_PER_TOKEN_CHAR = 1.85;
// rows held at most, whatever their characters: a row costs its kept values besides its postings
const HELD_MAX_ROWS = 250_000;

// How often the held index looks for another process's writes (the table's version; index-store.ts reads the
// table's latest manifest as often): another instance's new document is searched once the next look has read it.
const VERSION_CHECK_MS = 1_000;
// rows of one batch the held index is read in (each batch is decoded whole)
const HELD_BATCH_ROWS = 64;
// A table that changed is read again once it has stayed the same this long: an upload moves its version again and
// again (the write, the fold of its rows into the text index a second later, a rebuild after a quiet spell), and a
// reading started at each move a search saw was thrown away at its end when a later move made it useless (five
// readings of each table for one upload at 10,000 chunks, two thrown away, against two with this wait; a reading takes
// ~2.5 s there, ~15 s at 100,000).
const SETTLE_MS = 2_000;
// how often a reading looks whether the table moved under it (then it stops: what it reads is of no use)
const MOVED_LOOK_MS = 250;

/** What one of the two tables may hold when the held copies may hold `memoryMb` together (0: none is held). */
export function heldLimits(memoryMb: number): HeldLimits {
  const chars = Math.floor((memoryMb * 1_000_000) / 2 / HELD_BYTES_PER_TOKEN_CHAR);
  return { rows: chars > 0 ? HELD_MAX_ROWS : 0, chars };
}

// LanceDB's query stream (public in its JavaScript, protected in its types): batches of at most maxBatchLength rows
type BatchStream = { execute(options: { maxBatchLength: number }): AsyncGenerator<RecordBatch> };

export interface HeldTable {
  /** The table held now (`wait`: once read), or null: LanceDB searches (too large, written now or lately, being read). */
  index(wait: boolean): Promise<MemoryIndex | null>;
  /** What is held is of no use (a write began or ended): read again at the next search. */
  forget(): void;
  /** No table is read from now on; resolves once a reading under way has stopped (the table may then be closed). */
  close(): Promise<void>;
}

export interface HeldLimits {
  rows: number;
  chars: number;
  /** how long a changed table stays unchanged before it is read again (tests shorten it) */
  settleMs?: number;
}

/**
 * The held copy of `table` with `columns` kept for each row (and its category, for searches within categories).
 * `generation` moves with every write begun or ended; `writing` tells whether this process writes the table now.
 */
export function heldTable(table: lancedb.Table, columns: string[], limits: HeldLimits, state: { generation(): number; writing(): boolean }): HeldTable {
  type Held = { generation: number; version: number; checkedAt: number; index: Promise<MemoryIndex | null>; read?: MemoryIndex | null };
  let held: Held | null = null;
  let closed = false;
  // every reading under way, a forgotten one too (close waits for them)
  const reading = new Set<Promise<unknown>>();
  // rows of the table when its tokens were found over the limit (it is not read again until it has fewer)
  let tooLargeAt = Infinity;
  const read = [...new Set([...columns, TOKENS_COLUMN, 'isActive', 'category'])];
  const settleMs = limits.settleMs ?? SETTLE_MS;
  // the table as last seen (its generation and version), and since when it has stayed so; the first sight is no change
  let seen: { generation: number; version: number } | null = null;
  let changedAt = Number.NEGATIVE_INFINITY;

  // A reading stops once forgotten (a write began or ended), once the table moved under it (what it reads is of no use)
  // or once closed.
  const readHeld = async (version: number, of: number): Promise<MemoryIndex | null> => {
    const rows = await table.countRows();
    if (rows > limits.rows || rows >= tooLargeAt) return null;
    const tally = { chars: 0 };
    const index = await buildMemoryIndex(heldRows(version, of, tally));
    if (tally.chars > limits.chars) {
      tooLargeAt = rows;
      return null;
    }
    tooLargeAt = Infinity;
    // closed while read (the copy is not whole), or a write between the version and the read (of no one version)
    return !closed && state.generation() === of && (await table.version()) === version && index.rows <= limits.rows ? index : null;
  };
  // The table's rows a batch at a time, each value read as the row is (a whole table's tokens decoded at once held the
  // event loop for 300–400 ms on 1,750 passages), each batch read from LanceDB's stream as the last is done with: the
  // whole table read first (toArrow) was held in memory until the end of the reading, tokens and all.
  async function* heldRows(version: number, of: number, tally: { chars: number }): AsyncGenerator<MemoryRow> {
    const query = table.query().select(read) as unknown as BatchStream;
    let lookedAt = performance.now();
    for await (const batch of query.execute({ maxBatchLength: HELD_BATCH_ROWS })) {
      if (closed || state.generation() !== of) return;
      if (performance.now() - lookedAt > MOVED_LOOK_MS) {
        if ((await table.version()) !== version) return;
        lookedAt = performance.now();
      }
      const [tokens, active, category] = [batch.getChild(TOKENS_COLUMN), batch.getChild('isActive'), batch.getChild('category')];
      const values = columns.map((c) => [c, batch.getChild(c)] as const);
      for (let i = 0; i < batch.numRows; i++) {
        const text = String(tokens?.get(i) ?? '');
        if ((tally.chars += text.length) > limits.chars) return;
        yield {
          tokens: text,
          active: active?.get(i) !== false,
          category: (category?.get(i) as string | null | undefined) ?? null,
          row: Object.fromEntries(values.map(([c, v]) => [c, v?.get(i)])),
        };
      }
    }
  }

  const self: HeldTable = {
    async index(wait) {
      if (limits.rows <= 0 || state.writing() || closed) return null;
      const now = performance.now();
      const generation = state.generation();
      const current = held;
      const answer = (entry: Held) => (wait ? entry.index : Promise.resolve(entry.read ?? null));
      if (current && current.generation === generation && now - current.checkedAt < VERSION_CHECK_MS) return answer(current);
      const version = await table.version().catch(() => null);
      if (version === null) return null;
      if (held && held.generation === generation && held.version === version) {
        held.checkedAt = now;
        return answer(held);
      }
      if (!seen || seen.generation !== generation || seen.version !== version) {
        if (seen) changedAt = now;
        seen = { generation, version };
      }
      const quiet = now - changedAt;
      if (quiet < settleMs) {
        if (!wait) return null;
        await new Promise((resolve) => setTimeout(resolve, settleMs - quiet));
        return self.index(wait);
      }
      const entry: Held = { generation, version, checkedAt: now, index: readHeld(version, generation).catch(() => null) };
      const done = entry.index.then((index) => (entry.read = index));
      reading.add(done);
      void done.finally(() => reading.delete(done));
      held = entry;
      return answer(entry);
    },
    forget() {
      held = null;
    },
    async close() {
      closed = true;
      await Promise.all(reading);
    },
  };
  return self;
}
