// The tesseract command as OCR engine (OCR_ENGINE): chosen where installed, else tesseract.js; its pages have the
// shape the re-reads and the viewer read; a child that outlives its deadline, its caller or the pool is killed.
// The tests that run the real command are skipped where it is not installed (.ci/run installs it when it can).
import { afterAll, beforeAll, afterEach, describe, expect, test } from 'bun:test';
import { setOcrCacheDir } from './ocr-cache.ts';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { characterErrorRate } from './cer.ts';
import { ExtractionError } from './errors.ts';
import { extractDocument, shutdownParseWorkers } from './index.ts';
import { chooseOcrEngine, ocrEngine, resetOcrEngine } from './ocr-engine.ts';
import { findTesseract, nativeOcrLimits } from './ocr-native.ts';
import { recognizePage, shutdownOcr } from './ocr-pool.ts';
import { ocrWordBoxes } from './page-words.ts';
import { openPageRenderer } from './page-renderer.ts';
import { doc, readText } from './test-fixtures.ts';
import { tinyTextPng } from './test-fixtures.ts';
import { loadConfig } from '../../src/config.ts';

const installed = !('missing' in findTesseract());
const work = mkdtempSync(join(tmpdir(), 'ocr-native-'));
const OCR_TIMEOUT = 240_000;
afterEach(() => {
  nativeOcrLimits.timeoutMs = 300_000;
});
// These tests OCR for real (the engine, its timing and its aborts), never from the test runner's store of readings.
beforeAll(() => setOcrCacheDir(null));
afterAll(async () => {
  setOcrCacheDir(undefined);
  resetOcrEngine();
  await shutdownOcr();
  rmSync(work, { recursive: true, force: true });
});

const tinyPng = () => tinyTextPng(160);

/** A `tesseract` that answers --version, then, asked to read, writes its pid and sleeps (a hung child). */
function hangingTesseract(): { dir: string; pidFile: string } {
  const dir = mkdtempSync(join(work, 'bin-'));
  const pidFile = join(dir, 'pid');
  writeFileSync(join(dir, 'tesseract'), `#!/bin/sh\n[ "$1" = --version ] && { echo "tesseract 5.3.0"; exit 0; }\necho $$ > ${pidFile}\nexec sleep 60\n`);
  chmodSync(join(dir, 'tesseract'), 0o755);
  return { dir, pidFile };
}
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};
// A killed child is gone once the kernel has reaped it, which on a loaded machine can trail the page's rejection by
// a few milliseconds (CI saw it alive once, with another job on the cores): polled up to two seconds, far below the
// fake's 60-second sleep, so a child that is never killed still fails.
async function gone(pid: number): Promise<boolean> {
  for (const until = Date.now() + 2000; Date.now() < until; await Bun.sleep(20)) if (!alive(pid)) return true;
  return !alive(pid);
}
const pidOf = async (file: string) => {
  for (let i = 0; i < 200 && !existsSync(file); i++) await Bun.sleep(25);
  return Number(readFileSync(file, 'utf8'));
};

