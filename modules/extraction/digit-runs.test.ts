import { describe, expect, test } from 'bun:test';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createCanvas, GlobalFonts } from '@napi-rs/canvas';
import type { Page } from 'tesseract.js';
import { components } from './ink-components.ts';
import { otsu, UNCLEAR } from './digit-image.ts';
import { merge, pointsPutBack, rereadDigitRuns } from './digit-runs.ts';

const require = createRequire(import.meta.url);
GlobalFonts.registerFromPath(join(dirname(require.resolve('@fontsource/sarabun/package.json')), 'files', 'sarabun-thai-400-normal.woff2'), 'SarabunRuns');

type Word = { text: string; bbox: { x0: number; x1: number; y0: number; y1: number }; symbols: never[]; confidence: number };

/**
 * A line drawn at ~300 dpi size as `pieces` (text drawn together, `gap` px apart), and a tesseract-shaped
 * page whose words say `read`, each word boxed over the piece at the same index (words past the pieces
 * get an empty box). `ink` is the grey of the text (0 black).
 */
function scannedLine(
  pieces: string[],
  read: string[],
  opts: { ink?: number; spacing?: number; gap?: number; below?: string; size?: number; bold?: number } = {},
) {
  const [width, height, size] = [900, opts.below ? 160 : 120, opts.size ?? 44];
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, width, height);
  const ink = opts.ink ?? 0;
  ctx.fillStyle = `rgb(${ink},${ink},${ink})`;
  ctx.font = `${size}px SarabunRuns`;
  let x = 40;
  const boxes = pieces.map((p) => {
    let x0 = x;
    for (const ch of p) {
      ctx.fillText(ch, x, 80);
      // a heavier print: the glyph's outline drawn over it `bold` px wide
      if (opts.bold) {
        ctx.strokeStyle = ctx.fillStyle;
        ctx.lineWidth = opts.bold;
        ctx.strokeText(ch, x, 80);
      }
      x += ctx.measureText(ch).width + (opts.spacing ?? 0);
    }
    const box = { x0: Math.round(x0 + 2), x1: Math.round(x - 2), y0: 48, y1: 82 };
    x0 = x;
    x += opts.gap ?? 14;
    return box;
  });
  // The next line of a skewed scan, starting just right of this one's end and one line lower.
  if (opts.below) ctx.fillText(opts.below, x - (opts.gap ?? 14) + 6, 124);
  const rgba = ctx.getImageData(0, 0, width, height).data;
  const pixels = new Uint8Array(width * height);
  for (let i = 0; i < pixels.length; i++) pixels[i] = rgba[i * 4];
  const words: Word[] = read.map((text, i) => ({ text, bbox: boxes[i] ?? { x0: 0, x1: 0, y0: 0, y1: 0 }, symbols: [], confidence: 95 }));
  // tesseract's line box is tight: it cuts the tops of tall digits.
  const line = { text: read.join(''), words, bbox: { x0: 0, y0: 50, x1: width - 1, y1: 90 }, confidence: 95 };
  const page = { blocks: [{ paragraphs: [{ lines: [line] }] }] } as unknown as Page;
  return { page, line, image: { width, height, pixels } };
}

/**
 * A light office scan as a grey JPEG shows it: paper a little off white, and ink speckled with every grey from black to
 * nearly the paper's (the digits of real_fresh_c's announcements run 40–215). Deterministic (seeded).
 */
function mottled(image: { pixels: Uint8Array }, seed: number): void {
  const rand = () => (seed = (seed * 1664525 + 1013904223) % 4294967296) / 4294967296;
  for (let i = 0; i < image.pixels.length; i++) image.pixels[i] = image.pixels[i]! >= 200 ? 235 + Math.floor(rand() * 20) : 40 + Math.floor(rand() * 175);
}

