// A PDF page as a PDF reader shows it, in 8-bit grey for OCR. Runs in a parse worker process
// (render-job.ts), never in the server's.
//
// Why pdfjs-dist and not unpdf's bundled pdf.js: unpdf's serverless build strips pdf.js's wasm image
// decoders, so CCITT G3/G4 and JBIG2 (what office scanners write) and JPX pages render blank there.
// The official build decodes every filter and colour model, applies image masks, Decode arrays,
// /Rotate, and composites several images and text on one page.
import { createCanvas, DOMMatrix, Path2D, type Canvas } from '@napi-rs/canvas';
import jbig2Wasm from 'pdfjs-dist/wasm/jbig2.wasm' with { type: 'file' };
import openjpegWasm from 'pdfjs-dist/wasm/openjpeg.wasm' with { type: 'file' };
import qcmsWasm from 'pdfjs-dist/wasm/qcms_bg.wasm' with { type: 'file' };
import { type Matrix, multiply } from './pdf-matrix.ts';

/** Tesseract reads Thai best at about 300 dpi (thin digit strokes stay 2–3 px wide). */
export const RENDER_DPI = 300;
// A scan between these is rendered at its own resolution, pixel for pixel: resampling blurs thin
// strokes (measured on the fixtures: 204 dpi JPEG scan CER 2.8 % native, 13.8 % resampled to 300).
// Outside, it is rendered at RENDER_DPI (fax's 204×98 dpi upsampled, 500 dpi scans reduced).
const MIN_NATIVE_DPI = 200;
const MAX_NATIVE_DPI = 400;
// An A4 page at 300 dpi is 8.7 Mpx; larger sheets (A3, posters) are rendered at a lower dpi so one
// page never needs more than ~50 MB of canvas (RGBA) in the worker.
export const MAX_PAGE_PIXELS = 12_000_000;
// pdf.js decodes an image at full size before scaling it: 128 Mpx covers A3 at 600 dpi.
const MAX_IMAGE_PIXELS = 128_000_000;

export interface RenderedPage {
  /** Binary PGM (P5): leptonica reads it directly, a quarter of RGBA. */
  pgm: Uint8Array;
  width: number;
  height: number;
  dpi: number;
}

type PdfJs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');
type PdfJsDocument = Awaited<ReturnType<PdfJs['getDocument']>['promise']>;

// The wasm decoders are imported as files so the single binary embeds them; pdf.js asks for them by name.
const WASM: Record<string, string> = { 'jbig2.wasm': jbig2Wasm, 'openjpeg.wasm': openjpegWasm, 'qcms_bg.wasm': qcmsWasm };

class EmbeddedBinaryData {
  async fetch({ kind, filename }: { kind: string; filename: string }): Promise<Uint8Array> {
    const path = kind === 'wasmUrl' ? WASM[filename] : undefined;
    if (!path) throw new Error(`no ${kind} data named ${filename}`);
    return Bun.file(path).bytes();
  }
}

/** pdf.js's canvas factory contract, on the statically imported addon (pdf.js's own Node factory
 * requires it by name at run time, which a bundled binary cannot resolve). */
class NapiCanvasFactory {
  create(width: number, height: number) {
    const canvas = createCanvas(width, height);
    return { canvas, context: canvas.getContext('2d') };
  }
  getNoAlphaContext(canvas: Canvas) {
    return canvas.getContext('2d', { alpha: false });
  }
  reset(target: { canvas: Canvas }, width: number, height: number) {
    target.canvas.width = width;
    target.canvas.height = height;
  }
  destroy(target: { canvas: Canvas | null; context: unknown }) {
    if (target.canvas) target.canvas.width = target.canvas.height = 0;
    target.canvas = null;
    target.context = null;
  }
}

let pdfjs: Promise<PdfJs> | null = null;
let parser: unknown = null;

