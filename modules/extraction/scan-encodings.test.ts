// Scans as office scanners save them: 1-bit CCITT G4/G3 and JBIG2, inverted bits with a Decode array,
// pages turned by /Rotate, several images on a page, text pages mixed with scans, very large pages.
// The test-made pages hold a strip of the fixture scan (its first lines) so each OCR is short.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { extractDocument, shutdownOcr } from './index.ts';
import { characterErrorRate, digitAccuracy } from './cer.ts';
import { largestImageDpi, MAX_PAGE_PIXELS, openRenderDocument, renderDpi, renderPageGrey, renderScale } from './page-render.ts';
import type { Bitmap } from './test-ccitt.ts';
import { doc, readText, tempFile } from './test-fixtures.ts';
import { at, buildScanPdf, ccittImage, fixtureStrip, jbig2Image, rows, STRIP_TEXT_LINES, whiteRowNear, type PdfImage, type PdfPageSpec } from './test-scans.ts';

const OCR_TIMEOUT = 240_000;
const A4 = { width: 595.28, height: 841.89 };
let strip: Bitmap;
let stripTruth: string;

beforeAll(async () => {
  strip = await fixtureStrip();
  stripTruth = (await readText('regulation.txt')).split('\n').slice(0, STRIP_TEXT_LINES).join('\n');
});
afterAll(async () => {
  await shutdownOcr();
});

const pt = (px: number) => (px * 72) / 300;
/** A page just tall enough for the strip, the strip at 300 dpi at its top. */
const stripPage = (image: PdfImage, extra: Partial<PdfPageSpec> = {}): PdfPageSpec => ({
  width: A4.width,
  height: pt(strip.height),
  images: [at(image, 300, pt(strip.height))],
  ...extra,
});

async function readStrip(pages: PdfPageSpec[]) {
  const r = await extractDocument(tempFile('scan.pdf', buildScanPdf(pages)));
  return { ...r, cer: characterErrorRate(r.pages.at(-1)!.text, stripTruth) };
}

describe('bi-level scans', () => {
  test(
    'regulation-scan-g4.pdf (CCITT G4, 300 dpi) reads as well as the clean scan: CER ≤ 2%, digits ≥ 98%',
    async () => {
      const r = await extractDocument(doc('regulation-scan-g4.pdf'));
      const truth = await readText('regulation.txt');
      const cer = characterErrorRate(r.text, truth);
      const digits = digitAccuracy(r.text, truth);
      console.log(`regulation-scan-g4.pdf OCR CER ${(cer * 100).toFixed(2)}%, digits ${digits.correct}/${digits.total}`);
      expect(r.method).toBe('ocr');
      expect(cer).toBeLessThanOrEqual(0.02);
      // tesseract alone: 82/111; with the Sarabun digit recheck: 96/111; with whole numbers re-read
      // (digit-runs.ts): 111/111. Two digits of margin for tesseract builds that differ (SIMD or not).
      expect(digits.rate).toBeGreaterThanOrEqual(0.98);
    },
    OCR_TIMEOUT,
  );

  const encodings: Array<[string, () => PdfImage]> = [
    ['CCITT G4 (K -1)', () => ccittImage(strip, -1)],
    ['CCITT G3 1-D (K 0, EOLs)', () => ccittImage(strip, 0)],
    ['CCITT G4, BlackIs1 with an inverting Decode array', () => ccittImage(strip, -1, { invert: true })],
    ['JBIG2 generic region (MMR)', () => jbig2Image(strip)],
  ];
  for (const [name, image] of encodings) {
    test(
      `${name} page reads`,
      async () => {
        const r = await readStrip([stripPage(image())]);
        // The title's year, พ.ศ. ๒๕๖๗: read ๒๕๒๗ before whole numbers were re-read from the image (digit-runs.ts).
        const digits = digitAccuracy(r.pages.at(-1)!.text, stripTruth);
        console.log(`${name}: CER ${(r.cer * 100).toFixed(2)}%, digits ${digits.correct}/${digits.total}`);
        expect(r.method).toBe('ocr');
        expect(r.text).toContain('ว่าด้วยการจัดกิจกรรมขององค์กรนักศึกษา');
        expect(r.cer).toBeLessThanOrEqual(0.05);
        expect(digits).toMatchObject({ correct: 4, total: 4 });
      },
      OCR_TIMEOUT,
    );
  }
});