describe('choosing the OCR engine (OCR_ENGINE)', () => {
  test('auto without the tesseract command on PATH: tesseract.js, said in one line; pages are still read', async () => {
    const choice = chooseOcrEngine('auto', join(work, 'no-such-dir'));
    expect(choice.engine).toBe('wasm');
    expect(choice.note).toContain('tesseract.js, since the tesseract command is not on PATH');
    expect(ocrEngine().engine).toBe('wasm');
    const page = await recognizePage(tinyPng(), 300);
    expect(page.text).toContain('ABC');
  }, 60_000);

  test('unset, tesseract.js reads the scans even where the command is installed (answers were measured worse on its text)', () => {
    expect(loadConfig({}).ocrEngine).toBe('wasm');
    const saved = process.env.OCR_ENGINE;
    delete process.env.OCR_ENGINE;
    try {
      resetOcrEngine();
      expect(ocrEngine().engine).toBe('wasm');
    } finally {
      if (saved !== undefined) process.env.OCR_ENGINE = saved;
      resetOcrEngine();
    }
  });

  test('native without the command stops (the operator asked for it); wasm never looks for it', () => {
    expect(() => chooseOcrEngine('native', join(work, 'no-such-dir'))).toThrow('OCR_ENGINE=native, but the tesseract command is not on PATH');
    expect(chooseOcrEngine('wasm', join(work, 'no-such-dir')).engine).toBe('wasm');
  });

  test.skipIf(!installed)('auto with the command installed: the command', () => {
    const choice = chooseOcrEngine('auto');
    expect(choice.engine).toBe('native');
    expect(choice.note).toMatch(/^OCR engine: the tesseract command \(.*tesseract, tesseract [45]\./);
  });
});

describe('a tesseract child that does not finish is killed', () => {
  test('past its deadline: the page fails, the child is gone', async () => {
    const fake = hangingTesseract();
    expect(chooseOcrEngine('native', fake.dir).engine).toBe('native');
    nativeOcrLimits.timeoutMs = 300;
    const err = await recognizePage(tinyPng(), 300).catch((e) => e);
    expect(err).toBeInstanceOf(ExtractionError);
    expect((err as ExtractionError).code).toBe('ocr_failed');
    expect((err as Error).message).toContain('tesseract killed');
    expect(await gone(await pidOf(fake.pidFile))).toBe(true);
  }, 30_000);

  test('its upload cancelled: aborted, the child is gone', async () => {
    const fake = hangingTesseract();
    chooseOcrEngine('native', fake.dir);
    const cancel = new AbortController();
    const job = recognizePage(tinyPng(), 300, cancel.signal).catch((e) => e);
    const pid = await pidOf(fake.pidFile);
    expect(alive(pid)).toBe(true);
    cancel.abort();
    const err = await job;
    expect((err as ExtractionError).code).toBe('aborted');
    expect(await gone(pid)).toBe(true);
  }, 30_000);

  test('the pool shut down: refused, the child is gone', async () => {
    const fake = hangingTesseract();
    chooseOcrEngine('native', fake.dir);
    const job = recognizePage(tinyPng(), 300).catch((e) => e);
    const pid = await pidOf(fake.pidFile);
    await shutdownOcr();
    expect(((await job) as ExtractionError).code).toBe('ocr_failed');
    expect(await gone(pid)).toBe(true);
  }, 30_000);
});

describe.skipIf(!installed)('pages read by the tesseract command', () => {
  test(
    'a scanned page: the boxes the digit and letter re-reads and the viewer read, as tesseract.js gives them',
    async () => {
      const renderer = await openPageRenderer(doc('regulation-scan-degraded200.pdf'));
      const image = await renderer.render(1);
      renderer.close();
      shutdownParseWorkers();
      chooseOcrEngine('wasm');
      const wasm = await recognizePage(image.pgm, image.dpi);
      chooseOcrEngine('native');
      const native = await recognizePage(image.pgm, image.dpi);
      const linesOf = (p: typeof wasm) => p.blocks!.flatMap((b) => b.paragraphs.flatMap((para) => para.lines));
      const [a, b] = [linesOf(wasm), linesOf(native)];
      expect(b.length).toBeGreaterThan(20);
      expect(Math.abs(a.length - b.length)).toBeLessThanOrEqual(2);
      for (const line of b) {
        // each line's text holds its words in order (the re-reads find words in the line text)
        expect(line.text.replace(/\s+/g, '')).toBe(line.words.map((w) => w.text.trim()).join(''));
        expect(line.baseline.x1).toBeGreaterThan(line.baseline.x0);
        expect(line.rowAttributes.rowHeight).toBeGreaterThan(0);
        expect(line.bbox.x1).toBeGreaterThan(line.bbox.x0);
      }
      // the same lines where tesseract.js finds them
      const near = b.filter((l) => a.some((m) => Math.abs(m.bbox.y0 - l.bbox.y0) <= 3 && Math.abs(m.bbox.x0 - l.bbox.x0) <= 3));
      expect(near.length).toBeGreaterThanOrEqual(b.length - 2);
      expect(native.confidence).toBeGreaterThan(80);
      const boxes = ocrWordBoxes(native, image.width, image.height);
      expect(boxes.length).toBeGreaterThan(0.9 * ocrWordBoxes(wasm, image.width, image.height).length);
    },
    OCR_TIMEOUT,
  );

  // The fixture scans' CER through the whole product path (re-reads included) with tesseract.js on this machine
  // (OCR_ENGINE=wasm bun scripts/bench/ocr-accuracy.ts): clean 300 dpi 0.63 %, degraded 200 dpi 2.31 %, CCITT G4
  // 0.69 %; the command reads them as well (0.69, 2.31, 0.69 %), within a quarter point (a glyph or two).
  for (const [file, wasmCer] of [
    ['regulation-scan-clean300.pdf', 0.0063],
    ['regulation-scan-degraded200.pdf', 0.0231],
    ['regulation-scan-g4.pdf', 0.0069],
  ] as const)
    test(
      `${file}: CER no worse than tesseract.js's`,
      async () => {
        chooseOcrEngine('native');
        const r = await extractDocument(doc(file));
        const cer = characterErrorRate(r.text, await readText('regulation.txt'));
        console.log(`${file} native OCR CER ${(cer * 100).toFixed(2)}%`);
        expect(r.method).toBe('ocr');
        expect(cer).toBeLessThanOrEqual(wasmCer + 0.0025);
      },
      OCR_TIMEOUT,
    );
});
