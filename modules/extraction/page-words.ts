// Where each piece of a page's text sits on the page, so a quoted passage can be marked on the page image.
// Coordinates are fractions of the page (0–1, top-left origin): the same boxes fit an image of any size.
import type { Page } from 'tesseract.js';

/** One positioned piece of text: a text-layer item (often a line) or one OCR word (for Thai, a glyph or two). */
export interface WordBox {
  text: string;
  x: number;
  y: number;
  w: number;
  h: number;
}

/** The positioned text of one page. */
export interface PageWords {
  page: number;
  words: WordBox[];
}

const round = (v: number) => Math.round(v * 100_000) / 100_000;
const clamp = (v: number) => Math.min(1, Math.max(0, v));

function box(text: string, x0: number, y0: number, x1: number, y1: number, width: number, height: number): WordBox {
  const x = clamp(x0 / width);
  const y = clamp(y0 / height);
  return { text, x: round(x), y: round(y), w: round(clamp(x1 / width) - x), h: round(clamp(y1 / height) - y) };
}

/** Tesseract's words, in its reading order, as fractions of the `width` × `height` image it read. */
export function ocrWordBoxes(page: Pick<Page, 'blocks'>, width: number, height: number): WordBox[] {
  const out: WordBox[] = [];
  for (const block of page.blocks ?? [])
    for (const para of block.paragraphs)
      for (const line of para.lines)
        for (const word of line.words) {
          const text = word.text.trim();
          if (!text) continue;
          out.push(box(text, word.bbox.x0, word.bbox.y0, word.bbox.x1, word.bbox.y1, width, height));
        }
  return out;
}

/** A text-layer item placed by the viewport: `tx` is pdf.js's viewport transform times the item's. */
export interface PlacedItem {
  text: string;
  tx: number[];
  /** the item's advance, in viewport pixels */
  width: number;
}

// Thai stacks marks above the line and below it: the box reaches up one em above the baseline and a
// third of one below, so the marks are covered.
const ASCENT_EM = 1.05;
const DESCENT_EM = 0.3;
// Items on one line whose baselines differ by less than this (in ems) are read left to right.
const SAME_LINE_EM = 0.4;

/** Text-layer items in reading order (top to bottom, then left to right) as boxes on a `width` × `height` viewport. */
export function textLayerBoxes(items: PlacedItem[], width: number, height: number): WordBox[] {
  const placed = items
    .filter((it) => it.text.trim() !== '')
    .map((it) => {
      const size = Math.hypot(it.tx[2] ?? 0, it.tx[3] ?? 0) || 1;
      return { text: it.text, x: it.tx[4] ?? 0, base: it.tx[5] ?? 0, size, width: it.width };
    })
    .sort((a, b) => a.base - b.base);
  const lines: (typeof placed)[] = [];
  for (const it of placed) {
    const line = lines[lines.length - 1];
    if (line && Math.abs(line[0]!.base - it.base) <= SAME_LINE_EM * Math.max(line[0]!.size, it.size)) line.push(it);
    else lines.push([it]);
  }
  return lines.flatMap((line) =>
    line
      .sort((a, b) => a.x - b.x)
      .map((it) => box(it.text, it.x, it.base - ASCENT_EM * it.size, it.x + Math.max(it.width, it.size * 0.3), it.base + DESCENT_EM * it.size, width, height)),
  );
}