describe('numbers re-read from the image as a whole', () => {
  test('a digit tesseract dropped is read back: one box over ๖๗ read as ๒ gives ๒๕๖๗', () => {
    const { page, line, image } = scannedLine(['ก', '๒', '๕', '๖๗'], ['ก', '๒', '๕', '๒']);
    expect(rereadDigitRuns(page, image)).toBe(1);
    expect(line.text).toBe('ก๒๕๖๗');
    expect(line.words.map((w) => w.text)).toEqual(['ก', '๒๕๖๗', '', '']);
  });

  test("a clear digit just beyond tesseract's last box joins the number (๒๕๖ read, ๒๕๖๗ printed)", () => {
    const { page, line, image } = scannedLine(['๒', '๕', '๖๗'], ['๒', '๕', '๖']);
    const last = line.words[2];
    last.bbox = { ...last.bbox, x1: last.bbox.x0 + 12 }; // the box covers ๖ only
    expect(rereadDigitRuns(page, image)).toBe(1);
    expect(line.text).toBe('๒๕๖๗');
  });

  test('digits that touch in the scan are cut apart (a component as wide as two digits)', () => {
    // 2 px closer than the font's spacing: ๕ and ๖ touch and make one ink component
    const { page, line, image } = scannedLine(['๒', '๕๖๗'], ['๒', '๕๓'], { spacing: -2 });
    const merged = components(image, { x0: 0, y0: 0, x1: image.width - 1, y1: image.height - 1 });
    expect(merged.some((c) => c.x1 - c.x0 > 1.6 * c.height)).toBe(true);
    expect(rereadDigitRuns(page, image)).toBe(1);
    expect(line.text).toBe('๒๕๖๗');
  });

  test("separators and brackets stay as tesseract read them; each group takes the image's digits", () => {
    const { page, line, image } = scannedLine(['๓', '/', '๒๕๖๗'], ['๓', '/', '๒๕๒๓']);
    expect(rereadDigitRuns(page, image)).toBe(1);
    expect(line.text).toBe('๓/๒๕๖๗');
  });

  test('a Latin word standing between Thai words is a number when every glyph is clearly a digit: "bees" is ๒๕๕๙', () => {
    const { page, line, image } = scannedLine(['ก', '๒๕๕๙', 'ข'], ['ก', 'bees', 'ข']);
    line.text = 'ก bees ข';
    expect(rereadDigitRuns(page, image)).toBe(1);
    expect(line.text).toBe('ก ๒๕๕๙ ข');
  });

  test('an English word among English words is left alone, and so are real letters', () => {
    const english = scannedLine(['of', 'Student'], ['of', 'Student']);
    english.line.text = 'of Student';
    expect(rereadDigitRuns(english.page, english.image)).toBe(0);
    const letters = scannedLine(['ก', 'abc', 'ข'], ['ก', 'abc', 'ข']);
    letters.line.text = 'ก abc ข';
    expect(rereadDigitRuns(letters.page, letters.image)).toBe(0);
    expect(letters.line.text).toBe('ก abc ข');
  });

  test('Arabic digits between Thai words stay Arabic (ปี 2024, 100 บาท)', () => {
    for (const number of ['2024', '100', '0', '60']) {
      const { page, line, image } = scannedLine(['ก', number, 'ข'], ['ก', number, 'ข']);
      line.text = `ก ${number} ข`;
      expect(rereadDigitRuns(page, image)).toBe(0);
      expect(line.text).toBe(`ก ${number} ข`);
    }
  });

  test('light grey digits are read with a threshold from the image (Otsu), not a fixed 128', () => {
    const { page, line, image } = scannedLine(['๒', '๕๖', '๗'], ['๒', '๕', '๓'], { ink: 150 });
    expect(components(image, { x0: 0, y0: 0, x1: image.width - 1, y1: image.height - 1 })).toEqual([]);
    const t = otsu(image, { x0: 0, y0: 0, x1: image.width - 1, y1: image.height - 1 });
    expect(t).toBeGreaterThan(150);
    expect(t).toBeLessThan(255);
    expect(rereadDigitRuns(page, image)).toBe(1);
    expect(line.text).toBe('๒๕๖๗');
  });

  test("speckled ink is read at a lighter cut than Otsu's where its glyphs fit the digits better (๒๕๖๗ read ๒๕๒๓)", () => {
    // Otsu's cut leaves each stroke's lighter speckles out and the digits fall apart (read right at 5 of these 20 speckle
    // patterns); the lighter cut keeps them whole (19 of 20).
    let right = 0;
    for (let seed = 1; seed <= 20; seed++) {
      const { page, line, image } = scannedLine(['๒๕๖๗'], ['๒๕๒๓']);
      mottled(image, seed);
      rereadDigitRuns(page, image);
      if (line.text === '๒๕๖๗') right++;
    }
    expect(right).toBeGreaterThanOrEqual(18);
  });

  test('๔ and ๕ too close to call by their cells are told apart by their loops (๕ has two)', () => {
    const whole = (image: { width: number; height: number }) => ({ x0: 0, y0: 0, x1: image.width - 1, y1: image.height - 1 });
    for (const size of [36, 44, 52]) {
      const { image } = scannedLine(['๔๕'], ['๔๕'], { size });
      expect(components(image, whole(image)).map((c) => c.holes)).toEqual([1, 2]);
    }
    // a heavier print of ๒๕๔๔, which tesseract read ๒๔๕๕: by their cells the ๕ and a ๔ are within 0.02 of both
    for (const bold of [1.5, 2]) {
      const { page, line, image } = scannedLine(['๒๕๔๔'], ['๒๔๕๕'], { bold });
      rereadDigitRuns(page, image);
      expect(line.text).toBe('๒๕๔๔');
    }
  });

  test('a point smaller than a speck (200 dpi) is taken where tesseract read it: ๑.๖๐ read ๑.๒๐ gives ๑.๖๐', () => {
    const { page, line, image } = scannedLine(['๑', '.', '๖๐'], ['๑', '.', '๒๐'], { size: 26 });
    expect(rereadDigitRuns(page, image)).toBe(1);
    expect(line.text).toBe('๑.๖๐');
    // the image's digits split as tesseract's groups only when they count the same
    expect(merge(['๑๖๐'], ['๑', '๒๐'])).toEqual(['๑', '๖๐']);
    expect(merge(['๑๖๐'], ['๑', '๒'])).toBeNull();
    expect(merge(['๑๖', '๐'], ['๑', '๒', '๐'])).toEqual(['๑', '๖', '๐']);
  });

  test('points tesseract dropped between digits are put back from the image: ๓.๒.๒ read ๓๒.๒, ๓.๕ read ๓๕', () => {
    for (const size of [44, 26]) {
      const sub = scannedLine(['๓.๒', '.', '๒'], ['๓๒', '.', '๒'], { size });
      expect(rereadDigitRuns(sub.page, sub.image)).toBe(1);
      expect(sub.line.text).toBe('๓.๒.๒');
      const hours = scannedLine(['๓.๕'], ['๓๕'], { size });
      expect(rereadDigitRuns(hours.page, hours.image)).toBe(1);
      expect(hours.line.text).toBe('๓.๕');
    }
  });

  test("a point the image sees does not keep tesseract's other misreads: ๓.๒.๙ read ๓๒.@ gives ๓๒.๙ as before", () => {
    const { page, line, image } = scannedLine(['๓.๒', '.', '๙'], ['๓๒', '.', '@'], { size: 26 });
    expect(rereadDigitRuns(page, image)).toBe(1);
    expect(line.text).toBe('๓๒.๙');
  });

  test('no point is put in where the image shows none, or shows a slash', () => {
    const year = scannedLine(['๒๕๖๗'], ['๒๕๖๗']);
    expect(rereadDigitRuns(year.page, year.image)).toBe(0);
    expect(year.line.text).toBe('๒๕๖๗');
    const dated = scannedLine(['๓/๒๕๖๗'], ['๓๒๕๖๗']);
    rereadDigitRuns(dated.page, dated.image);
    expect(dated.line.text).not.toContain('.');
    // the image's groups take points only when every break is one and the digits count as tesseract's
    expect(pointsPutBack({ pointed: ['๓', '๒', '๒'], points: [true, true] }, '๓๒.๒')).toBe('๓.๒.๒');
    expect(pointsPutBack({ pointed: ['๓', `${UNCLEAR}๕`], points: [true] }, '๓๒๕')).toBe('๓.๒๕');
    expect(pointsPutBack({ pointed: ['๓', '๒๕๖๗'], points: [false] }, '๓๒๕๖๗')).toBeNull();
    expect(pointsPutBack({ pointed: ['๓', '๕'], points: [true] }, '๓๒๕')).toBeNull();
    expect(pointsPutBack({ pointed: ['๓', '๕'], points: [true] }, '(๓๕)')).toBeNull();
    // thousands: an amount whose comma tesseract dropped stays an amount
    expect(pointsPutBack({ pointed: ['๑๕', '๐๐๐'], points: [true] }, '๑๕๐๐๐')).toBeNull();
    const amount = scannedLine(['๑๕,๐๐๐'], ['๑๕๐๐๐'], { size: 26 });
    rereadDigitRuns(amount.page, amount.image);
    expect(amount.line.text).not.toContain('.');
  });

  test("merge: an unclear glyph keeps tesseract's digit at its place; groups that do not line up change nothing", () => {
    expect(merge([`๒๕${UNCLEAR}๗`], ['๒๕๖๓'])).toEqual(['๒๕๖๗']);
    expect(merge([`๒๕${UNCLEAR}๗`], ['๒๕๖'])).toBeNull();
    expect(merge([`${UNCLEAR}`], ['f'])).toBeNull();
    expect(merge(['๓', '๒๕๖๗'], ['๓๒๕๖๗'])).toBeNull();
    expect(merge([], [])).toBeNull();
    // letters beside digits stay letters unless they stand one for one for the digits seen
    expect(merge(['๑๐'], ['๑๐kg'])).toBeNull();
    expect(merge(['๓๐'], ['mo'])).toEqual(['๓๐']);
  });

  test("a number keeps to itself: the next number's digits across a narrow space stay that number's (โทร. ๐ ๕๕๒๑)", () => {
    const { page, line, image } = scannedLine(['๐', '๕๕๒๑'], ['๐', '๕๕๒๑'], { gap: 2 });
    line.text = '๐ ๕๕๒๑';
    rereadDigitRuns(page, image);
    expect(line.text).toBe('๐ ๕๕๒๑');
  });

  test("on a skewed line the next line's digits inside the line box are not this number's (ข้อ ๒๓ read ๑๒๗๓)", () => {
    const { page, line, image } = scannedLine(['ก', '๓'], ['ก', '๓'], { below: '๕๒' });
    // the box of a skewed line spans two rows; the baseline (flat here) says where this one is
    Object.assign(line, {
      bbox: { ...line.bbox, y1: 130 },
      baseline: { x0: 0, y0: 80, x1: 899, y1: 80 },
      rowAttributes: { rowHeight: 50, ascenders: 12, descenders: 8 },
    });
    rereadDigitRuns(page, image);
    expect(line.text).toBe('ก๓');
  });
});
