// Which pages of a PDF with a good text layer are scans all the same: the signed announcement, a table or an
// appendix scanned onto the last page of a typed regulation. Such a page has (almost) no text layer and an
// image covering a good share of it; a blank page has no image and a page with only a logo or a signature a
// small one. Read in the parse worker, from where the content stream places its images (pdf.js's operator
// list), and only for the weak pages of a document whose layer is otherwise good: clean text PDFs, whose
// pages all carry text, and scans, which are OCR'd whole anyway, pay nothing.
import { getResolvedPDFJS } from 'unpdf';
import type { PdfDocument } from './pdf-text.ts';
import { type Matrix, multiply } from './pdf-matrix.ts';

/** Share of the page (after clipping to it) that images must cover for a weak page to be read as a scan. */
export const MIN_IMAGE_COVER = 0.25;

type OperatorList = { fnArray: number[]; argsArray: unknown[] };
/** A page's visible box in PDF points: [x0, y0, x1, y1]. */
export type PageBox = readonly [number, number, number, number];

const isMatrix = (v: unknown): v is Matrix => Array.isArray(v) && v.length === 6 && v.every((x) => typeof x === 'number' && Number.isFinite(x));

/**
 * Share of `box` (0…1) covered by the images the operator list paints: each image fills the unit square of
 * the current transform (cm, q/Q, form XObjects followed), its bounding box clipped to the page. Overlaps
 * count twice, capped at the whole page.
 */
export function imageCover(ops: OperatorList, OPS: Record<string, number>, box: PageBox): number {
  const [bx0, by0, bx1, by1] = [Math.min(box[0], box[2]), Math.min(box[1], box[3]), Math.max(box[0], box[2]), Math.max(box[1], box[3])];
  const pageArea = (bx1 - bx0) * (by1 - by0);
  if (!(pageArea > 0)) return 0;
  let ctm: Matrix = [1, 0, 0, 1, 0, 0];
  const stack: Matrix[] = [];
  let covered = 0;
  const paint = (m: Matrix) => {
    const xs = [m[4], m[0] + m[4], m[2] + m[4], m[0] + m[2] + m[4]];
    const ys = [m[5], m[1] + m[5], m[3] + m[5], m[1] + m[3] + m[5]];
    const w = Math.min(bx1, Math.max(...xs)) - Math.max(bx0, Math.min(...xs));
    const h = Math.min(by1, Math.max(...ys)) - Math.max(by0, Math.min(...ys));
    if (w > 0 && h > 0) covered += w * h;
  };
  ops.fnArray.forEach((fn, i) => {
    const args = (ops.argsArray[i] ?? []) as unknown[];
    if (fn === OPS.save) stack.push(ctm);
    else if (fn === OPS.restore) ctm = stack.pop() ?? ctm;
    else if (fn === OPS.transform) {
      if (isMatrix(args)) ctm = multiply(ctm, args);
    } else if (fn === OPS.paintFormXObjectBegin) {
      stack.push(ctm);
      if (isMatrix(args[0])) ctm = multiply(ctm, args[0]);
    } else if (fn === OPS.paintFormXObjectEnd) ctm = stack.pop() ?? ctm;
    else if (fn === OPS.paintImageXObject || fn === OPS.paintInlineImageXObject || fn === OPS.paintImageMaskXObject) paint(ctm);
    else if (fn === OPS.paintImageMaskXObjectGroup && Array.isArray(args[0]))
      for (const img of args[0] as Array<{ transform?: unknown }>) if (isMatrix(img?.transform)) paint(multiply(ctm, img.transform));
  });
  return Math.min(1, covered / pageArea);
}

/**
 * The pages among `weak` (1-based) that carry images covering at least MIN_IMAGE_COVER of the page.
 * `afterPage` runs after each page is looked at (the worker's memory guard); it may throw to stop.
 */
export async function scannedPages(doc: PdfDocument, weak: readonly number[], afterPage?: () => void): Promise<number[]> {
  if (weak.length === 0) return [];
  const OPS = (await getResolvedPDFJS()).OPS as unknown as Record<string, number>;
  const scanned: number[] = [];
  for (const n of weak) {
    const page = await doc.getPage(n);
    try {
      const cover = imageCover(await page.getOperatorList(), OPS, page.view as unknown as PageBox);
      if (cover >= MIN_IMAGE_COVER) scanned.push(n);
    } catch {
      // A page whose content cannot be listed is left to the text layer, as before.
    } finally {
      page.cleanup();
    }
    afterPage?.();
  }
  return scanned;
}
