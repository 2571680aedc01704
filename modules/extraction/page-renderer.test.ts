// OCR's page rendering runs in the parse pool's worker processes under the file's limits (issue 19): a scan
// whose image decodes to hundreds of MB kills its worker, not the server; a page that draws for too long
// is stopped at the time limit. Neither test runs tesseract: the pages never get that far.
import { afterAll, describe, expect, setDefaultTimeout, test } from 'bun:test';
import { readFileSync } from 'node:fs';
import {
  DEFAULT_ATTACHMENT_LIMITS,
  extractDocument,
  ExtractionError,
  type ParseLane,
  type ParseLimits,
  parseWorkerPids,
  shutdownParseWorkers,
} from './index.ts';
import { openPageRenderer } from './page-renderer.ts';
import { renderBombPdf } from './test-attacks.ts';
import { buildPdf, tempFile } from './test-fixtures.ts';

// Workers start slower when test shards share the cores.
setDefaultTimeout(30_000);

afterAll(() => shutdownParseWorkers());

const MB = 1024 * 1024;

function rss(pid: number): number {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'latin1'))?.[1] ?? 0) * 1024;
  } catch {
    return 0; // gone
  }
}

/** Forced OCR of `path` under `over` limits: the error code, how long it took, and the peak memory of this
 * process and of each worker of `lane` meanwhile. */
async function forcedOcr(path: string, over: Partial<ParseLimits>, lane: ParseLane) {
  const limits = { ...DEFAULT_ATTACHMENT_LIMITS, ...over };
  const before = process.memoryUsage.rss();
  let server = before;
  const workers = new Map<number, number>();
  const sample = setInterval(() => {
    server = Math.max(server, process.memoryUsage.rss());
    for (const pid of parseWorkerPids(lane)) workers.set(pid, Math.max(workers.get(pid) ?? 0, rss(pid)));
  }, 10);
  const started = performance.now();
  const code = await extractDocument(path, { kind: 'pdf', ocr: 'force', limits, lane }).then(
    () => 'read',
    (err) => (err instanceof ExtractionError ? err.code : Promise.reject(err)),
  );
  clearInterval(sample);
  return { code, ms: performance.now() - started, serverGrowth: server - before, workers };
}

/** The worker that grew most: the one rendering (the lane's others only read a text layer). */
const renderer = (workers: Map<number, number>) => [...workers].sort((a, b) => b[1] - a[1])[0] ?? [0, 0];

const rendersNormally = async () => {
  const renderer = await openPageRenderer(tempFile('line.pdf', buildPdf({ text: 'one line' })), { limits: DEFAULT_ATTACHMENT_LIMITS });
  const page = await renderer.render(1);
  renderer.close();
  expect(page.width * page.height).toBeGreaterThan(500_000);
};

describe('page rendering for OCR', () => {
  test("memory: a 1.5 KB scan that needs ~450 MB to render is stopped in its worker, and the server's memory stays put", async () => {
    // 6,000 × 6,000 white pixels in 1.5 KB of CCITT G4 (about 450 MB to render in-process).
    const bomb = tempFile('render-bomb.pdf', renderBombPdf(6000));
    const r = await forcedOcr(bomb, { memoryBytes: 250 * MB }, 'chat');
    expect(r.code).toBe('too_much_memory');
    // The chat lane's worker grew (one that read a text layer holds ~65 MB; the 10 ms samples may miss the
    // last step past the limit) and was killed; this process did not grow with it.
    const [pid, peak] = renderer(r.workers);
    expect(peak).toBeGreaterThan(150 * MB);
    expect(pid).not.toBe(process.pid);
    expect(parseWorkerPids('chat')).not.toContain(pid);
    expect(r.serverGrowth).toBeLessThan(60 * MB);
    await rendersNormally();
  });

  test('time: a page that draws for seconds is stopped at the time limit, its worker killed', async () => {
    // 600 draws of a 1,500 × 1,500 image: about 14 s of drawing here, ~200 MB.
    const slow = tempFile('render-slow.pdf', renderBombPdf(1500, 600));
    const r = await forcedOcr(slow, { timeoutMs: 2500 }, 'library');
    expect(r.code).toBe('too_slow');
    expect(r.ms).toBeLessThan(4000);
    const [pid, peak] = renderer(r.workers);
    expect(peak).toBeGreaterThan(150 * MB);
    expect(parseWorkerPids('library')).not.toContain(pid);
    await rendersNormally();
  });
});
