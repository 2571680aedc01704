import { describe, expect, test } from 'bun:test';
import { asScan, inkOnWhite, registerSarabun } from './test-lines.ts';
import { recheckThaiDigits } from './thai-digits.ts';

registerSarabun('SarabunTest');

/** A line of glyphs drawn at 300 dpi-like size, and a tesseract-shaped page whose words say `read`. */
function scannedLine(glyphs: string[], read: string[], font = 'SarabunTest') {
  const [width, height, size] = [600, 120, 44];
  const ctx = inkOnWhite(width, height, font, size);
  let x = 40;
  const words = glyphs.map((g, i) => {
    ctx.fillText(g, x, 80);
    const w = ctx.measureText(g).width;
    // tesseract's Thai boxes are narrower than the glyph: keep only the middle half
    const box = { x0: Math.round(x + w / 4), x1: Math.round(x + (3 * w) / 4), y0: 40, y1: 82 };
    x += w + 4;
    return { text: read[i], bbox: box, symbols: [], confidence: 99 };
  });
  const line = { text: read.join(' '), words, bbox: { x0: 0, y0: 20, x1: width - 1, y1: 100 }, confidence: 99 };
  return { ...asScan(ctx, width, height, line), line };
}

describe('Thai digit recheck', () => {
  test('digits tesseract swaps (๖→๒, ๗→๓, ๘→๕) are read from the glyphs; the line text follows', () => {
    const { page, line, image } = scannedLine(['๒', '๕', '๖', '๗', '๑', '๘'], ['๒', '๕', '๒', '๓', '๑', '๕']);
    expect(recheckThaiDigits(page, image)).toBe(3);
    expect(line.text).toBe('๒ ๕ ๖ ๗ ๑ ๘');
    expect(line.words.map((w) => w.text)).toEqual(['๒', '๕', '๖', '๗', '๑', '๘']);
  });

  test("a glyph unlike any Sarabun digit keeps tesseract's reading", () => {
    const { page, line, image } = scannedLine(['X', 'ก'], ['๒', '๓']);
    expect(recheckThaiDigits(page, image)).toBe(0);
    expect(line.text).toBe('๒ ๓');
  });

  test('digits the English model took for Latin or symbols between Thai words: "mo" is ๓๐, "(@)" a bracketed digit', () => {
    const { page, line, image } = scannedLine(['ก', '๓', '๐', 'ว', '  ', '(', '๙', ')'], ['ก', 'mo', '', 'ว', '', '(@)', '', '']);
    // the words as tesseract groups them: "mo" spans ๓ and ๐, "(@)" spans the brackets and ๙
    const [k, m, o, w, , open, , close] = line.words;
    m.bbox = { ...m.bbox, x0: m.bbox.x0 - 10, x1: o.bbox.x1 };
    open.bbox = { ...open.bbox, x0: open.bbox.x0 - 6, x1: close.bbox.x1 + 6 };
    line.words = [k, m, w, open];
    line.text = 'กmo ว (@)';
    expect(recheckThaiDigits(page, image)).toBe(2);
    expect(line.text).toBe('ก๓๐ ว (๙)');
  });

  test('Latin words next to Latin words stay English', () => {
    const { page, line, image } = scannedLine(['o', 'f', 'ก'], ['(Division', 'of', 'ก']);
    expect(recheckThaiDigits(page, image)).toBe(0);
    expect(line.words.map((w) => w.text)).toEqual(['(Division', 'of', 'ก']);
  });

  test('letters are never touched', () => {
    const { page, line, image } = scannedLine(['๖', 'ก'], ['ก', 'ก']);
    expect(recheckThaiDigits(page, image)).toBe(0);
    expect(line.text).toBe('ก ก');
  });
});
