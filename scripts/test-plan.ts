// How `npm test` shares the test files between its shards so they end together: the SQLite pass by longest
// processing time first (each file to the shard with the least work so far), then the Postgres pass as a queue that a
// shard draws from once it is free, heaviest files first, in batches that shrink as the queue empties so the last one
// is short. A batch is one test process (and one throw-away cluster, ~2 s to start), hence batches, not single files.
import { FILE_SECONDS, UNMEASURED_FILE_SECONDS } from '../tests/test-weights';

export type Pass = 'sqlite' | 'postgres';

/** Seconds a file is expected to take in a pass: its measured weight, the other pass's, or the default. */
export function fileWeight(file: string, pass: Pass): number {
  const own = FILE_SECONDS[pass][file];
  return own ?? FILE_SECONDS[pass === 'sqlite' ? 'postgres' : 'sqlite'][file] ?? UNMEASURED_FILE_SECONDS;
}

const heaviestFirst = (files: readonly string[], weight: (f: string) => number) => [...files].sort((a, b) => weight(b) - weight(a) || a.localeCompare(b));

/** The files in `shardCount` lists of nearly equal expected time (longest processing time first). */
export function planShards(files: readonly string[], shardCount: number, weight: (f: string) => number): string[][] {
  const shards = Array.from({ length: shardCount }, () => ({ files: [] as string[], seconds: 0 }));
  for (const file of heaviestFirst(files, weight)) {
    const lightest = shards.reduce((min, s) => (s.seconds < min.seconds ? s : min));
    lightest.files.push(file);
    lightest.seconds += weight(file);
  }
  return shards.map((s) => s.files);
}

/**
 * A queue of files drawn in batches: each draw takes the heaviest files left until the batch holds a share of what is
 * left (1/(2 × shards), at least `minSeconds`), so early batches are long and the last ones short.
 */
export function batchQueue(files: readonly string[], shardCount: number, weight: (f: string) => number, minSeconds = 20) {
  const left = heaviestFirst(files, weight);
  return {
    get size() {
      return left.length;
    },
    next(): string[] | null {
      if (!left.length) return null;
      const remaining = left.reduce((sum, f) => sum + weight(f), 0);
      const share = Math.max(minSeconds, remaining / (2 * shardCount));
      const batch: string[] = [];
      let seconds = 0;
      while (left.length && (batch.length === 0 || seconds < share)) {
        const file = left.shift() as string;
        batch.push(file);
        seconds += weight(file);
      }
      return batch;
    },
  };
}
