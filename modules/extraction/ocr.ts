// OCR of PDF pages: scans use their embedded image at native resolution (no resampling
// loss, no render cost); other pages are rendered with pdf.js onto @napi-rs/canvas.
import { availableParallelism } from 'node:os';
import { extractImages, renderPageAsImage } from 'unpdf';
import { ExtractionError, throwIfAborted } from './errors.ts';
import { recognizePage } from './ocr-pool.ts';
import { ocrPageText } from './ocr-text.ts';
import type { PdfDocument } from './pdf-text.ts';
import type { ExtractedPage, ExtractProgress } from './types.ts';

const RENDER_DPI = 300;
// Scans above this are halved: tesseract gains nothing past ~300 dpi but pays per pixel.
const MAX_SCAN_DPI = 450;
// pdf.js does not report image placement: an image is taken as the page scan when its shape
// matches the page and its resolution is scan-like.
const MIN_SHAPE_MATCH = 0.8;
const MIN_SCAN_DPI = 100;

export interface OcrPage extends ExtractedPage { confidence: number }
interface PageImage { bytes: Uint8Array; dpi: number }
type RawImage = Awaited<ReturnType<typeof extractImages>>[number];

/** Binary PGM (P5) in 8-bit grey: leptonica reads it directly, and it is a third of RGB. */
function toPgm(img: RawImage, halve: boolean): Uint8Array {
  const { width, height, channels, data } = img;
  const step = halve ? 2 : 1;
  const w = Math.floor(width / step);
  const h = Math.floor(height / step);
  const header = new TextEncoder().encode(`P5\n${w} ${h}\n255\n`);
  const out = new Uint8Array(header.length + w * h);
  out.set(header);
  const grey = (x: number, y: number) => {
    const i = (y * width + x) * channels;
    return channels >= 3 ? (data[i] * 77 + data[i + 1] * 150 + data[i + 2] * 29) >> 8 : data[i];
  };
  let o = header.length;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      if (step === 1) out[o++] = grey(x, y);
      else {
        const sx = x * 2;
        const sy = y * 2;
        out[o++] = (grey(sx, sy) + grey(sx + 1, sy) + grey(sx, sy + 1) + grey(sx + 1, sy + 1)) >> 2;
      }
    }
  }
  return out;
}

async function pageImage(doc: PdfDocument, n: number, render: boolean): Promise<PageImage> {
  if (!render) {
    const page = await doc.getPage(n);
    const [x0, y0, x1, y1] = page.view;
    const pageW = Math.abs(x1 - x0);
    const pageH = Math.abs(y1 - y0);
    const images = await extractImages(doc, n).catch(() => [] as RawImage[]);
    const largest = images.sort((a, b) => b.width * b.height - a.width * a.height)[0];
    if (largest) {
      const dpi = (largest.width / pageW) * 72;
      const aspect = largest.width / largest.height / (pageW / pageH);
      const shapeMatch = Math.min(aspect, 1 / aspect);
      if (dpi >= MIN_SCAN_DPI && shapeMatch >= MIN_SHAPE_MATCH && [1, 3, 4].includes(largest.channels)) {
        const halve = dpi > MAX_SCAN_DPI;
        return { bytes: toPgm(largest, halve), dpi: halve ? dpi / 2 : dpi };
      }
    }
  }
  const png = await renderPageAsImage(doc, n, {
    canvasImport: () => import('@napi-rs/canvas'),
    scale: RENDER_DPI / 72,
  });
  return { bytes: new Uint8Array(png), dpi: RENDER_DPI };
}

/**
 * OCR the given pages (1-based) in order, in parallel up to the pool size.
 * `render` forces rendering (text PDFs); otherwise embedded scan images are used when present.
 */
export async function ocrPdfPages(
  doc: PdfDocument,
  pageNumbers: number[],
  opts: { render: boolean; onProgress?: (p: ExtractProgress) => void; signal?: AbortSignal },
): Promise<OcrPage[]> {
  const results: OcrPage[] = new Array(pageNumbers.length);
  const total = pageNumbers.length;
  let next = 0;
  let done = 0;
  opts.onProgress?.({ phase: 'ocr', done: 0, total });
  const runner = async () => {
    while (next < total) {
      const index = next++;
      throwIfAborted(opts.signal);
      const n = pageNumbers[index];
      let image: PageImage;
      try {
        image = await pageImage(doc, n, opts.render);
      } catch (err) {
        throw new ExtractionError('ocr_failed', `cannot get an image of page ${n}: ${(err as Error).message}`, { cause: err });
      }
      const page = await recognizePage(image.bytes, image.dpi, opts.signal);
      results[index] = { page: n, text: ocrPageText(page), confidence: page.confidence };
      opts.onProgress?.({ phase: 'ocr', done: ++done, total });
    }
  };
  // Two page images in flight at most: a 300 dpi scan is ~9 MB grey each.
  const lanes = Math.max(1, Math.min(2, availableParallelism(), total));
  await Promise.all(Array.from({ length: lanes }, runner));
  return results;
}
