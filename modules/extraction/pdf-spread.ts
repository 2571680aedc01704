// Two printed pages side by side on one landscape sheet (a 2-up print, a booklet's imposed spread): the text layer
// holds each line of the left page beside the line of the right page at the same height, and reading by baseline
// interleaves them ("ภาควิชาวิทยาการคอมพิวเตอร์\tภาควิชาวิทยาการค…", a course of one page glued to a course of the
// other). A landscape sheet whose text keeps clear of a gutter down its middle, with text on both sides, is read as
// its left page, then its right page.
import type { TextRun } from './pdf-layout.ts';

/** The sheet in PDF space: [x0, y0, x1, y1] as pdf.js gives it (page.view), and the page's rotation. */
export interface Sheet {
  view: number[];
  rotate: number;
}

const LANDSCAPE = 1.2;
// the gutter of two pages' inner margins: a table's column boundary has text right beside it
const GUTTER_OF_WIDTH = 0.03;
const MIN_SIDE_SHARE = 0.15;

/** The runs of the left and of the right printed page, or null when the sheet is not two pages side by side. */
export function spreadHalves(runs: TextRun[], sheet: Sheet): [TextRun[], TextRun[]] | null {
  const [x0, y0, x1, y1] = sheet.view;
  const width = x1 - x0;
  if (sheet.rotate % 180 !== 0 || width < (y1 - y0) * LANDSCAPE) return null;
  const mid = x0 + width / 2;
  const gutter = width * GUTTER_OF_WIDTH;
  const left: TextRun[] = [];
  const right: TextRun[] = [];
  let leftChars = 0;
  let rightChars = 0;
  for (const r of runs) {
    const chars = r.text.trim().length;
    if (chars === 0) continue;
    if (r.x + r.width <= mid - gutter) {
      left.push(r);
      leftChars += chars;
    } else if (r.x >= mid + gutter) {
      right.push(r);
      rightChars += chars;
    } else return null; // text in the gutter: one page across the sheet
  }
  const total = leftChars + rightChars;
  if (leftChars < total * MIN_SIDE_SHARE || rightChars < total * MIN_SIDE_SHARE) return null;
  return [left, right];
}
