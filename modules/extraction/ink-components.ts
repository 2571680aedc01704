// Ink components of a page image: the connected blobs of dark pixels inside a box, each with its bounding
// box, its ink count, its enclosed holes and a coarse grid of its shape. The digit readers compare these
// shapes with templates. Hand-written because no npm package labels components of a bitmap we already hold
// as bytes (opencv.js would add tens of megabytes to the single binary for one flood fill).

// Coarse on purpose: 8×8 cells forgive the stroke width of 1-bit scans (16: g4 90/111 digits, 8: 95).
const GRID = 8;

export interface Glyph {
  cells: Float32Array;
  aspect: number;
}
export interface GreyImage {
  width: number;
  height: number;
  pixels: Uint8Array;
}

/** Cell averages of the ink bounding box of `ink` (1 = ink) inside the w×h bitmap. */
export function normalise(ink: Uint8Array, w: number, x0: number, y0: number, x1: number, y1: number): Glyph {
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
