// A file's memory limit counts what the file takes, not what the worker kept from the files before it (the pool
// runs a job over its limit again in a new worker). The workers here are test-memory-worker.ts, whose jobs take as
// much memory as the test says; everything else is the real pool.
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test';
import { fileURLToPath } from 'node:url';
import { DEFAULT_UPLOAD_LIMITS, ExtractionError, parseWorkerPids, registerParseWorkerCommand, shutdownParseWorkers } from './index.ts';
import { parseInWorker } from './parse-pool.ts';
import type { ParseJob } from './parse-job.ts';

setDefaultTimeout(30_000);

const MB = 1024 * 1024;
const worker = (name: string) => [process.execPath, fileURLToPath(new URL(name, import.meta.url))];

beforeAll(() => {
  shutdownParseWorkers();
  registerParseWorkerCommand(worker('./test-memory-worker.ts'));
});
afterAll(() => {
  shutdownParseWorkers();
  registerParseWorkerCommand(worker('./parse-worker.ts'));
});

/** A render job (the pool keeps a worker that rendered, as it keeps a warm renderer) whose cost is `path`. */
const job = (path: string, memoryMb: number): ParseJob => ({
  op: 'render-open',
  path,
  session: path,
  limits: { ...DEFAULT_UPLOAD_LIMITS, memoryBytes: memoryMb * MB },
});

const run = (path: string, memoryMb: number) =>
  parseInWorker(job(path, memoryMb), { deadline: Date.now() + 20_000, lane: 'chat' }).then(
    () => 'read',
    (err) => (err instanceof ExtractionError ? err.code : Promise.reject(err)),
  );

describe('parse pool: a file is refused for memory only by what it takes itself', () => {
  test('a file that fits its limit is read after another file left its worker holding 300 MB (before: refused)', async () => {
    // the first file leaves its worker at ~340 MB, under half the second one's limit, so the worker is reused
    expect(await run('hold:300', 2000)).toBe('read');
    const before = parseWorkerPids('chat');
    // 450 MB: over 700 MB in that worker, about 500 MB in a new one
    expect(await run('grow:450', 700)).toBe('read');
    // it was read in a new worker: the one holding 300 MB is gone
    expect(parseWorkerPids('chat').filter((pid) => before.includes(pid))).toEqual([]);
  });

  test('a file over its limit in a new worker too is refused, once', async () => {
    expect(await run('hold:300', 2000)).toBe('read');
    expect(await run('grow:800', 700)).toBe('too_much_memory');
    // and the pool reads the next file
    expect(await run('grow:10', 700)).toBe('read');
  });

  test('a new worker over the limit refuses at once, without a second try', async () => {
    shutdownParseWorkers();
    const started = performance.now();
    expect(await run('grow:800', 700)).toBe('too_much_memory');
    expect(performance.now() - started).toBeLessThan(10_000);
  });
});
