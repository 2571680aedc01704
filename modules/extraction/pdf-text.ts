// PDF text-layer extraction through unpdf (serverless pdf.js build).
import { getDocumentProxy } from 'unpdf';
import { ExtractionError, throwIfAborted } from './errors.ts';
import { layoutPageText, type TextRun } from './pdf-layout.ts';
import { sheetHalves } from './sheet-halves.ts';
import { normalizeEncoding, normalizeThai } from './normalize.ts';
import { restoreSaraAa, SARA_AA_BUDGET } from './sara-aa.ts';
import type { ExtractedPage, ExtractProgress } from './types.ts';

export type PdfDocument = Awaited<ReturnType<typeof getDocumentProxy>>;

interface PdfTextItem {
  str: string;
  transform: number[];
  width: number;
  height: number;
}

/** Open a PDF, mapping pdf.js failures to stable error codes. */
export async function openPdf(data: Uint8Array): Promise<PdfDocument> {
  try {
    // pdf.js may transfer (detach) the buffer it is given; keep the caller's bytes intact.
    return await getDocumentProxy(data.slice(), { verbosity: 0, stopAtErrors: false });
  } catch (err) {
    const name = (err as { name?: string }).name ?? '';
    if (name === 'PasswordException') throw new ExtractionError('encrypted', 'the PDF is password-protected', { cause: err });
    throw new ExtractionError('corrupt', `cannot read PDF: ${(err as Error).message ?? name}`, { cause: err });
  }
}

/** A quarter turn, 0–3: which way a run's text advances on the page (0: left to right, 1: upwards, 2, 3: downwards). */
function quarterTurn(a: number, b: number): number {
  return ((Math.round(Math.atan2(b, a) / (Math.PI / 2)) % 4) + 4) % 4;
}
/** The unit vector the text advances by, for each quarter turn. */
const ALONG = [
  [1, 0],
  [0, 1],
  [-1, 0],
  [0, -1],
] as const;

// A landscape page is often stored as a portrait page turned a quarter (/Rotate 90 or 270), its text drawn turned
// the other way: pdf.js gives every run's matrix turned (a curriculum's course tables, a booklet of two pages on
// one sheet). Read in page space each run would be a line of its own, and a table's cells came out one per line,
// codes glued together away from their names. The page is read in the frame of the way most of its text runs: x
// along the text, y up the glyphs. Hand-written: pdf.js gives each run's matrix, and the layout (pdf-layout.ts)
// takes positions in the text's own frame; no library turns one into the other.
export function toRuns(items: unknown[]): TextRun[] {
  const placed: TextRun[] = [];
  const chars = [0, 0, 0, 0];
  for (const raw of items) {
    const it = raw as Partial<PdfTextItem>;
    if (typeof it.str !== 'string' || !Array.isArray(it.transform)) continue; // marked-content markers
    const [a, b, c, d, x, y] = it.transform;
    const size = Math.hypot(c, d) || Math.hypot(a, b) || it.height || 1;
    chars[quarterTurn(a, b)]! += it.str.trim().length;
    placed.push({ text: it.str, x, y, width: it.width ?? 0, size });
  }
  const page = chars.indexOf(Math.max(...chars));
  if (page === 0) return placed;
  // x along the text (ux, uy); y up the glyphs, a quarter turn anticlockwise from it (−uy, ux)
  const [ux, uy] = ALONG[page]!;
  return placed.map((r) => ({ ...r, x: r.x * ux + r.y * uy, y: r.y * ux - r.x * uy }));
}

export interface PdfTextLayer {
  pages: ExtractedPage[];
  /** Same pages with only lossless clean-up: what the quality signal must judge, because the
   * full normalisation hides a font's lost ำ by repairing the cases it can. */
  raw: ExtractedPage[];
}

/** Text of every page, in order, rebuilt from positioned items and normalised. `afterPage` may throw to stop
 * early (the parse worker's character and memory limits). */
export async function extractPdfTextPages(
  doc: PdfDocument,
  onProgress?: (p: ExtractProgress) => void,
  signal?: AbortSignal,
  afterPage?: (page: ExtractedPage) => void,
): Promise<PdfTextLayer> {
  const layer: PdfTextLayer = { pages: [], raw: [] };
  const saraAa = { left: SARA_AA_BUDGET };
  const total = doc.numPages;
  onProgress?.({ phase: 'extract', done: 0, total });
  for (let n = 1; n <= total; n++) {
    throwIfAborted(signal);
    try {
      const page = await doc.getPage(n);
      const content = await page.getTextContent({ includeMarkedContent: false, disableNormalization: false });
      const runs = toRuns(content.items);
      // two printed pages on one sheet are read one after the other (sheet-halves.ts)
      const text = (sheetHalves(runs) ?? [runs]).map(layoutPageText).filter(Boolean).join('\n\n');
      layer.pages.push({ page: n, text: restoreSaraAa(normalizeThai(text), saraAa) });
      layer.raw.push({ page: n, text: normalizeEncoding(text) });
      page.cleanup();
      afterPage?.(layer.pages[layer.pages.length - 1]);
    } catch (err) {
      if (err instanceof ExtractionError) throw err;
      throw new ExtractionError('corrupt', `cannot read page ${n}: ${(err as Error).message}`, { cause: err });
    }
    onProgress?.({ phase: 'extract', done: n, total });
  }
  return layer;
}
