// Two printed pages on one landscape sheet (a curriculum printed two-up, a booklet imposed for folding): read line by
// line across the sheet, the layout joined each line of the left page with the line of the right page at the same
// height, so a course row ran on into another page's row ("01418132 หลักมูลการคณนา 4(4-0-8) 01418331** ระบบปฏิบัติการ").
// Such a sheet is read one half after the other. A sheet is two pages when no text crosses a gutter at its middle and
// each half holds a page's worth of text down most of the sheet's height; a landscape table is one page, and a title
// or a row spanning the middle keeps it so. Hand-written: pdf.js gives positioned runs, and no library here finds a
// page's columns.
import { least, median, most, type TextRun } from './pdf-layout.ts';

/** Where a gutter may lie, as shares of the text's width from its left edge. */
const MIDDLE = [0.35, 0.65] as const;
/** A gutter is at least this many ems (the sheet's median font size) wide. */
const GUTTER_EM = 1.5;
/**
 * Each half holds a page's worth of letters: at least this share of the sheet's, and this many (a few lines of text). A
 * landscape table's columns of marks and figures are no page: a curriculum's skills matrix (•, ○ beside course names)
 * has a gutter at its middle and 105 letters right of it; the two-up curricula scanned hold 300–900 a half.
 */
const HALF_LETTERS = { share: 0.15, least: 200 };
/** Each half's text runs down at least this share of the sheet's text height. */
const HALF_HEIGHT = 0.5;
/** Fewer runs than this are not two pages (a cover, a signature sheet). */
const MIN_RUNS = 20;

const LETTER = /\p{L}/gu;

/** The sheet's two halves, left then right, or null when it is one page. */
export function sheetHalves(runs: readonly TextRun[]): [TextRun[], TextRun[]] | null {
  const inked = runs.filter((r) => r.text.trim() !== '');
  if (inked.length < MIN_RUNS) return null;
  const x0 = least(inked.map((r) => r.x));
  const x1 = most(inked.map((r) => r.x + Math.max(r.width, 0)));
  const y0 = least(inked.map((r) => r.y));
  const y1 = most(inked.map((r) => r.y + r.size));
  const width = x1 - x0;
  // two portrait pages side by side make a sheet wider than tall
  if (width <= y1 - y0) return null;
  const em = median(inked.map((r) => r.size)) || 1;
  // the widest stretch of the middle that no run covers
  const from = x0 + MIDDLE[0] * width;
  const to = x0 + MIDDLE[1] * width;
  const spans = inked
    .map((r) => [r.x, r.x + Math.max(r.width, 0)] as const)
    .filter(([a, b]) => b > from && a < to)
    .sort((a, b) => a[0] - b[0]);
  let best: [number, number] | null = null;
  let reach = from;
  for (const [a, b] of [...spans, [to, to] as const]) {
    if (a > reach && (!best || a - reach > best[1] - best[0])) best = [reach, a];
    reach = Math.max(reach, b);
  }
  if (!best || best[1] - best[0] < GUTTER_EM * em) return null;
  const split = (best[0] + best[1]) / 2;
  const left = runs.filter((r) => r.x < split);
  const right = runs.filter((r) => r.x >= split);
  const lettersIn = (rs: readonly TextRun[]) => rs.reduce((n, r) => n + (r.text.match(LETTER)?.length ?? 0), 0);
  const height = (rs: readonly TextRun[]) => {
    const ys = rs.filter((r) => r.text.trim() !== '').map((r) => r.y);
    return ys.length ? most(ys) - least(ys) : 0;
  };
  const all = lettersIn(inked);
  for (const half of [left, right]) {
    const letters = lettersIn(half);
    if (letters < HALF_LETTERS.share * all || letters < HALF_LETTERS.least || height(half) < HALF_HEIGHT * (y1 - y0)) return null;
  }
  return [left, right];
}
