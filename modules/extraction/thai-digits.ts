// Second opinion on Thai digits. Tesseract's Thai LSTM model reads the digits of the Sarabun family
// (TH Sarabun New / SarabunPSK / SarabunIT๙, the fonts Thai official documents must use) with systematic
// swaps: ๖→๒, ๗→๓, ๘→๕, ๔→๕, ๙→๕, all at confidence 99, so neither its confidence nor a re-read of the crop
// helps (measured on the fixture scans: 72 % of digits right). The glyphs themselves are clean, so each
// digit tesseract found is cut out of the page image and compared with the ten digits drawn in Sarabun;
// the template wins only when it matches well and clearly better than tesseract's own digit, so other
// fonts keep tesseract's reading. Hand-written because no npm package classifies Thai digit glyphs.
import { readFileSync } from 'node:fs';
import { createCanvas, GlobalFonts } from '@napi-rs/canvas';
// A file import, so the single binary embeds the font; read as bytes (the canvas addon cannot open
// a path inside the executable).
import sarabunThai from '@fontsource/sarabun/files/sarabun-thai-400-normal.woff2' with { type: 'file' };
import type { Page } from 'tesseract.js';
import { THAI_DIGITS } from '../../src/thai/digits.ts';

export const DIGITS = THAI_DIGITS;
// Coarse on purpose: 8×8 cells forgive the stroke width of 1-bit scans (16: g4 90/111 digits, 8: 95).
const GRID = 8;
// Mean absolute grey difference on the GRID×GRID cell averages (0 = same, 1 = opposite), plus an aspect
// term. Thresholds tuned on the fixture scans (TH Sarabun New against Google's Sarabun), where a wrong
// tesseract digit scores at least 0.04 worse than the right template.
const MAX_MATCH = 0.2;
const MIN_MARGIN = 0.04;
// A glyph tesseract did not read as a digit at all must match a template closely.
const STRAY_MATCH = 0.18;

interface Glyph {
  cells: Float32Array;
  aspect: number;
}
export interface GreyImage {
  width: number;
  height: number;
  pixels: Uint8Array;
}

/** Cell averages of the ink bounding box of `ink` (1 = ink) inside the w×h bitmap. */
function normalise(ink: Uint8Array, w: number, x0: number, y0: number, x1: number, y1: number): Glyph {
  const cells = new Float32Array(GRID * GRID);
  const counts = new Float32Array(GRID * GRID);
  const bw = x1 - x0 + 1;
  const bh = y1 - y0 + 1;
  for (let y = y0; y <= y1; y++) {
    for (let x = x0; x <= x1; x++) {
      const c = Math.min(GRID - 1, Math.floor(((y - y0) * GRID) / bh)) * GRID + Math.min(GRID - 1, Math.floor(((x - x0) * GRID) / bw));
      cells[c] += ink[y * w + x];
      counts[c]++;
    }
  }
  for (let i = 0; i < cells.length; i++) cells[i] = counts[i] ? cells[i] / counts[i] : 0;
  return { cells, aspect: bw / bh };
}

let templates: Glyph[] | null = null;

function loadTemplates(): Glyph[] {
  if (templates) return templates;
  GlobalFonts.register(readFileSync(sarabunThai), 'AskRegDigitTemplate');
  const size = 96;
  templates = [...DIGITS].map((d) => {
    const canvas = createCanvas(size * 2, size * 2);
    const ctx = canvas.getContext('2d');
    ctx.fillStyle = '#fff';
    ctx.fillRect(0, 0, size * 2, size * 2);
    ctx.fillStyle = '#000';
    ctx.font = `${size}px AskRegDigitTemplate`;
    ctx.fillText(d, size / 2, size * 1.4);
    const rgba = ctx.getImageData(0, 0, size * 2, size * 2).data;
    const ink = new Uint8Array(size * size * 4);
    let [x0, y0, x1, y1] = [Infinity, Infinity, -1, -1];
    for (let i = 0; i < ink.length; i++) {
      if (rgba[i * 4] >= 128) continue;
      ink[i] = 1;
      const x = i % (size * 2);
      const y = Math.floor(i / (size * 2));
      [x0, y0, x1, y1] = [Math.min(x0, x), Math.min(y0, y), Math.max(x1, x), Math.max(y1, y)];
    }
    return normalise(ink, size * 2, x0, y0, x1, y1);
  });
  return templates;
}

function distance(a: Glyph, b: Glyph): number {
  let d = 0;
  for (let i = 0; i < a.cells.length; i++) d += Math.abs(a.cells[i] - b.cells[i]);
  return d / a.cells.length + 0.15 * Math.abs(Math.log(a.aspect / b.aspect));
}

