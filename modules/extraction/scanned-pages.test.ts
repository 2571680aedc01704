// A scanned page inside an otherwise typed PDF (the signed announcement, a table, an appendix scanned onto the
// last page): auto mode OCRs that page although the document's layer is good; a blank page or a page holding
// only a small logo is not OCR'd. OCR is told apart by its progress events, never by timing.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { extractDocument, shutdownOcr, type ExtractProgress } from './index.ts';
import { imageCover, MIN_IMAGE_COVER } from './page-images.ts';
import type { Bitmap } from './test-ccitt.ts';
import { readText, tempFile } from './test-fixtures.ts';
import { at, buildScanPdf, ccittImage, fixtureStrip, STRIP_TEXT_LINES, type PdfPageSpec } from './test-scans.ts';

const OCR_TIMEOUT = 240_000;
// Without OCR a file is read in a parse worker: quick, but the shared machine may be busy (a blank page
// OCR'd by mistake then fails on the assertion, not on time).
const WORKER_TIMEOUT = 120_000;
const A4 = { width: 595.28, height: 841.89 };
// Three typed pages of a Thai regulation, two clauses each (the fixture's clauses after the preamble, which is
// what the scanned strip holds): well over 80 characters a page, and a Thai layer, so no Latin-layer probe runs.
let clauses: string[];
const typed = (): PdfPageSpec[] => [0, 2, 4].map((i) => ({ ...A4, text: `${clauses[i]}\n${clauses[i + 1]}` }));

let strip: Bitmap;
beforeAll(async () => {
  strip = await fixtureStrip();
  clauses = (await readText('regulation.txt'))
    .split('\n')
    .slice(STRIP_TEXT_LINES)
    .filter((l) => l.trim());
});
afterAll(async () => {
  await shutdownOcr();
});

/** The fixture strip at the top of an A4 sheet scanned whole at 300 dpi (white below it, as a scanner saves a page). */
function scannedSheet(): PdfPageSpec {
  const sheet: Bitmap = { width: strip.width, height: Math.round((A4.height / 72) * 300), black: new Uint8Array(0) };
  sheet.black = new Uint8Array(sheet.width * sheet.height);
  sheet.black.set(strip.black);
  return { ...A4, images: [at(ccittImage(sheet, -1), 300, A4.height)] };
}

/** A 200 px square emblem (a ring), drawn at 300 dpi: 48 pt wide, well under a percent of the page. */
function logo(): Bitmap {
  const size = 200;
  const black = new Uint8Array(size * size);
  for (let y = 0; y < size; y++)
    for (let x = 0; x < size; x++) {
      const r = Math.hypot(x - size / 2, y - size / 2);
      black[y * size + x] = r > 70 && r < 95 ? 1 : 0;
    }
  return { width: size, height: size, black };
}

async function extract(pages: PdfPageSpec[], ocr: 'auto' | 'off' = 'auto') {
  const events: ExtractProgress[] = [];
  const r = await extractDocument(tempFile('mixed.pdf', buildScanPdf(pages)), { ocr, onProgress: (p) => events.push(p) });
  return { r, ocrEvents: events.filter((e) => e.phase === 'ocr') };
}

