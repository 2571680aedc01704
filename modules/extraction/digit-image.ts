// What the page image shows under a run of digit-bearing words (digit-runs.ts): its ink components read against the
// Sarabun digit templates (thai-digits.ts) as digit groups, UNCLEAR standing for a glyph the templates could not decide.
// The ink is cut at Otsu's threshold over the run's box and at a lighter one (LIGHT_LIFT); the run is read at the cut
// whose glyphs fit the templates better.
import type { Page } from 'tesseract.js';
import { type Component, components, type GreyImage, SPECK_INK } from './ink-components.ts';
import { DIGITS, scoresOf } from './thai-digits.ts';

// Template distances (thai-digits.ts): a digit glyph scores ≤ 0.2 against its template; separators and
// brackets score ≥ 0.35 against every digit. Between the two the glyph is unclear.
const DIGIT_MATCH = 0.22;
const NOT_DIGIT = 0.33;
// The best template must beat the runner-up by this much (๔ and ๕ differ by ~0.03 on 300 dpi scans). Where ๔ and ๕
// are the two best and closer than this, the glyph's loops decide: ๕ has two (its upper ear closes a second), ๔ one, in
// Sarabun, Laksaman (TH SarabunPSK), Norasi, Kinnari, Garuda and Loma alike. ๔ read as ๕ was the most common digit
// misread left on real scans (15 of the 116 numbers scripts/bench/ocr-numbers.ts missed, 8 after; recall .812 -> .822).
const MARGIN = 0.02;
// Ink is what is darker than Otsu's threshold over the run's box, and again what is darker than a threshold this far
// from Otsu's towards white; the run is read at the one whose glyphs fit the templates better. On a light scan (a
// grey JPEG of thin Sarabun strokes: real_fresh_c's announcements) Otsu's cut breaks a digit's strokes into specks
// the templates cannot read (๖ at 0.38 or no digit at all), which the lighter cut keeps whole (๖ at 0.13); on a dark
// or dirty scan the lighter cut joins digits and noise, and Otsu's reading fits better. Measured with
// scripts/bench/ocr-numbers.ts (617 numbers on 27 pages of five libraries, none of them VRU's): Otsu alone recall
// .807, this choice at lifts 0.3 / 0.5 .812 / .810, the lighter cut alone at 0.5 .802 and at 0.7 .776.
const LIGHT_LIFT = 0.3;

type OcrLine = NonNullable<Page['blocks']>[number]['paragraphs'][number]['lines'][number];
type OcrWord = OcrLine['words'][number];
type Box = { x0: number; y0: number; x1: number; y1: number };

// A word that takes a column of its own: anything but Thai marks and spaces.
const BASE_GLYPH = /[^\u0E31\u0E34-\u0E3A\u0E47-\u0E4E\s]/;
const ANY_DIGIT = /[๐-๙0-9]/;

/** Stands in a group read from the image for a glyph the templates could not decide. */
export const UNCLEAR = '?';

/** What one ink component is: a digit, a non-digit mark (digit null), or unclear. */
function readGlyph(c: Component): { digit: string | null; unclear: boolean; distance: number } {
  const scores = scoresOf(c.glyph);
  const sorted = [...scores].sort((a, b) => a - b);
  const distance = sorted[0]!;
  if (distance >= NOT_DIGIT) return { digit: null, unclear: false, distance };
  if (distance <= DIGIT_MATCH && sorted[1] - distance < MARGIN && (c.holes === 1 || c.holes === 2)) {
    // ๔ or ๕, too close to call by their cells: ๕ is ๔ with one more loop (its upper ear)
    const two = [scores.indexOf(distance), scores.indexOf(sorted[1]!)]
      .map((i) => DIGITS[i])
      .sort()
      .join('');
    if (two === '๔๕') return { digit: c.holes === 1 ? '๔' : '๕', unclear: false, distance };
  }
  if (distance <= DIGIT_MATCH && sorted[1] - distance >= MARGIN) return { digit: DIGITS[scores.indexOf(distance)], unclear: false, distance };
  return { digit: null, unclear: true, distance };
}

/** The digit groups the image shows between x0 and x1 on `line`, UNCLEAR standing for a glyph unclear to the templates. */
export function readRun(img: GreyImage, line: OcrLine, x0: number, x1: number): Run {
  const lh = line.bbox.y1 - line.bbox.y0;
  // Tesseract's line boxes can cut the top of tall digits: look above and below, keep what centres on the line.
  const pad = Math.round(lh * 0.4);
  // Sideways two line heights: a whole digit beyond tesseract's boxes (below), not one cut by the box.
  const box = { x0: x0 - 2 * lh, x1: x1 + 2 * lh, y0: line.bbox.y0 - pad, y1: line.bbox.y1 + pad };
  const dark = otsu(img, box);
  const atDark = readRunAt(img, line, x0, x1, box, dark);
  const atLight = readRunAt(img, line, x0, x1, box, Math.round(dark + (255 - dark) * LIGHT_LIFT));
  return atLight.fit < atDark.fit ? atLight : atDark;
}