export interface Component {
  x0: number;
  x1: number;
  y0: number;
  y1: number;
  height: number;
  glyph: Glyph;
  /** enclosed white regions of the component (๔ has one, ๕ two: its upper ear is a loop) */
  holes: number;
  /** its ink pixels */
  ink: number;
}

// A hole smaller than this (pixels) is a speck of paper in a thick stroke, not a loop of the glyph.
const MIN_HOLE = 3;

/** The white regions of a component's box (`own` marks its ink, row length `w`) that do not reach the box's edge. */
function countHoles(own: Uint8Array, w: number, x0: number, y0: number, x1: number, y1: number): number {
  const bw = x1 - x0 + 1;
  const bh = y1 - y0 + 1;
  const seen = new Uint8Array(bw * bh);
  const ink = (x: number, y: number) => own[(y + y0) * w + x + x0] === 1;
  const stack: number[] = [];
  const fill = (start: number): number => {
    let area = 0;
    stack.push(start);
    seen[start] = 1;
    while (stack.length) {
      const p = stack.pop()!;
      area++;
      const x = p % bw;
      const y = (p - x) / bw;
      // four-connected: white touching only at a corner is two regions, as ink is eight-connected
      for (const [nx, ny] of [
        [x - 1, y],
        [x + 1, y],
        [x, y - 1],
        [x, y + 1],
      ] as const) {
        if (nx < 0 || ny < 0 || nx >= bw || ny >= bh) continue;
        const q = ny * bw + nx;
        if (!seen[q] && !ink(nx, ny)) {
          seen[q] = 1;
          stack.push(q);
        }
      }
    }
    return area;
  };
  for (let x = 0; x < bw; x++) for (const y of [0, bh - 1]) if (!seen[y * bw + x] && !ink(x, y)) fill(y * bw + x);
  for (let y = 0; y < bh; y++) for (const x of [0, bw - 1]) if (!seen[y * bw + x] && !ink(x, y)) fill(y * bw + x);
  let holes = 0;
  for (let p = 0; p < seen.length; p++) if (!seen[p] && !ink(p % bw, (p - (p % bw)) / bw) && fill(p) >= MIN_HOLE) holes++;
  return holes;
}

/** Fewer ink pixels than this make a speck (a dot, dirt), not a glyph. */
export const SPECK_INK = 12;

/** The ink components inside a box (page coordinates), ignoring those of fewer than `minInk` pixels (specks). */
export function components(img: GreyImage, box: { x0: number; y0: number; x1: number; y1: number }, threshold = 128, minInk = SPECK_INK): Component[] {
  const x0 = Math.max(0, box.x0);
  const y0 = Math.max(0, box.y0);
  const w = Math.min(img.width, box.x1 + 1) - x0;
  const h = Math.min(img.height, box.y1 + 1) - y0;
  if (w <= 0 || h <= 0 || w * h > 2_000_000) return [];
  const ink = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) ink[y * w + x] = img.pixels[(y + y0) * img.width + x + x0] < threshold ? 1 : 0;
  const label = new Int32Array(w * h);
  const out: Component[] = [];
  const stack: number[] = [];
  let id = 0;
  for (let start = 0; start < ink.length; start++) {
    if (!ink[start] || label[start]) continue;
    id++;
    let [cx0, cy0, cx1, cy1, n] = [w, h, 0, 0, 0];
    stack.push(start);
    label[start] = id;
    while (stack.length) {
      const p = stack.pop()!;
      const px = p % w;
      const py = (p - px) / w;
      if (px < cx0) cx0 = px;
      if (px > cx1) cx1 = px;
      if (py < cy0) cy0 = py;
      if (py > cy1) cy1 = py;
      n++;
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          const nx = px + dx;
          const ny = py + dy;
          const q = ny * w + nx;
          if (nx >= 0 && ny >= 0 && nx < w && ny < h && ink[q] && !label[q]) {
            label[q] = id;
            stack.push(q);
          }
        }
      }
    }
    if (n < minInk) continue;
    const own = new Uint8Array(w * h);
    for (let y = cy0; y <= cy1; y++) for (let x = cx0; x <= cx1; x++) if (label[y * w + x] === id) own[y * w + x] = 1;
    out.push({
      x0: cx0 + x0,
      x1: cx1 + x0,
      y0: cy0 + y0,
      y1: cy1 + y0,
      height: cy1 - cy0 + 1,
      glyph: normalise(own, w, cx0, cy0, cx1, cy1),
      holes: countHoles(own, w, cx0, cy0, cx1, cy1),
      ink: n,
    });
  }
  return out;
}

export function scoresOf(glyph: Glyph): number[] {
  const tpl = loadTemplates();
  return tpl.map((t) => distance(glyph, t));
}

