// Bounded fuzzing of the parsers that read attacker bytes before anything else does: the streaming
// multipart reader (uploads), the zip directory reader (DOCX bomb guard), the PDF stream-inflation guard,
// and whole files through a parse worker process (pdf.js under the attachment limits). Seeded, so a failure
// reproduces; every mutated input must end in the parser's own refusal (AppError / ExtractionError)
// or a clean result, within a time limit, and leave no temp file behind.
import { afterAll, describe, expect, test } from 'bun:test';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AppError } from '../../src/http/errors';
import { readMultipart } from '../../src/http/multipart';
import { multipartBody } from '../../modules/documents/testing/helpers';
import { checkDocxArchive, DEFAULT_ATTACHMENT_LIMITS, extractDocument, ExtractionError } from '../../modules/extraction';
import { checkPdfStreams } from '../../modules/extraction/pdf-streams';
import { flateBombPdf } from '../../modules/extraction/test-attacks';

const work = mkdtempSync(join(tmpdir(), 'askreg-fuzz-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** mulberry32: small, seeded, good enough to pick mutations. */
function rng(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function mutate(input: Uint8Array, r: () => number): Uint8Array {
  let b = Array.from(input);
  const edits = 1 + Math.floor(r() * 6);
  for (let e = 0; e < edits; e++) {
    const at = Math.floor(r() * Math.max(1, b.length));
    switch (Math.floor(r() * 6)) {
      case 0: // flip a byte
        b[at] = Math.floor(r() * 256);
        break;
      case 1: // cut the rest off
        b = b.slice(0, at);
        break;
      case 2: // delete a range
        b.splice(at, Math.floor(r() * 64));
        break;
      case 3: // repeat a slice (duplicated headers, boundaries, directory records)
        b.splice(at, 0, ...b.slice(at, at + Math.floor(r() * 200)));
        break;
      case 4: // a line break or a boundary-ish run where it does not belong
        b.splice(at, 0, ...(r() < 0.5 ? [13, 10] : Array.from(new TextEncoder().encode('\r\n--'))));
        break;
      default: // extreme little-endian sizes and counts (zip fields)
        for (let i = 0; i < 4 && at + i < b.length; i++) b[at + i] = r() < 0.5 ? 0xff : 0;
    }
  }
  return Uint8Array.from(b);
}

function streamOf(bytes: Uint8Array, r: () => number): ReadableStream<Uint8Array> {
  let at = 0;
  return new ReadableStream({
    pull(c) {
      if (at >= bytes.length) return c.close();
      const n = 1 + Math.floor(r() * 4096);
      c.enqueue(bytes.slice(at, at + n));
      at += n;
    },
  });
}

/** The unmutated seed on disk, for a parse worker to read. */
function writeSeed(name: string, bytes: Uint8Array): string {
  const path = join(work, name);
  writeFileSync(path, bytes);
  return path;
}

/** Starts the parse worker the timed inputs will use (the seed must read cleanly: a failure here is the fixture's). */
async function warmWorker(read: () => Promise<unknown>): Promise<void> {
  await within(read(), 60_000);
}

const within = <T>(p: Promise<T>, ms: number) => Promise.race([p, Bun.sleep(ms).then(() => Promise.reject(new Error(`no answer within ${ms} ms`)))]);

describe('fuzzing', () => {
  test('multipart reader: 300 mutated uploads end in a result or a refusal, never a crash or a hang, and keep no temp file', async () => {
    const r = rng(20261123);
    const tmpDir = join(work, 'multipart');
    const file = new TextEncoder().encode('ข้อ ๑ ข้อบังคับนี้เรียกว่า ข้อบังคับว่าด้วยกิจกรรม\n'.repeat(40));
    const { body, headers } = multipartBody('ระเบียบ.txt', file, { fileName: 'ระเบียบ', contents: 'ข้อ ๑ ทดสอบ' });
    const seed = new Uint8Array(body);
    const unexpected: string[] = [];
    const outcomes = { read: 0, refused: 0 };
    for (let i = 0; i < 300; i++) {
      const input = mutate(seed, r);
      mkdirSync(tmpDir, { recursive: true });
      try {
        const res = await within(readMultipart(streamOf(input, r), headers['content-type'], { tmpDir, maxFileBytes: 64 * 1024 }), 5_000);
        if (res.file) rmSync(res.file.tmpPath, { force: true }); // a result hands its temp file to the caller
        outcomes.read++;
      } catch (e) {
        outcomes.refused++;
        if (!(e instanceof AppError)) unexpected.push(`#${i}: ${(e as Error).name}: ${(e as Error).message}`);
      }
      const left = readdirSync(tmpDir);
      if (left.length) unexpected.push(`#${i}: temp files left: ${left.join(', ')}`);
      rmSync(tmpDir, { recursive: true, force: true });
    }
    expect(unexpected).toEqual([]);
    // both ways out were exercised, so the mutations reach the parser's checks
    expect(outcomes.read).toBeGreaterThan(10);
    expect(outcomes.refused).toBeGreaterThan(10);
  }, 120_000);

  test('zip reader: 300 mutated DOCX archives are read or refused as ExtractionError, never a crash or a hang', async () => {
    const r = rng(7);
    const seed = new Uint8Array(readFileSync(join(import.meta.dir, '../../../shared/fixtures/docs/regulation.docx')));
    const unexpected: string[] = [];
    let refused = 0;
    // The time bound is the parser's on a mutated archive, not a parse worker's first start (a process spawned and its
    // modules loaded): on two busy cores that alone took over 5 s, so the worker is started on the seed first.
    await warmWorker(() => checkDocxArchive(writeSeed('seed.docx', seed)));
    for (let i = 0; i < 300; i++) {
      const path = join(work, `fuzz-${i}.docx`);
      // mutations aimed at the end of the file, where the central directory lives, half of the time
      const input = r() < 0.5 ? mutate(seed, r) : Uint8Array.from([...seed.slice(0, seed.length - 2048), ...mutate(seed.slice(seed.length - 2048), r)]);
      writeFileSync(path, input);
      try {
        await within(checkDocxArchive(path), 5_000);
      } catch (e) {
        refused++;
        if (!(e instanceof ExtractionError)) unexpected.push(`#${i}: ${(e as Error).name}: ${(e as Error).message}`);
      }
      rmSync(path, { force: true });
    }
    expect(unexpected).toEqual([]);
    expect(refused).toBeGreaterThan(10);
  }, 120_000);

  test('PDF stream guard: 300 mutated PDFs with Flate streams are passed or refused as too_large, never a crash or a hang', async () => {
    const r = rng(19);
    const seeds = [
      new Uint8Array(readFileSync(join(import.meta.dir, '../../../shared/fixtures/docs/regulation-noto.pdf'))),
      await flateBombPdf(32 * 1024 * 1024),
    ];
    const limits = { maxInflatedEntryBytes: 16 * 1024 * 1024, maxInflatedTotalBytes: 64 * 1024 * 1024 };
    const unexpected: string[] = [];
    const outcomes = { passed: 0, refused: 0 };
    for (let i = 0; i < 300; i++) {
      const input = mutate(seeds[i % 2], r);
      const started = performance.now();
      try {
        checkPdfStreams(input, limits);
        outcomes.passed++;
      } catch (e) {
        outcomes.refused++;
        if (!(e instanceof ExtractionError && e.code === 'too_large')) unexpected.push(`#${i}: ${(e as Error).name}: ${(e as Error).message}`);
      }
      if (performance.now() - started > 2000) unexpected.push(`#${i}: took ${Math.round(performance.now() - started)} ms`);
    }
    expect(unexpected).toEqual([]);
    expect(outcomes.passed).toBeGreaterThan(10);
    expect(outcomes.refused).toBeGreaterThan(10);
  }, 120_000);

  test('parse worker: 40 mutated PDFs are read or refused as ExtractionError within the attachment time limit', async () => {
    const r = rng(1123);
    const seed = new Uint8Array(readFileSync(join(import.meta.dir, '../../../shared/fixtures/docs/regulation-noto.pdf')));
    const limits = { ...DEFAULT_ATTACHMENT_LIMITS, timeoutMs: 5_000 };
    const unexpected: string[] = [];
    let refused = 0;
    // (the seed's own deadline is the warm-up's: a worker's first start is not what the limit bounds)
    await warmWorker(() => extractDocument(writeSeed('seed.pdf', seed), { kind: 'pdf', ocr: 'off', limits: { ...limits, timeoutMs: 60_000 } }));
    for (let i = 0; i < 40; i++) {
      const path = join(work, `fuzz-${i}.pdf`);
      writeFileSync(path, mutate(seed, r));
      try {
        await within(extractDocument(path, { kind: 'pdf', ocr: 'off', limits }), 7_000);
      } catch (e) {
        refused++;
        if (!(e instanceof ExtractionError)) unexpected.push(`#${i}: ${(e as Error).name}: ${(e as Error).message}`);
      }
      rmSync(path, { force: true });
    }
    expect(unexpected).toEqual([]);
    expect(refused).toBeGreaterThan(0);
  }, 300_000);
});
