// A PDF page as the viewer shows it (runs in a parse worker, like OCR's rendering): a WebP image small
// enough to send to a phone, and where the page's text-layer items sit on it. A scan has no items; its
// words come from OCR (ocr-words.ts).
import { type openRenderDocument, paintPage } from './page-render.ts';
import { type PlacedItem, textLayerBoxes, type WordBox } from './page-words.ts';

type RenderDocument = Awaited<ReturnType<typeof openRenderDocument>>;

export interface PageView {
  /** WebP bytes */
  image: Uint8Array;
  width: number;
  height: number;
  /** the page's text-layer items as boxes; empty for a scan */
  words: WordBox[];
  pages: number;
}

/** Pixels across an upright page: A4 at ~125 dpi, sharp at 100 % on a laptop and legible at 200 % zoom. */
export const VIEW_WIDTH = 1040;
// The budget is 250 KB a page: lower quality first, then size, until the image fits.
export const MAX_VIEW_BYTES = 240_000;
const ATTEMPTS: Array<{ quality: number; scale: number }> = [
  { quality: 72, scale: 1 },
  { quality: 55, scale: 1 },
  { quality: 45, scale: 0.8 },
  { quality: 40, scale: 0.65 },
];

export async function renderPageView(doc: RenderDocument, n: number): Promise<PageView> {
  const page = await doc.getPage(n);
  try {
    const base = page.getViewport({ scale: 1 });
    let words: WordBox[] | null = null;
    let image = new Uint8Array();
    let size = { width: 1, height: 1 };
    for (const { quality, scale: shrink } of ATTEMPTS) {
      const scale = (VIEW_WIDTH / Math.max(base.width, base.height * 0.6)) * shrink;
      const viewport = page.getViewport({ scale });
      const { canvas, width, height } = await paintPage(page, viewport);
      image = new Uint8Array(await canvas.encode('webp', quality));
      canvas.width = canvas.height = 0;
      size = { width, height };
      // fractions of the page: the first size's boxes fit every smaller attempt
      words ??= await itemBoxes(page, viewport, width, height);
      if (image.length <= MAX_VIEW_BYTES) break;
    }
    return { image, ...size, words: words ?? [], pages: doc.numPages };
  } finally {
    page.cleanup();
  }
}

type PdfPage = Awaited<ReturnType<RenderDocument['getPage']>>;
type Viewport = ReturnType<PdfPage['getViewport']>;

async function itemBoxes(page: PdfPage, viewport: Viewport, width: number, height: number): Promise<WordBox[]> {
  const content = await page.getTextContent({ includeMarkedContent: false, disableNormalization: false });
  const m = viewport.transform;
  const items: PlacedItem[] = [];
  for (const raw of content.items) {
    const it = raw as { str?: string; transform?: number[]; width?: number };
    if (typeof it.str !== 'string' || !Array.isArray(it.transform)) continue;
    const [a, b, c, d, e, f] = it.transform as [number, number, number, number, number, number];
    // viewport.transform × item.transform (pdf.js's Util.transform, written out to avoid importing it here)
    const tx = [m[0] * a + m[2] * b, m[1] * a + m[3] * b, m[0] * c + m[2] * d, m[1] * c + m[3] * d, m[0] * e + m[2] * f + m[4], m[1] * e + m[3] * f + m[5]];
    items.push({ text: it.str, tx, width: (it.width ?? 0) * viewport.scale });
  }
  return textLayerBoxes(items, width, height);
}
