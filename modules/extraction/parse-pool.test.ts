// The parse worker pool (issue 19 item 1): every limit refuses its attack with its own code, a killed or
// stopped worker is replaced, and the next file reads normally.
import { afterAll, describe, expect, setDefaultTimeout, test } from 'bun:test';
import { DEFAULT_ATTACHMENT_LIMITS, extractDocument, ExtractionError, type ParseLimits, parseWorkerPids, shutdownOcr, shutdownParseWorkers } from './index.ts';
import { OCR_CACHE_ENV } from './ocr-cache.ts';
import { docxBomb, flateBombPdf, junkPdf, manyPagePdf } from './test-attacks.ts';
import { doc, tempFile } from './test-fixtures.ts';

// Workers start slower when test shards share the cores.
setDefaultTimeout(30_000);

// The time limit is measured on pages actually recognised: with the test run's store of page readings (ocr-cache.ts),
// a scan another test file had read was answered at once, and the file was read before the limit. The workers take
// their environment from this process when they start, after this line.
delete process.env[OCR_CACHE_ENV];

afterAll(async () => {
  shutdownParseWorkers();
  await shutdownOcr();
});

const MB = 1024 * 1024;
const limits = (over: Partial<ParseLimits> = {}): ParseLimits => ({ ...DEFAULT_ATTACHMENT_LIMITS, ...over });

/** The error code `extractDocument` ends with, and how long it took. */
async function refusal(path: string, kind: 'pdf' | 'docx', over: Partial<ParseLimits>, signal?: AbortSignal, ocr: 'off' | 'force' = 'off') {
  const started = performance.now();
  try {
    await extractDocument(path, { kind, ocr, limits: limits(over), signal });
  } catch (err) {
    if (!(err instanceof ExtractionError)) throw err;
    return { code: err.code, ms: performance.now() - started };
  }
  return { code: 'read', ms: performance.now() - started };
}

const readsNormally = async () => expect((await extractDocument(doc('regulation.pdf'), { kind: 'pdf', ocr: 'off', limits: limits() })).text).toContain('ข้อ');

describe('parse limits', () => {
  test('pages: a 3,000-page PDF is refused from its page count, before any page is read', async () => {
    const r = await refusal(tempFile('pages.pdf', manyPagePdf(3000)), 'pdf', { maxPages: 200 });
    expect(r.code).toBe('too_large');
    expect(r.ms).toBeLessThan(10_000);
  });

  test('inflated bytes: a Flate stream over the per-stream limit, and streams over the total, are refused', async () => {
    const bomb = tempFile('bomb.pdf', await flateBombPdf(64 * MB));
    expect((await refusal(bomb, 'pdf', { maxInflatedEntryBytes: 8 * MB })).code).toBe('too_large');
    expect((await refusal(bomb, 'pdf', { maxInflatedEntryBytes: 128 * MB, maxInflatedTotalBytes: 16 * MB })).code).toBe('too_large');
  });

  test('inflated bytes: a DOCX entry over the per-entry limit is refused although its ratio passes the 100:1 guard', async () => {
    const r = await refusal(tempFile('bomb.docx', docxBomb(12 * MB)), 'docx', { maxInflatedEntryBytes: 4 * MB });
    expect(r.code).toBe('zip_bomb');
  });

  test('characters: more text than allowed is refused', async () => {
    expect((await refusal(doc('regulation.pdf'), 'pdf', { maxChars: 1000 })).code).toBe('too_large');
    expect((await refusal(doc('regulation.docx'), 'docx', { maxChars: 1000 })).code).toBe('too_large');
  });

  test('time: a slow file is stopped at the limit (the worker killed), and the next file reads normally', async () => {
    const r = await refusal(tempFile('slow.pdf', manyPagePdf(6000)), 'pdf', { maxPages: 100_000, timeoutMs: 500 });
    expect(r.code).toBe('too_slow');
    expect(r.ms).toBeLessThan(1500);
    await readsNormally();
  });

  test('memory: a worker past its memory limit is killed, and the next file reads normally', async () => {
    // 8 MB of zeros after %PDF: pdf.js's search for objects takes a few hundred MB
    const r = await refusal(tempFile('junk.pdf', junkPdf(8 * MB)), 'pdf', { memoryBytes: 200 * MB, timeoutMs: 30_000 });
    expect(r.code).toBe('too_much_memory');
    await readsNormally();
  });

  test("memory: what pdf.js kept from one file does not count against the next one's limit", async () => {
    // 8 MB of junk leaves a worker at ~370 MB; the next file (120 MB at most) must not be killed for it
    expect((await refusal(tempFile('junk.pdf', junkPdf(8 * MB)), 'pdf', { memoryBytes: 1024 * MB, timeoutMs: 30_000 })).code).not.toBe('too_much_memory');
    const r = await refusal(doc('real-thai-bulletin-45p.pdf'), 'pdf', { memoryBytes: 300 * MB, timeoutMs: 30_000 });
    expect(r.code).toBe('read');
  });

  test('lanes: a chat attachment is read at once while both library workers are busy', async () => {
    // 20,000 pages: pdf.js's time grows with the square of the page count, far past the 12 s limit
    const slow = tempFile('slow.pdf', manyPagePdf(20_000));
    const busy = [1, 2].map(() => refusal(slow, 'pdf', { maxPages: 100_000, timeoutMs: 12_000, memoryBytes: 2048 * MB }));
    await Bun.sleep(300);
    // Ordering, not a clock: the chat file is read while both library workers are still busy (a loaded
    // machine slows both alike; behind them, it would wait for their 12 s limit).
    let libraryDone = false;
    void Promise.race(busy).then(() => (libraryDone = true));
    const chat = await extractDocument(doc('regulation.pdf'), { kind: 'pdf', ocr: 'off', limits: limits(), lane: 'chat' });
    expect(chat.text).toContain('ข้อ');
    expect(libraryDone).toBe(false);
    expect((await Promise.all(busy)).map((r) => r.code)).toEqual(['too_slow', 'too_slow']);
  });

  test('abort: a cancelled request stops its worker at once', async () => {
    const stop = new AbortController();
    setTimeout(() => stop.abort(), 200);
    const r = await refusal(tempFile('slow.pdf', manyPagePdf(6000)), 'pdf', { maxPages: 100_000, timeoutMs: 30_000 }, stop.signal);
    expect(r.code).toBe('aborted');
    expect(r.ms).toBeLessThan(1500);
  });

  test('a worker that dies mid-file fails that file only; the pool replaces it', async () => {
    const reading = refusal(tempFile('slow.pdf', manyPagePdf(6000)), 'pdf', { maxPages: 100_000, timeoutMs: 25_000 });
    // Kill every parse worker until the file's answer comes: on a loaded machine the worker for it may
    // start only after a first round of kills.
    let settled = false;
    void reading.finally(() => (settled = true));
    await Bun.sleep(300);
    while (!settled) {
      for (const pid of parseWorkerPids()) process.kill(pid, 'SIGKILL');
      await Bun.sleep(200);
    }
    expect((await reading).code).toBe('corrupt');
    await readsNormally();
  });

  test('time covers OCR: pages still being recognised at the limit are stopped', async () => {
    // the text layer takes well under a second; OCR of this page several seconds
    const r = await refusal(doc('regulation-scan-clean300.pdf'), 'pdf', { timeoutMs: 1500 }, undefined, 'force');
    expect(r.code).toBe('too_slow');
    expect(r.ms).toBeLessThan(5000);
  });
});
