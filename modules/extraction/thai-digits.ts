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
import { type Component, components, type Glyph, type GreyImage, normalise } from './ink-components.ts';

export const DIGITS = THAI_DIGITS;
// Mean absolute grey difference on the GRID×GRID cell averages (ink-components.ts; 0 = same, 1 = opposite), plus an aspect
// term. Thresholds tuned on the fixture scans (TH Sarabun New against Google's Sarabun), where a wrong
// tesseract digit scores at least 0.04 worse than the right template.
const MAX_MATCH = 0.2;
const MIN_MARGIN = 0.04;
// A glyph tesseract did not read as a digit at all must match a template closely.
const STRAY_MATCH = 0.18;

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
