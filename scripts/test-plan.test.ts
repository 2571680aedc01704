// Sharing test files between shards: every file exactly once, the shards' expected times close, the Postgres queue's
// batches heaviest first and shrinking so the last one is short.
import { describe, expect, test } from 'bun:test';
import { batchQueue, fileWeight, planShards } from './test-plan';
import { UNMEASURED_FILE_SECONDS } from '../tests/test-weights';

const weights: Record<string, number> = { a: 60, b: 50, c: 40, d: 30, e: 20, f: 10, g: 5, h: 5, i: 1, j: 1, k: 1, l: 1 };
const weight = (f: string) => weights[f] ?? 0;
const files = Object.keys(weights);
const sum = (list: string[]) => list.reduce((s, f) => s + weight(f), 0);

describe('planShards', () => {
  test.each([1, 2, 3, 4])('%i shards: every file once, and no shard more than the heaviest file above the lightest', (count) => {
    const shards = planShards(files, count, weight);
    expect(shards).toHaveLength(count);
    expect(shards.flat().sort()).toEqual([...files].sort());
    const times = shards.map(sum);
    expect(Math.max(...times) - Math.min(...times)).toBeLessThanOrEqual(Math.max(...files.map(weight)));
  });

  test('two shards end closer together than with the files dealt in turn', () => {
    const gap = (shards: string[][]) => Math.abs(sum(shards[0]) - sum(shards[1]));
    const dealt = [files.filter((_, i) => i % 2 === 0), files.filter((_, i) => i % 2 === 1)];
    expect(gap(planShards(files, 2, weight))).toBeLessThan(gap(dealt));
  });
});

describe('batchQueue', () => {
  test.each([
    [2, 20],
    [2, 5],
    [4, 20],
  ])('%i shards, batches of at least %i s: every file once, heaviest first, the last batch the shortest', (count, min) => {
    const queue = batchQueue(files, count, weight, min);
    const batches: string[][] = [];
    for (let b = queue.next(); b; b = queue.next()) batches.push(b);
    expect(batches.flat()).toEqual([...files].sort((x, y) => weight(y) - weight(x) || x.localeCompare(y)));
    expect(queue.size).toBe(0);
    const times = batches.map(sum);
    expect(times.at(-1)).toBe(Math.min(...times));
    expect(times.at(-1)).toBeLessThanOrEqual(Math.max(min, sum(files) / (2 * count)));
  });

  test('no file: no batch', () => {
    expect(batchQueue([], 2, weight).next()).toBeNull();
  });
});

describe('fileWeight', () => {
  test.each([
    ['scripts/ingest.test.ts', 'sqlite', (s: number) => s > UNMEASURED_FILE_SECONDS],
    ['tests/faults/index.test.ts', 'postgres', (s: number) => s > UNMEASURED_FILE_SECONDS],
    ['no/such.test.ts', 'postgres', (s: number) => s === UNMEASURED_FILE_SECONDS],
  ] as const)('%s on %s', (file, pass, expected) => {
    expect(expected(fileWeight(file, pass))).toBe(true);
  });

  test('a Postgres file measured only on SQLite takes its SQLite weight', () => {
    expect(fileWeight('tests/e2e/binary.test.ts', 'postgres')).toBe(fileWeight('tests/e2e/binary.test.ts', 'sqlite'));
  });
});