/** The digit a glyph is, when the Sarabun templates say so clearly enough to overrule `current`. */
export function classifyDigit(glyph: Glyph, current: string): string {
  const scores = scoresOf(glyph);
  const best = scores.indexOf(Math.min(...scores));
  const mine = DIGITS.indexOf(current);
  if (mine < 0 || best === mine || scores[best] > MAX_MATCH || scores[mine] - scores[best] < MIN_MARGIN) return current;
  return DIGITS[best];
}

/** A glyph tesseract read as Latin or a symbol: the digit it is when one template clearly wins, else null. */
function digitOfStray(glyph: Glyph): string | null {
  const scores = scoresOf(glyph);
  const sorted = [...scores].sort((a, b) => a - b);
  return sorted[0] <= STRAY_MATCH && sorted[1] - sorted[0] >= MIN_MARGIN / 2 ? DIGITS[scores.indexOf(sorted[0])] : null;
}

type OcrWord = NonNullable<Page['blocks']>[number]['paragraphs'][number]['lines'][number]['words'][number];
const centreOf = (b: { x0: number; x1: number }) => (b.x0 + b.x1) / 2;

function nearest(parts: Component[], word: OcrWord): Component | null {
  const centre = centreOf(word.bbox);
  let best: Component | null = null;
  for (const c of parts) {
    const d = Math.abs(centreOf(c) - centre);
    if (d <= Math.max(12, c.x1 - c.x0) && (!best || d < Math.abs(centreOf(best) - centre))) best = c;
  }
  return best;
}

/** What tesseract's English model makes of a Thai digit in Thai text: "m" "o" for ๓๐, "@" for ๔, "5" for ๖. */
const STRAY = /^(\(?)([A-Za-z0-9@«»©°]{1,2})(\)?)$/;
const LATIN_END = /[A-Za-z]$/;
const LATIN_START = /^[A-Za-z]/;

/**
 * Re-read the Thai digits of tesseract's words against the page image, in place (word and line texts):
 * words read as Thai digits, and one- or two-glyph Latin or symbol words standing between Thai words.
 * Tesseract's boxes for Thai glyphs are approximate (often too narrow), so a digit is matched to the ink
 * component of its line nearest its box's centre. Returns the number of words changed.
 */
export function recheckThaiDigits(page: Page, img: GreyImage): number {
  let changed = 0;
  for (const block of page.blocks ?? []) {
    for (const para of block.paragraphs) {
      for (const line of para.lines) {
        if (!/[ก-๙]/.test(line.text)) continue;
        const words = line.words;
        const kinds = words.map((w, i) => {
          const t = w.text.trim();
          if (t.length === 1 && DIGITS.includes(t)) return 'digit';
          const latinAround = LATIN_END.test(words[i - 1]?.text.trim() ?? '') || LATIN_START.test(words[i + 1]?.text.trim() ?? '');
          return STRAY.test(t) && !latinAround ? 'stray' : null;
        });
        if (!kinds.some(Boolean)) continue;
        const parts = components(img, line.bbox);
        const fixes = new Map<OcrWord, string>();
        words.forEach((word, i) => {
          const t = word.text.trim();
          if (kinds[i] === 'digit') {
            const c = nearest(parts, word);
            const read = c ? classifyDigit(c.glyph, t) : t;
            if (read !== t) fixes.set(word, read);
          } else if (kinds[i] === 'stray') {
            // "(@)": the brackets are components of their own, first and last.
            const [, open, core, close] = STRAY.exec(t)!;
            const inside = parts.filter((c) => centreOf(c) >= word.bbox.x0 - 15 && centreOf(c) <= word.bbox.x1 + 15).sort((a, b) => a.x0 - b.x0);
            const middle = inside.slice(open ? 1 : 0, close ? inside.length - 1 : inside.length);
            const glyphs =
              middle.length === core.length ? middle : core.length === 1 && !open ? [nearest(parts, word)].filter((c): c is Component => c !== null) : [];
            const read = glyphs.map((c) => digitOfStray(c.glyph));
            if (glyphs.length === core.length && read.every((d) => d !== null)) fixes.set(word, `${open}${read.join('')}${close}`);
          }
        });
        if (fixes.size === 0) continue;
        // tesseract's line text is its words' texts in order, with spaces between some: rewrite in step.
        let out = '';
        let pos = 0;
        let aligned = true;
        for (const word of words) {
          const t = word.text.trim();
          while (pos < line.text.length && /\s/.test(line.text[pos])) out += line.text[pos++];
          if (!line.text.startsWith(t, pos)) {
            aligned = false;
            break;
          }
          out += fixes.get(word) ?? t;
          pos += t.length;
        }
        if (!aligned) continue;
        line.text = out + line.text.slice(pos);
        for (const [word, text] of fixes) word.text = text;
        changed += fixes.size;
      }
    }
  }
  return changed;
}
