// Where a quoted passage lies on one or more pages' positioned text (text-layer items or OCR words),
// as rectangles to draw over the page image. The quote and the page's text are rarely identical (OCR
// misreads, the admin's review, line breaks inside Thai words with no hyphen), so the match is fuzzy:
// k-character seeds shared by the two, the diagonal (page offset − quote offset) most seeds agree on, and
// the page's characters from the first to the last seed on it. Characters are counted without spaces.
import type { PageWords } from '../../extraction';
import { advances, fold, foldPiece } from './fold';

export interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}
export interface PageMarks {
  page: number;
  rects: Rect[];
}
export interface Located {
  marks: PageMarks[];
  /** share of the quote's characters matched on the pages (0–1) */
  covered: number;
}

interface At {
  page: number;
  word: number;
  /** start and end of this character within its word, as fractions of the word's width */
  x0: number;
  x1: number;
}

const SEED = 4;
// A common seed (a frequent syllable) placed at too many offsets says nothing about where the quote is.
const MAX_SEED_PLACES = 40;
// Fewer matched characters than this is chance, not the quote.
const MIN_MATCHED = 12;
const MIN_SHARE = 0.3;
// A misread within the quote's first or last few characters leaves them without a seed: the mark still
// reaches that far along the diagonal (a clause number OCR got wrong is part of the passage).
const MAX_END_REACH = 8;

function stream(pages: PageWords[]): { text: string[]; at: At[] } {
  const text: string[] = [];
  const at: At[] = [];
  for (const p of pages)
    p.words.forEach((w, word) => {
      const chars = foldPiece(w.text);
      const total = chars.reduce((n, c) => n + advances(c), 0) || 1;
      let done = 0;
      for (const c of chars) {
        const x0 = done / total;
        done += advances(c);
        text.push(c);
        at.push({ page: p.page, word, x0, x1: Math.max(done / total, x0) });
      }
    });
  return { text, at };
}

/** The quote's place on `pages` (given in reading order, e.g. the cited page and the next). */
export function locateQuote(quote: string, pages: PageWords[]): Located {
  const q = fold(quote).chars;
  const { text, at } = stream(pages);
  const k = Math.min(SEED, q.length);
  if (k === 0 || text.length < k) return { marks: [], covered: 0 };
  const places = new Map<string, number[]>();
  for (let p = 0; p + k <= text.length; p++) {
    const gram = text.slice(p, p + k).join('');
    const list = places.get(gram);
    if (!list) places.set(gram, [p]);
    else if (list.length <= MAX_SEED_PLACES) list.push(p);
  }
  const seeds: Array<{ i: number; p: number }> = [];
  for (let i = 0; i + k <= q.length; i++) {
    const list = places.get(q.slice(i, i + k).join(''));
    if (list && list.length <= MAX_SEED_PLACES) for (const p of list) seeds.push({ i, p });
  }
  if (!seeds.length) return { marks: [], covered: 0 };
  // The band of diagonals holding the most seeds: dropped or extra characters shift the diagonal a little.
  seeds.sort((a, b) => a.p - a.i - (b.p - b.i));
  const band = Math.max(6, Math.round(q.length * 0.12));
  let best = { from: 0, to: 0, count: 0 };
  for (let lo = 0, hi = 0; hi < seeds.length; hi++) {
    const d = (s: { i: number; p: number }) => s.p - s.i;
    while (d(seeds[hi]!) - d(seeds[lo]!) > band) lo++;
    if (hi - lo + 1 > best.count) best = { from: lo, to: hi + 1, count: hi - lo + 1 };
  }
  const chosen = seeds.slice(best.from, best.to);
  const matched = new Uint8Array(q.length);
  let head = chosen[0]!;
  let tail = chosen[0]!;
  for (const s of chosen) {
    matched.fill(1, s.i, s.i + k);
    if (s.p < head.p) head = s;
    if (s.p > tail.p) tail = s;
  }
  const first = Math.max(0, head.p - Math.min(head.i, MAX_END_REACH));
  const last = Math.min(text.length - 1, tail.p + k - 1 + Math.min(q.length - (tail.i + k), MAX_END_REACH));
  const count = matched.reduce((n, m) => n + m, 0);
  if (count < Math.min(MIN_MATCHED, q.length) || count < q.length * MIN_SHARE) return { marks: [], covered: 0 };
  return { marks: rectsOf(pages, at.slice(first, last + 1)), covered: count / q.length };
}

function rectsOf(pages: PageWords[], chars: At[]): PageMarks[] {
  const marks: PageMarks[] = [];
  for (const p of pages) {
    const mine = chars.filter((c) => c.page === p.page);
    if (!mine.length) continue;
    // one box per word touched, cut to the characters of it that are inside the passage
    const perWord = new Map<number, { x0: number; x1: number }>();
    for (const c of mine) {
      const w = perWord.get(c.word);
      perWord.set(c.word, w ? { x0: Math.min(w.x0, c.x0), x1: Math.max(w.x1, c.x1) } : { x0: c.x0, x1: c.x1 });
    }
    const boxes = [...perWord].map(([i, f]) => {
      const w = p.words[i]!;
      return { x: w.x + w.w * f.x0, y: w.y, w: Math.max(w.w * (f.x1 - f.x0), 0.002), h: w.h };
    });
    marks.push({ page: p.page, rects: mergeLines(boxes) });
  }
  return marks;
}

const round = (v: number) => Math.round(v * 10_000) / 10_000;

/** Boxes of one line become one rectangle (OCR gives Thai a box per glyph). */
function mergeLines(boxes: Rect[]): Rect[] {
  const out: Rect[] = [];
  for (const b of boxes) {
    const prev = out[out.length - 1];
    const overlap = prev ? Math.min(prev.y + prev.h, b.y + b.h) - Math.max(prev.y, b.y) : 0;
    const gap = prev ? b.x - (prev.x + prev.w) : 0;
    if (prev && overlap >= 0.5 * Math.min(prev.h, b.h) && gap < 3 * Math.max(prev.h, b.h) && gap > -prev.w) {
      const x = Math.min(prev.x, b.x);
      const y = Math.min(prev.y, b.y);
      prev.w = Math.max(prev.x + prev.w, b.x + b.w) - x;
      prev.h = Math.max(prev.y + prev.h, b.y + b.h) - y;
      prev.x = x;
      prev.y = y;
    } else out.push({ ...b });
  }
  return out.map((r) => ({ x: round(r.x), y: round(r.y), w: round(r.w), h: round(r.h) }));
}