/** A run as the image shows it: its digit groups, and the same split at points too small to be glyphs. */
export interface Run {
  /** the digit groups between the glyphs that are no digits (separators and brackets) */
  groups: string[];
  /** the same digits split also where a speck on the baseline between two of them is a point */
  pointed: string[];
  /** points[i]: the break after pointed[i] is a point on the baseline (๓.๒.๒), not a slash, a dash or a bracket */
  points: boolean[];
  fit: number;
}

// A point between two digits is a dot on their baseline, far smaller than they are. At 200 dpi it is a few pixels,
// fewer than components() keeps by default (a speck), and tesseract drops it as often as it reads it: sub-items
// ๓.๒.๒ read ๓๒.๒, workloads ๓.๕ read ๓๕ (scripts/bench/ocr-numbers.ts). It is looked for among the specks too.
// A comma is as small but runs below the baseline and is taller than wide: "๑๕,๐๐๐" is not "๑๕.๐๐๐".
const POINT_INK = 3;
const POINT_SIZE = 0.35;
const isPoint = (c: Component, digits: Component) => {
  const width = c.x1 - c.x0 + 1;
  return (
    c.height <= POINT_SIZE * digits.height &&
    width <= POINT_SIZE * digits.height &&
    c.height <= 1.5 * width &&
    c.y1 <= digits.y1 + 0.08 * digits.height &&
    c.y1 >= digits.y1 - 0.2 * digits.height
  );
};

/** The run read with ink below `threshold`, and how well its glyphs fit their templates (mean best distance). */
function readRunAt(img: GreyImage, line: OcrLine, x0: number, x1: number, box: Box, threshold: number): Run {
  const lh = line.bbox.y1 - line.bbox.y0;
  const withSpecks = components(img, box, threshold, POINT_INK);
  const all = withSpecks.filter((c) => c.ink >= SPECK_INK);
  const specks = withSpecks.filter((c) => c.ink < SPECK_INK);
  const slack = Math.round(lh * 0.15);
  const onLine = all.filter((c) => onBaseline(line, c)).sort((a, b) => a.x0 - b.x0);
  const inside = onLine.filter((c) => (c.x0 + c.x1) / 2 >= x0 - slack && (c.x0 + c.x1) / 2 <= x1 + slack);
  if (inside.length === 0) return { groups: [], pointed: [], points: [], fit: Infinity };
  // Tesseract's boxes can stop short of a number's last or first digit: a clear digit close beside it joins.
  const near = Math.round(lh * 0.25);
  // Ink nearer another number's words than to this number's is that number's, not a digit tesseract dropped:
  // without this check a number took its neighbours' digits across a narrow space (โทร. ๐ ๕๕๒๑ ๔๔๐๐ became
  // ๐๕๕๒๑ ๐๕๕๒๑๔๔๐๐ …). Tesseract's glyph boxes can sit half a digit off the ink, so the nearest box decides,
  // and marks (tone, upper vowels) are left out: they share their consonant's column. A letter's box owns
  // nothing: tesseract reads digits as letters too (๘๐,๐๐๐ as ส่๐,๐๐๐), which the clear ink corrects.
  const mid = (b: { x0: number; x1: number }) => (b.x0 + b.x1) / 2;
  const columns = line.words.filter((w) => BASE_GLYPH.test(w.text));
  const owned = (c: Component) => {
    // Distance from the ink's centre to a box (0 inside it): a number already re-read has one wide box.
    const gap = (w: OcrWord) => Math.max(0, w.bbox.x0 - mid(c), mid(c) - w.bbox.x1);
    let nearest: OcrWord | undefined;
    for (const w of columns) if (!nearest || gap(w) < gap(nearest)) nearest = w;
    return nearest !== undefined && ANY_DIGIT.test(nearest.text) && (mid(nearest.bbox) < x0 || mid(nearest.bbox) > x1);
  };
  const clear = (c: Component) => !owned(c) && (c.x1 - c.x0 + 1) / c.height < TOUCHING && readGlyph(c).digit !== null;
  for (const c of onLine.filter((c) => c.x0 > inside[inside.length - 1].x1)) {
    if (c.x0 - inside[inside.length - 1].x1 > near || !clear(c)) break;
    inside.push(c);
  }
  for (const c of onLine.filter((c) => c.x1 < inside[0].x0).reverse()) {
    if (inside[0].x0 - c.x1 > near || !clear(c)) break;
    inside.unshift(c);
  }
  const groups: string[] = [];
  // the same glyphs split at the specks that are points too, and whether each of their breaks is a point
  const pointed: string[] = [];
  const points: boolean[] = [];
  let current = '';
  let part = '';
  const glyphs = inside.flatMap((c) => split(img, c, threshold));
  let fit = 0;
  let last: Component | null = null;
  // whether what stands since the last group closed is one point, null while no group has closed
  let pointSince: boolean | null = null;
  for (const c of glyphs) {
    const { digit, unclear, distance } = readGlyph(c);
    fit += distance;
    if (unclear || digit) {
      // a dot too small for a component, on the baseline between this digit and the one before: a point
      const prev = last;
      if (part && prev && specks.some((p) => p.x0 > prev.x1 && p.x1 < c.x0 && isPoint(p, c))) {
        pointed.push(part);
        part = '';
        pointSince = true;
      }
      if (!part && pointSince !== null) points.push(pointSince);
      // An unclear glyph is most likely a digit (marks score far worse): '?' keeps its place for tesseract's.
      const read = unclear ? UNCLEAR : digit!;
      current += read;
      part += read;
      last = c;
    } else if (current) {
      groups.push(current);
      pointed.push(part);
      current = '';
      part = '';
      pointSince = last !== null && isPoint(c, last);
    } else if (pointSince !== null) pointSince = false;
  }
  if (current) {
    groups.push(current);
    pointed.push(part);
  }
  return { groups, pointed, points, fit: fit / glyphs.length };
}

