// Second opinion on Thai digits. Tesseract's Thai LSTM model reads the digits of the Sarabun family
// (TH Sarabun New / SarabunPSK / SarabunIT๙, the fonts Thai official documents must use) with systematic
// swaps: ๖→๒, ๗→๓, ๘→๕, ๔→๕, ๙→๕, all at confidence 99, so neither its confidence nor a re-read of the crop
// helps (measured on the fixture scans: 72 % of digits right). The glyphs themselves are clean, so each
// digit tesseract found is cut out of the page image and compared with the ten digits drawn in Sarabun;
// the template wins only when it matches well and clearly better than tesseract's own digit, so other
// fonts keep tesseract's reading. Hand-written because no npm package classifies Thai digit glyphs.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createCanvas, GlobalFonts } from '@napi-rs/canvas';
import type { Page } from 'tesseract.js';

const DIGITS = '๐๑๒๓๔๕๖๗๘๙';
const GRID = 16;
// Mean absolute grey difference on the GRID×GRID cell averages (0 = same, 1 = opposite), plus an aspect
// term. Tuned on the fixture scans (TH Sarabun New against Google's Sarabun): right readings score
// 0.11-0.24, and a wrong tesseract digit scores at least 0.04 worse than the right template.
const MAX_MATCH = 0.2;
const MIN_MARGIN = 0.04;

interface Glyph { cells: Float32Array; aspect: number }
export interface GreyImage { width: number; height: number; pixels: Uint8Array }

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
  const require = createRequire(import.meta.url);
  const dir = join(dirname(require.resolve('@fontsource/sarabun/package.json')), 'files');
  GlobalFonts.registerFromPath(join(dir, 'sarabun-thai-400-normal.woff2'), 'AskRegDigitTemplate');
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

interface Component { x0: number; x1: number; height: number; glyph: Glyph }

/** The ink components inside a box (page coordinates), ignoring specks (dots, dirt). */
function components(img: GreyImage, box: { x0: number; y0: number; x1: number; y1: number }): Component[] {
  const x0 = Math.max(0, box.x0);
  const y0 = Math.max(0, box.y0);
  const w = Math.min(img.width, box.x1 + 1) - x0;
  const h = Math.min(img.height, box.y1 + 1) - y0;
  if (w <= 0 || h <= 0 || w * h > 2_000_000) return [];
  const ink = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) ink[y * w + x] = img.pixels[(y + y0) * img.width + x + x0] < 128 ? 1 : 0;
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
    if (n < 12) continue;
    const own = new Uint8Array(w * h);
    for (let y = cy0; y <= cy1; y++) for (let x = cx0; x <= cx1; x++) if (label[y * w + x] === id) own[y * w + x] = 1;
    out.push({ x0: cx0 + x0, x1: cx1 + x0, height: cy1 - cy0 + 1, glyph: normalise(own, w, cx0, cy0, cx1, cy1) });
  }
  return out;
}

/** The digit a glyph is, when the Sarabun templates say so clearly enough to overrule `current`. */
export function classifyDigit(glyph: Glyph, current: string): string {
  const tpl = loadTemplates();
  const scores = tpl.map((t) => distance(glyph, t));
  const best = scores.indexOf(Math.min(...scores));
  const mine = DIGITS.indexOf(current);
  if (mine < 0 || best === mine || scores[best] > MAX_MATCH || scores[mine] - scores[best] < MIN_MARGIN) return current;
  return DIGITS[best];
}

/**
 * Re-read the Thai digits of tesseract's words against the page image, in place (word and line texts).
 * Tesseract's boxes for Thai glyphs are approximate (often too narrow), so each digit is matched to the
 * ink component of its line nearest to its box's centre. Returns the number of digits changed.
 */
export function recheckThaiDigits(page: Page, img: GreyImage): number {
  let changed = 0;
  for (const block of page.blocks ?? []) {
    for (const para of block.paragraphs) {
      for (const line of para.lines) {
        const digitWords = line.words.filter((w) => [...w.text.trim()].length === 1 && DIGITS.includes(w.text.trim()));
        if (digitWords.length === 0) continue;
        const parts = components(img, line.bbox);
        const fixes = new Map<(typeof line.words)[number], string>();
        for (const word of digitWords) {
          const centre = (word.bbox.x0 + word.bbox.x1) / 2;
          let best: Component | null = null;
          for (const c of parts) {
            const d = Math.abs((c.x0 + c.x1) / 2 - centre);
            if (d <= Math.max(12, c.x1 - c.x0) && (!best || d < Math.abs((best.x0 + best.x1) / 2 - centre))) best = c;
          }
          if (!best) continue;
          const read = classifyDigit(best.glyph, word.text.trim());
          if (read !== word.text.trim()) fixes.set(word, read);
        }
        if (fixes.size === 0) continue;
        // The line's text is its words joined: rewrite the k-th Thai digit as the k-th digit word says.
        const digitsInOrder = line.words.flatMap((w) => [...w.text].filter((c) => DIGITS.includes(c)).map((c) => fixes.get(w) ?? c));
        if (digitsInOrder.length !== [...line.text].filter((c) => DIGITS.includes(c)).length) continue;
        for (const [w, d] of fixes) w.text = w.text.replace(/[๐-๙]/, d);
        let k = 0;
        line.text = [...line.text].map((c) => (DIGITS.includes(c) ? digitsInOrder[k++] : c)).join('');
        changed += fixes.size;
      }
    }
  }
  return changed;
}