function loadPdfJs(): Promise<PdfJs> {
  return (pdfjs ??= (async () => {
    // pdf.js draws with these browser globals; set before it loads.
    const g = globalThis as Record<string, unknown>;
    g.DOMMatrix ??= DOMMatrix;
    g.Path2D ??= Path2D;
    // pdf.js replaces a navigator without `language` by a bare object, and Bun's os.availableParallelism()
    // reads navigator.hardwareConcurrency: it would return undefined for the rest of the process.
    if (typeof navigator !== 'undefined' && !navigator.language) Object.defineProperty(navigator, 'language', { value: 'en-US', configurable: true });
    // Run pdf.js's parser in this thread (the process is already a worker) instead of it importing its
    // worker script by a computed path, which a bundled binary cannot resolve.
    parser = await import('pdfjs-dist/legacy/build/pdf.worker.mjs');
    // pdf.js tries to require @napi-rs/canvas by name when it loads, which fails inside the single binary
    // and logs a warning per worker; the canvas comes from the factory above instead.
    const log = console.log;
    console.log = (...args: unknown[]) => {
      if (!String(args[0]).startsWith('Warning: Cannot load "@napi-rs/canvas"')) log(...args);
    };
    try {
      return await import('pdfjs-dist/legacy/build/pdf.mjs');
    } finally {
      console.log = log;
    }
  })());
}

export async function openRenderDocument(data: Uint8Array): Promise<PdfJsDocument> {
  const { getDocument } = await loadPdfJs();
  // pdf.js finds its in-thread parser in globalThis.pdfjsWorker. Where unpdf's older pdf.js has put its own
  // (a parse worker that read a text layer, tests), ours is lent for the opening only.
  const g = globalThis as Record<string, unknown>;
  const theirs = g.pdfjsWorker;
  g.pdfjsWorker = parser;
  try {
    return await openWith(getDocument, data);
  } finally {
    if (theirs !== undefined) g.pdfjsWorker = theirs;
  }
}

function openWith(getDocument: PdfJs['getDocument'], data: Uint8Array): Promise<PdfJsDocument> {
  return getDocument({
    // pdf.js refuses Node Buffers by their class; the same bytes as a plain view are fine.
    data: Buffer.isBuffer(data) ? new Uint8Array(data.buffer, data.byteOffset, data.byteLength) : data,
    verbosity: 0,
    stopAtErrors: false,
    maxImageSize: MAX_IMAGE_PIXELS,
    isEvalSupported: false,
    isOffscreenCanvasSupported: false,
    isImageDecoderSupported: false,
    useSystemFonts: false,
    useWorkerFetch: false,
    BinaryDataFactory: EmbeddedBinaryData,
    CanvasFactory: NapiCanvasFactory,
  } as Parameters<PdfJs['getDocument']>[0]).promise;
}

type OperatorList = { fnArray: number[]; argsArray: unknown[][] };

/**
 * Resolution (pixels per inch on the page) of the page's largest image, from where the content stream
 * places it; null for pages without images. Follows cm, q/Q and form XObjects.
 */
export function largestImageDpi(ops: OperatorList, OPS: Record<string, number>): number | null {
  let ctm: Matrix = [1, 0, 0, 1, 0, 0];
  const stack: Matrix[] = [];
  let best: { area: number; dpi: number } | null = null;
  const image = (w: number, h: number) => {
    const area = Math.abs(ctm[0] * ctm[3] - ctm[1] * ctm[2]); // in square points
    if (!(w > 0 && h > 0 && area > 0)) return;
    const dpi = Math.sqrt((w * h) / area) * 72;
    if (!best || area > best.area) best = { area, dpi };
  };
  ops.fnArray.forEach((fn, i) => {
    const args = ops.argsArray[i] ?? [];
    if (fn === OPS.save) stack.push(ctm);
    else if (fn === OPS.restore) ctm = stack.pop() ?? ctm;
    else if (fn === OPS.transform) ctm = multiply(ctm, args as Matrix);
    else if (fn === OPS.paintFormXObjectBegin) {
      stack.push(ctm);
      if (Array.isArray(args[0])) ctm = multiply(ctm, args[0] as Matrix);
    } else if (fn === OPS.paintFormXObjectEnd) ctm = stack.pop() ?? ctm;
    else if (fn === OPS.paintImageXObject) image(args[1] as number, args[2] as number);
    else if (fn === OPS.paintInlineImageXObject || fn === OPS.paintImageMaskXObject) {
      const img = args[0] as { width?: number; height?: number } | undefined;
      image(img?.width ?? 0, img?.height ?? 0);
    }
  });
  return (best as { dpi: number } | null)?.dpi ?? null;
}

