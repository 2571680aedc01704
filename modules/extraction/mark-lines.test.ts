import { afterAll, describe, expect, test } from 'bun:test';
import type { Page } from 'tesseract.js';
import { holdsText, markStrips, rejoinMarkStrips, type LineReader, type MarkStrip } from './mark-lines.ts';
import { recognizePage, shutdownOcr } from './ocr-pool.ts';
import { asScan, inkOnWhite, registerSarabun } from './test-lines.ts';

afterAll(async () => {
  await shutdownOcr();
});

type Box = { x0: number; y0: number; x1: number; y1: number };
const line = (text: string, bbox: Box, confidence = 90) => ({
  text: `${text}\n`,
  bbox,
  confidence,
  baseline: { x0: bbox.x0, y0: bbox.y1 - 10, x1: bbox.x1, y1: bbox.y1 - 10, has_baseline: true },
  rowAttributes: { ascenders: 10, descenders: 10, rowHeight: bbox.y1 - bbox.y0 },
  words: [{ text, bbox, confidence, symbols: [] }],
});
type TestLine = ReturnType<typeof line>;
const pageOf = (...lines: TestLine[]) => ({ blocks: [{ paragraphs: [{ lines }] }] }) as unknown as Page;
const textLines = (page: Page) => (page.blocks ?? []).flatMap((b) => b.paragraphs.flatMap((p) => p.lines.map((l) => l.text.trim())));

// Text lines 60 px tall, 100 px apart, as on a 350 dpi page of 16 pt type.
const body = (y: number, text = 'ข้อความบรรทัดหนึ่งของประกาศมหาวิทยาลัย') => line(text, { x0: 600, y0: y, x1: 2500, y1: y + 60 });

describe('strips of marks found by their shape', () => {
  const cases: Array<[string, Box, boolean]> = [
    ['a thin strip overlapping the top of the line below', { x0: 1100, y0: 175, x1: 1900, y1: 208 }, true],
    ['a thin strip just above it (a gap of a fifth of a line)', { x0: 1100, y0: 170, x1: 1900, y1: 188 }, true],
    ['a strip far above the line (a gap of half a line)', { x0: 1100, y0: 140, x1: 1900, y1: 170 }, false],
    ['a strip reaching far past the line', { x0: 100, y0: 175, x1: 1900, y1: 208 }, false],
    ['a line as tall as the text lines', { x0: 1100, y0: 150, x1: 1900, y1: 205 }, false],
  ];
  for (const [name, box, found] of cases)
    test(`${name}: ${found ? 'a strip' : 'not one'}`, () => {
      const strip = line('a a ov o', box, 60);
      const below = body(200);
      const strips = markStrips(pageOf(body(0), body(100), strip, below, body(300)));
      expect(strips.length).toBe(found ? 1 : 0);
      if (found) expect(strips[0]).toEqual({ strip, line: below } as unknown as MarkStrip);
    });

  test('a strip is paired with the line below it, not the line above', () => {
    const strip = line('ง ๐ a ง', { x0: 1100, y0: 262, x1: 1900, y1: 290 }, 80);
    const strips = markStrips(pageOf(body(200), strip, body(280)));
    expect(strips.map((s) => s.line.bbox.y0)).toEqual([280]);
  });

  test('the line below may be shorter than a text line: it lost its marks', () => {
    const strip = line('Cy ๕ ฆ <', { x0: 1100, y0: 178, x1: 1700, y1: 203 }, 50);
    const below = line('และปิดระบบการจองรายวิชา วันท์ ๒๓ เมษายน', { x0: 700, y0: 200, x1: 2200, y1: 240 }, 91);
    expect(markStrips(pageOf(body(0), body(100), strip, below, body(300))).map((s) => s.strip)).toEqual([strip] as unknown as MarkStrip['strip'][]);
  });

  test('strips with ten junk characters do not pull the text lines’ height down to theirs', () => {
    const junk = (y: number) => line('ม = ะ ad ฆ/ a (| ม๓ 4่', { x0: 700, y0: y, x1: 1900, y1: y + 40 }, 50);
    const strip = line('oO) os ม ฆ a ๓ ร ov od', { x0: 700, y0: 560, x1: 1900, y1: 601 }, 45);
    const page = pageOf(junk(-100), body(0), junk(80), body(100), junk(180), body(200), junk(280), strip, body(590));
    expect(markStrips(page).map((s) => s.strip.bbox.y0)).toContain(560);
  });

  test('a thin line of text of its own touching the line below is not a strip (its text would be lost)', () => {
    const small = line('F                 ตก (FAILED)', { x0: 1100, y0: 175, x1: 1900, y1: 208 }, 94);
    expect(markStrips(pageOf(body(0), body(100), small, body(200), body(300)))).toEqual([]);
  });

  test('a page of nothing but short lines has no text-line height to judge by', () => {
    expect(markStrips(pageOf(line('ง', { x0: 0, y0: 0, x1: 50, y1: 20 }), line('ก', { x0: 0, y0: 18, x1: 50, y1: 60 })))).toEqual([]);
  });
});