describe('page geometry', () => {
  test(
    'a scan stored sideways with /Rotate 90 reads upright',
    async () => {
      const image = ccittImage(strip, -1);
      const [w, h] = [pt(strip.width), pt(strip.height)];
      // The image runs up the page (turned a quarter left); /Rotate 90 turns the page back for display.
      const r = await readStrip([{ width: h, height: w, rotate: 90, images: [{ image, matrix: [0, w, -h, 0, h, 0] }] }]);
      expect(r.text).toContain('ว่าด้วยการจัดกิจกรรมขององค์กรนักศึกษา');
      expect(r.cer).toBeLessThanOrEqual(0.05);
    },
    OCR_TIMEOUT,
  );

  test(
    'a scan stored sideways with no /Rotate: the orientation is found and the page reads',
    async () => {
      const image = ccittImage(strip, -1);
      const [w, h] = [pt(strip.width), pt(strip.height)];
      const r = await readStrip([{ width: h, height: w, images: [{ image, matrix: [0, w, -h, 0, h, 0] }] }]);
      expect(r.text).toContain('ว่าด้วยการจัดกิจกรรมขององค์กรนักศึกษา');
      expect(r.cer).toBeLessThanOrEqual(0.05);
    },
    OCR_TIMEOUT,
  );

  test(
    'a scan stored sideways the other way (running down the page, no /Rotate): the turn that reads best is kept',
    async () => {
      // A quarter turn read the wrong way reads as confident noise (real_fresh_f's KMITL letter: ~65 % over thousands of
      // characters), so the first turn that reads at all is not the one kept: the one that reads best is.
      const image = ccittImage(strip, -1);
      const [w, h] = [pt(strip.width), pt(strip.height)];
      const r = await readStrip([{ width: h, height: w, images: [{ image, matrix: [0, -w, h, 0, 0, w] }] }]);
      expect(r.text).toContain('ว่าด้วยการจัดกิจกรรมขององค์กรนักศึกษา');
      expect(r.cer).toBeLessThanOrEqual(0.05);
    },
    OCR_TIMEOUT,
  );

  test(
    'a page made of two images reads both',
    async () => {
      const cut = whiteRowNear(strip, Math.round(strip.height / 2));
      const top = ccittImage(rows(strip, 0, cut), -1);
      const bottom = ccittImage(rows(strip, cut, strip.height), 0);
      const height = pt(strip.height);
      const r = await readStrip([{ width: A4.width, height, images: [at(top, 300, height), at(bottom, 300, height, pt(cut))] }]);
      expect(r.text).toContain('ข้อบังคับมหาวิทยาลัยราชภัฏสวนสัก'); // top image
      expect(r.text).toContain('ความรับผิดชอบต่อสังคม'); // bottom image
      expect(r.cer).toBeLessThanOrEqual(0.05);
    },
    OCR_TIMEOUT,
  );

  test(
    'a text page followed by a scanned page: the text layer is kept and the scan is OCRed',
    async () => {
      const line = 'Student activity budget regulation approved by the university council in 2024, effective next term.';
      const r = await readStrip([{ ...A4, text: line }, stripPage(ccittImage(strip, -1))]);
      expect(r.method).toBe('pdf-text+ocr');
      expect(r.pages[0].text).toBe(line);
      expect(r.pages[1].text).toContain('ว่าด้วยการจัดกิจกรรมขององค์กรนักศึกษา');
      expect(r.checkSpans.every((s) => s.start > line.length)).toBe(true); // only OCR output is marked for review
    },
    OCR_TIMEOUT,
  );

  test('a 500 dpi A4 scan is rendered at 300 dpi within the pixel budget', async () => {
    const big: Bitmap = { width: 4135, height: 5789, black: new Uint8Array(4135 * 5789) };
    for (let y = 0; y < strip.height; y++) big.black.set(strip.black.subarray(y * strip.width, (y + 1) * strip.width), (y + 400) * big.width + 300);
    const pdf = await openRenderDocument(buildScanPdf([{ ...A4, images: [at(ccittImage(big, -1), 500, A4.height)] }]));
    const page = await renderPageGrey(pdf, 1);
    await pdf.loadingTask.destroy();
    expect(Math.round(page.dpi)).toBe(300);
    expect(page.width * page.height).toBeLessThanOrEqual(MAX_PAGE_PIXELS);
    const pixels = page.pgm.subarray(page.pgm.length - page.width * page.height);
    expect(pixels.some((v) => v < 128)).toBe(true); // the text is there, not a blank page
  });

  test('render resolution: native for 200–400 dpi scans, 300 otherwise; large sheets scaled to the budget', () => {
    expect(renderDpi(204)).toBe(204);
    expect(renderDpi(300)).toBe(300);
    expect(renderDpi(500)).toBe(300);
    expect(renderDpi(100)).toBe(300);
    expect(renderDpi(null)).toBe(300);
    expect(renderScale(A4.width, A4.height)).toBeCloseTo(300 / 72);
    const a2 = renderScale(1190.55, 1683.78); // A2 at 300 dpi would be 27 Mpx
    expect(1190.55 * a2 * 1683.78 * a2).toBeLessThanOrEqual(MAX_PAGE_PIXELS + 1);
    const OPS = { save: 10, restore: 11, transform: 12, paintFormXObjectBegin: 74, paintFormXObjectEnd: 75, paintImageXObject: 85 };
    // An image 2481 px wide drawn 595.44 pt wide inside a form with a 0.5 scale: 600 dpi.
    const ops = { fnArray: [10, 74, 12, 85, 75, 11], argsArray: [[], [[0.5, 0, 0, 0.5, 0, 0]], [595.44, 0, 0, 841.92, 0, 0], ['img', 2481, 3508], [], []] };
    expect(largestImageDpi(ops, OPS)).toBeCloseTo(600, 0);
    expect(largestImageDpi({ fnArray: [], argsArray: [] }, OPS)).toBeNull();
  });
});