// scripts/bench/ocr-speed.ts tries lower resolutions through this (the parse workers inherit the environment).
const BENCH_MAX_DPI = Number(process.env.ASK_REG_BENCH_OCR_MAX_DPI) || Number.POSITIVE_INFINITY;

/** The dpi to render a page at, given its largest image's resolution (see MIN/MAX_NATIVE_DPI). */
export function renderDpi(imageDpi: number | null): number {
  const dpi = imageDpi !== null && imageDpi >= MIN_NATIVE_DPI && imageDpi <= MAX_NATIVE_DPI ? imageDpi : RENDER_DPI;
  return Math.min(dpi, BENCH_MAX_DPI);
}

/** Scale (canvas px per PDF point) for `dpi`, lowered so the page stays within MAX_PAGE_PIXELS. */
export function renderScale(pageWidthPt: number, pageHeightPt: number, dpi = RENDER_DPI): number {
  const scale = dpi / 72;
  const pixels = pageWidthPt * scale * pageHeightPt * scale;
  return pixels <= MAX_PAGE_PIXELS ? scale : Math.sqrt(MAX_PAGE_PIXELS / (pageWidthPt * pageHeightPt));
}

/** Render page `n` (1-based) on white, turned `turn` degrees clockwise beyond its /Rotate, as 8-bit grey. */
export async function renderPageGrey(doc: PdfJsDocument, n: number, turn = 0): Promise<RenderedPage> {
  const page = await doc.getPage(n);
  try {
    const { OPS } = await loadPdfJs();
    const dpi = renderDpi(largestImageDpi(await page.getOperatorList(), OPS as unknown as Record<string, number>));
    const rotation = (page.rotate + turn) % 360; // /Rotate, plus a turn for scans stored sideways
    const base = page.getViewport({ scale: 1, rotation });
    const scale = renderScale(base.width, base.height, dpi);
    const { canvas, context, width, height } = await paintPage(page, page.getViewport({ scale, rotation }));
    const rgba = context.getImageData(0, 0, width, height).data;
    canvas.width = canvas.height = 0; // free the RGBA buffer before building the next
    return { pgm: toPgm(rgba, width, height), width, height, dpi: scale * 72 };
  } finally {
    page.cleanup();
  }
}

type PdfJsPage = Awaited<ReturnType<PdfJsDocument['getPage']>>;

/** The page drawn on white at the viewport's size: where OCR's grey image and the viewer's picture both start. */
export async function paintPage(page: PdfJsPage, viewport: ReturnType<PdfJsPage['getViewport']>) {
  const width = Math.max(1, Math.round(viewport.width));
  const height = Math.max(1, Math.round(viewport.height));
  const canvas = createCanvas(width, height);
  const context = canvas.getContext('2d');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, width, height);
  await page.render({ canvas: canvas as never, canvasContext: context as never, viewport, background: '#ffffff' }).promise;
  return { canvas, context, width, height };
}

function toPgm(rgba: Uint8ClampedArray, width: number, height: number): Uint8Array {
  const header = new TextEncoder().encode(`P5\n${width} ${height}\n255\n`);
  const out = new Uint8Array(header.length + width * height);
  out.set(header);
  for (let i = 0, o = header.length; i < rgba.length; i += 4) out[o++] = (rgba[i] * 77 + rgba[i + 1] * 150 + rgba[i + 2] * 29) >> 8;
  return out;
}