describe('a scanned page in a typed PDF', () => {
  test(
    "the scanned last page is OCR'd in auto mode, the typed pages keep their layer",
    async () => {
      const { r, ocrEvents } = await extract([...typed(), scannedSheet()]);
      expect(ocrEvents.at(-1)).toEqual({ phase: 'ocr', done: 1, total: 1 }); // that page only
      expect(r.method).toBe('pdf-text+ocr');
      expect(r.usedOcr).toBe(true);
      expect(r.pages[0].text).toContain('ข้อ ๑');
      expect(r.pages[3].text).toContain('ความรับผิดชอบต่อสังคม'); // the preamble: on the scan only
      expect(r.pages[3].text).toContain('ว่าด้วยการจัดกิจกรรมขององค์กรนักศึกษา');
      expect(r.ocrWords?.map((w) => w.page)).toEqual([4]); // the viewer's word boxes
      expect(r.ocrWords?.[0].words.length).toBeGreaterThan(5);
      const typedLength = r.pages.slice(0, 3).reduce((n, p) => n + p.text.length + 2, 0);
      expect(r.checkSpans.every((s) => s.start >= typedLength)).toBe(true); // only OCR output is marked for review
    },
    OCR_TIMEOUT,
  );

  test(
    'with OCR off (chat attachments) the layer is kept and the pages are not looked at for scans',
    async () => {
      const { r, ocrEvents } = await extract([...typed(), scannedSheet()], 'off');
      expect(ocrEvents).toEqual([]);
      expect(r.method).toBe('pdf-text');
      expect(r.quality.suggestOcr).toBe(false);
    },
    WORKER_TIMEOUT,
  );

  test(
    "a blank page in a typed PDF is not OCR'd",
    async () => {
      const { r, ocrEvents } = await extract([...typed(), { ...A4 }]);
      expect(ocrEvents).toEqual([]);
      expect(r.method).toBe('pdf-text');
      expect(r.usedOcr).toBe(false);
      expect(r.quality.suggestOcr).toBe(false);
    },
    WORKER_TIMEOUT,
  );

  test(
    "a page holding only a small logo and a page number is not OCR'd",
    async () => {
      const emblem = { image: ccittImage(logo(), -1), matrix: [48, 0, 0, 48, (A4.width - 48) / 2, A4.height - 90] };
      const { r, ocrEvents } = await extract([...typed(), { ...A4, text: '- 4 -', images: [emblem] }]);
      expect(ocrEvents).toEqual([]);
      expect(r.method).toBe('pdf-text');
      expect(r.pages[3].text).toBe('- 4 -');
      expect(r.quality.suggestOcr).toBe(false);
    },
    WORKER_TIMEOUT,
  );
});

describe('imageCover', () => {
  const OPS = { save: 10, restore: 11, transform: 12, paintFormXObjectBegin: 74, paintFormXObjectEnd: 75, paintImageXObject: 85, paintImageMaskXObject: 83 };
  const box = [0, 0, 600, 800] as const;
  const cover = (fnArray: number[], argsArray: unknown[]) => imageCover({ fnArray, argsArray }, OPS, box);

  test('a whole-page scan covers the page; a logo or a signature does not', () => {
    expect(cover([10, 12, 85, 11], [[], [600, 0, 0, 800, 0, 0], ['img', 2500, 3300], []])).toBeCloseTo(1);
    expect(cover([10, 12, 85, 11], [[], [48, 0, 0, 48, 276, 700], ['img', 200, 200], []])).toBeLessThan(0.01);
    expect(cover([10, 12, 83, 11], [[], [150, 0, 0, 60, 400, 100], [{}], []])).toBeLessThan(MIN_IMAGE_COVER);
    expect(cover([], [])).toBe(0);
  });

  test('follows q/Q, form matrices and rotation, and clips to the page', () => {
    // A scan drawn inside a form scaled by half: a quarter of the page.
    expect(cover([10, 74, 12, 85, 75, 11], [[], [[0.5, 0, 0, 0.5, 0, 0], null], [600, 0, 0, 800, 0, 0], ['img', 1, 1], [], []])).toBeCloseTo(0.25);
    // Stored sideways (turned a quarter): the same area.
    expect(
      cover(
        [12, 85],
        [
          [0, 600, -800, 0, 800, 0],
          ['img', 1, 1],
        ],
      ),
    ).toBeCloseTo(0.75);
    // Twice the page, mostly off it: only the visible part counts.
    expect(
      cover(
        [12, 85],
        [
          [1200, 0, 0, 1600, 300, 400],
          ['img', 1, 1],
        ],
      ),
    ).toBeCloseTo(0.25);
    // A restore brings back the transform before the save.
    expect(cover([10, 12, 11, 85], [[], [0.1, 0, 0, 0.1, 0, 0], [], ['img', 1, 1]])).toBeCloseTo(1 / 480000, 6);
  });
});
