// A file's memory limit counts what the file takes, not what the worker kept from the files before it (the pool
// runs a job over its limit again in a new worker). The workers here are test-memory-worker.ts, whose jobs take as
// much memory as the test says; everything else is the real pool.
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test';
import { fileURLToPath } from 'node:url';
import { DEFAULT_UPLOAD_LIMITS, ExtractionError, parseWorkerPids, registerParseWorkerCommand, shutdownParseWorkers } from './index.ts';
import { parseInWorker } from './parse-pool.ts';
import { residentBytes } from './parse-worker-process.ts';
import type { ParseJob } from './parse-job.ts';

// Workers start slower when test shards share the cores, and each job here fills hundreds of MB.
setDefaultTimeout(60_000);

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
  parseInWorker(job(path, memoryMb), { deadline: Date.now() + 45_000, lane: 'chat' }).then(
    () => 'read',
    (err) => (err instanceof ExtractionError ? err.code : Promise.reject(err)),
  );

describe('parse pool: a file is refused for memory only by what it takes itself', () => {
  test('a file that fits its limit is read after another file left its worker holding 300 MB (before: refused)', async () => {
    expect(await run('hold:300', 2000)).toBe('read');
    const [used] = parseWorkerPids('chat');
    // what makes the case: the worker is under half the next file's limit (so the pool gives it the file), and what it
    // holds plus the 560 MB the file takes is over that limit, while a new worker (~50 MB) stays under it
    const held = (await residentBytes(used!)) / MB;
    expect(held).toBeLessThan(800 / 2);
    expect(held + 560).toBeGreaterThan(800);
    expect(await run('grow:560', 800)).toBe('read');
    // it was read in a new worker: the one holding 300 MB is gone
    expect(parseWorkerPids('chat')).not.toContain(used!);
  });

  test('a file over its limit in a new worker too is refused, once', async () => {
    expect(await run('hold:300', 2000)).toBe('read');
    expect(await run('grow:800', 700)).toBe('too_much_memory');
    // and the pool reads the next file
    expect(await run('grow:10', 700)).toBe('read');
  });

  test('a file over its limit in a new worker is refused, as before', async () => {
    shutdownParseWorkers();
    expect(await run('grow:800', 700)).toBe('too_much_memory');
  });
});