describe('a strip read again with its line', () => {
  const grey = { width: 3000, height: 600, pixels: new Uint8Array(3000 * 600).fill(255) };
  const reading =
    (text: string, confidence: number, lines = 1): LineReader =>
    async () =>
      ({
        blocks: [{ paragraphs: [{ lines: Array.from({ length: lines }, () => line(text, { x0: 10, y0: 5, x1: 1800, y1: 95 }, confidence)) }] }],
      }) as unknown as Page;

  test('the reading replaces the line, in page coordinates, and the strip leaves the page', async () => {
    const strip = line('a a ov o', { x0: 1100, y0: 175, x1: 1900, y1: 208 }, 60);
    const below = line('เปิดระบบการจองรายวิชาวันท ๒ เมษายน', { x0: 700, y0: 200, x1: 2500, y1: 250 }, 93);
    const page = pageOf(body(100), strip, below);
    expect(await rejoinMarkStrips(page, grey, 350, reading('เปิดระบบการจองรายวิชาวันที่ ๒ เมษายน', 93))).toBe(1);
    expect(textLines(page)).toEqual(['ข้อความบรรทัดหนึ่งของประกาศมหาวิทยาลัย', 'เปิดระบบการจองรายวิชาวันที่ ๒ เมษายน']);
    // the crop starts a pad (0.15 of the 60 px text line) left of and above the pair
    expect(below.bbox).toEqual({ x0: 691 + 10, y0: 166 + 5, x1: 691 + 1800, y1: 166 + 95 });
    expect(below.words[0]!.bbox.x0).toBe(701);
  });

  test('a reading the model is less sure of than the line alone is not taken', async () => {
    const strip = line('J', { x0: 1100, y0: 175, x1: 1150, y1: 208 }, 95);
    const below = line('วิขมญูดณ์ (ช่านร ฯ ลแน๊เท)', { x0: 700, y0: 200, x1: 2500, y1: 250 }, 58);
    const page = pageOf(body(100), strip, below);
    expect(await rejoinMarkStrips(page, grey, 350, reading('fr', 32))).toBe(0);
    expect(textLines(page)).toEqual(['ข้อความบรรทัดหนึ่งของประกาศมหาวิทยาลัย', 'J', 'วิขมญูดณ์ (ช่านร ฯ ลแน๊เท)']);
  });

  test('a reading of two lines is not a reading of this line', async () => {
    const strip = line('a a', { x0: 1100, y0: 175, x1: 1900, y1: 208 }, 60);
    const below = line('วันท', { x0: 700, y0: 200, x1: 2500, y1: 250 }, 90);
    const page = pageOf(body(100), strip, below);
    expect(await rejoinMarkStrips(page, grey, 350, reading('วันที่', 95, 2))).toBe(0);
    expect(textLines(page)).toContain('a a');
  });
});

describe('the engine reads the marks back', () => {
  // A printed line whose layout analysis (as on a bold office scan) cut its upper marks off as a strip of their own:
  // the strip's box holds the marks above the consonants, the line's box the consonants, and the line was read without them.
  test('วันที่ and มีนาคม with their marks, from the strip and the line read together', async () => {
    const font = registerSarabun('SarabunMarks');
    const [width, height, size] = [1500, 200, 48];
    const ctx = inkOnWhite(width, height, font, size);
    const printed = 'เปิดระบบการจองรายวิชาวันที่ ๒๗ มีนาคม';
    ctx.fillText(printed, 40, 130);
    const m = ctx.measureText(printed);
    const right = Math.round(40 + m.width);
    // Sarabun at 48 px: consonant tops ~24 px above the baseline, upper marks above them
    const strip = line('a a ov o', { x0: 600, y0: 130 - 52, x1: right - 200, y1: 130 - 30 }, 60);
    const below = line('เปิดระบบการจองรายวิชาวันท ๒๗ ม่นาคม', { x0: 40, y0: 130 - 28, x1: right, y1: 130 + 14 }, 93);
    const other = line('มหาวิทยาลัยราชภัฏ ขอแจ้งกําหนดการจองรายวิชาผ่านระบบออนไลน์', { x0: 40, y0: 10, x1: right, y1: 52 }, 94);
    const { image } = asScan(ctx, width, height, below);
    const page = pageOf(other, strip, below);
    const read: LineReader = (crop, dpi) => recognizePage(crop, dpi, undefined, 'line');
    expect(await rejoinMarkStrips(page, image, 300, read)).toBe(1);
    const words = below.text.replace(/\s+/g, ' ').trim();
    expect(words).toContain('วันที่');
    expect(words).toContain('มีนาคม');
    expect(textLines(page)).not.toContain('a a ov o');
  });
});

describe('a thin line that holds text, against a strip of marks', () => {
  // rows seen over every real set's OCR pages (the line's text as tesseract read it, its confidence)
  const rows: Array<[string, number, boolean]> = [
    ['F                 ตก (FAILED)', 94, true],
    ['26 - 27 พ.ค. 64', 92, true],
    ['รายบุคคล', 95, true],
    ['“การตกลงร่วมผลิต” หมายถึง การทําข้อตกลงร่วมมือกันอย่างเป็นทา', 94, true],
    ['๕. ปรัชญา และวัตถุประสงค์', 94, true],
    ['a                   a   ov o     a', 67, false],
    ['ad', 93, false],
    ['ซี่         a                  a   ฆม  ฆ่', 72, false],
    ['๑4 A     ๑4             ๑4         ๑4 ๑4 6”  1', 90, false],
    ['๑๕  ๑4 ๕9', 84, false],
    ['1                         1', 90, false],
    ['ม =   ะ ad    ฆ/          a      (| ม๓ 4่', 65, false],
  ];
  for (const [text, confidence, text_] of rows)
    test(`${JSON.stringify(text)} at ${confidence}: ${text_ ? 'text' : 'marks'}`, () => {
      expect(holdsText({ text, confidence })).toBe(text_);
    });
});