/**
 * Whether a component sits on the line: centred between its baseline and about the height of a consonant
 * above it. A skewed scan line's box is two or three rows tall and holds the digits of the lines above and
 * below (ข้อ ๒๓ read as ๑๒๗๓ with digits from the next line), so the sloped baseline decides where it has one.
 */
export function onBaseline(line: OcrLine, c: { x0: number; x1: number; y0: number; y1: number }): boolean {
  const cy = (c.y0 + c.y1) / 2;
  const b = line.baseline;
  const row = line.rowAttributes;
  if (!b || !row || b.x1 <= b.x0 || !(row.rowHeight > 0)) return cy >= line.bbox.y0 && cy <= line.bbox.y1;
  const base = b.y0 + ((b.y1 - b.y0) * ((c.x0 + c.x1) / 2 - b.x0)) / (b.x1 - b.x0);
  const body = row.rowHeight - row.ascenders - row.descenders;
  const xHeight = body > 0 ? body : row.rowHeight / 2;
  return cy <= base + 0.25 * xHeight && cy >= base - xHeight;
}

// Thai digits are about as wide as tall (๑ 1.2, ๒ 0.85); a component much wider is digits touching.
const TOUCHING = 1.6;

/** A component of touching digits (๕๖ in a dark scan) cut at the faintest columns near its even divisions. */
function split(img: GreyImage, c: Component, threshold: number): Component[] {
  const w = c.x1 - c.x0 + 1;
  const n = Math.round(w / c.height / 0.95);
  if (w / c.height < TOUCHING || n < 2 || n > 4) return [c];
  const ink = (x: number) => {
    let k = 0;
    for (let y = c.y0; y <= c.y1; y++) if (img.pixels[y * img.width + x] < threshold) k++;
    return k;
  };
  const cuts = [c.x0 - 1];
  for (let k = 1; k < n; k++) {
    const mid = c.x0 + Math.round((k * w) / n);
    const reach = Math.round(w / n / 4);
    let best = mid;
    for (let x = mid - reach; x <= mid + reach; x++) if (ink(x) < ink(best)) best = x;
    cuts.push(best);
  }
  cuts.push(c.x1);
  const parts: Component[] = [];
  for (let k = 0; k < n; k++) {
    const pieces = components(img, { x0: cuts[k] + 1, x1: cuts[k + 1], y0: c.y0, y1: c.y1 }, threshold);
    // the digit is the largest piece of its slice
    const main = pieces.sort((a, b) => (b.x1 - b.x0) * b.height - (a.x1 - a.x0) * a.height)[0];
    if (!main) return [c];
    parts.push(main);
  }
  return parts;
}

/**
 * Otsu's threshold of the box's grey levels: ink and paper as the box shows them. A fixed 128 breaks the
 * thin strokes of a light or blurred scan (a 200 dpi JPEG's digits fell apart into 3–6 pieces).
 */
export function otsu(img: GreyImage, box: { x0: number; y0: number; x1: number; y1: number }): number {
  const hist = new Float64Array(256);
  const [x0, y0] = [Math.max(0, box.x0), Math.max(0, box.y0)];
  const [x1, y1] = [Math.min(img.width - 1, box.x1), Math.min(img.height - 1, box.y1)];
  let n = 0;
  for (let y = y0; y <= y1; y++) for (let x = x0; x <= x1; x++, n++) hist[img.pixels[y * img.width + x]]++;
  if (n === 0) return 128;
  let sum = 0;
  for (let v = 0; v < 256; v++) sum += v * hist[v];
  let [below, sumBelow, best, threshold] = [0, 0, -1, 128];
  for (let v = 0; v < 256; v++) {
    below += hist[v];
    sumBelow += v * hist[v];
    const above = n - below;
    if (below === 0 || above === 0) continue;
    const between = below * above * (sumBelow / below - (sum - sumBelow) / above) ** 2;
    if (between > best) [best, threshold] = [between, v + 1];
  }
  return threshold;
}
