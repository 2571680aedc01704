// OCR of PDF pages: each page is rendered as a PDF reader shows it (pdf.js on @napi-rs/canvas, in a parse
// worker process under the file's limits) and recognised by the tesseract worker pool. Rendering rather than taking the
// largest embedded image covers every encoding (CCITT, JBIG2, JPX…), masks, /Rotate, and pages
// made of several images or of images plus text.
import { ExtractionError, throwIfAborted } from './errors.ts';
import { ocrWorkers, recognizeLatin } from './ocr-pool.ts';
import { recognizePageOnce } from './ocr-cache.ts';
import { ocrLines, ocrPageText } from './ocr-text.ts';
import type { Page } from 'tesseract.js';
import type { RenderedPage } from './page-render.ts';
import { openPageRenderer, type RenderOptions } from './page-renderer.ts';
import { rereadDigitRuns } from './digit-runs.ts';
import { rereadLatinLetters } from './latin-letters.ts';
import { rejoinMarkStrips } from './mark-lines.ts';
import { recheckThaiDigits } from './thai-digits.ts';
import type { ExtractedPage, ExtractProgress } from './types.ts';
import { ocrWordBoxes, type WordBox } from './page-words.ts';

export interface OcrPage extends ExtractedPage {
  confidence: number;
  /** tesseract's words on the page image, kept so the viewer can mark a quote without reading the page again */
  words: WordBox[];
}

const TURNS = [90, 270, 180];
// Upright text reads at 85-95 mean confidence; sideways Thai reads as nothing (0) or as noise, and noise can read at
// 55-67 over thousands of characters (a letter of real_fresh_f stored turned three quarters read at 63-66 turned one
// quarter, 90-93 the right way). So a page is taken upright when it reads at READABLE_CONFIDENCE, and once turns are
// tried the one kept is the one that reads best (keepsTurn), the search stopping only at a turn that reads at
// CLEAR_CONFIDENCE.
const READABLE_CONFIDENCE = 50;
const CLEAR_CONFIDENCE = 80;
// A turned reading is kept only at this confidence or more: noise read 50-67 in every case measured (a picture page
// of real_fresh_i's 5ส handbook read 50 turned three quarters, 26 characters; the KMITL letter 57-67 turned the wrong
// ways), text turned the right way 85-93.
const TURNED_CONFIDENCE = 70;
// The file's limits stopped the renderer, or the caller did: the file is refused as for its text layer.
const STOPPED = new Set<string>(['aborted', 'too_slow', 'too_much_memory']);

/** Where an OCR run's time went, summed over pages (ms of each stage, not of the wall). */
export interface OcrTimings {
  render: number;
  recognize: number;
  post: number;
  /** extra orientations tried on pages that read as nothing upright */
  turns: number;
}

/** Tuning knobs for scripts/bench/ocr-speed.ts; the defaults are the product's. */
export const ocrTuning = {
  // Render the next pages while the current ones are recognised (in the parse workers). Off: on 2 shared
  // cores rendering is ~12 % of the stage time and two lanes already overlap one's render with the other's
  // recognition; paired bench rounds gave 2.34x, 1.7x, 0.87x and 0.68x, i.e. load noise, no measured gain.
  renderAhead: false,
};

const readsAt = (page: { confidence: number; text?: string }, confidence: number) =>
  page.confidence >= confidence && (page.text ?? '').replace(/\s+/g, '').length >= 20;
const readable = (page: { confidence: number; text?: string }) => readsAt(page, READABLE_CONFIDENCE);

/**
 * How well a reading reads: its characters, each weighted by the square of its word's confidence. Noise turned the wrong
 * way may have more characters than the page's text, at lower confidence; a page read near-empty may be read confidently.
 */
export function readingQuality(page: Pick<Page, 'blocks' | 'text' | 'confidence'>): number {
  const words = ocrLines(page).flatMap((l) => l.words);
  if (!words.length) return (page.text ?? '').replace(/\s+/g, '').length * (page.confidence / 100) ** 2;
  return words.reduce((sum, w) => sum + w.text.replace(/\s+/g, '').length * (w.confidence / 100) ** 2, 0);
}

/**
 * A document's pages go through the scanner the same way round. Where its pages that had to be turned mostly read best at
 * one turn, the pages that read upright only doubtfully (under CLEAR_CONFIDENCE: noise may read at 64 upright, as the
 * first page of real_fresh_f's turned letter did) are read at that turn too, and keep the better reading. Null when no
 * page was turned.
 */
export function pagesToTurnAgain(turnOf: readonly number[], confidenceOf: readonly number[]): { turn: number; pages: number[] } | null {
  const turns = turnOf.filter((turn) => turn !== 0);
  if (!turns.length) return null;
  const count = (turn: number) => turns.filter((x) => x === turn).length;
  const turn = TURNS.reduce((a, b) => (count(b) > count(a) ? b : a));
  const pages = turnOf.flatMap((t, i) => (t === 0 && confidenceOf[i]! < CLEAR_CONFIDENCE ? [i] : []));
  return pages.length ? { turn, pages } : null;
}

/** Whether a reading of the page turned replaces the reading kept so far (or its readingQuality): it reads as text, and reads better. */
export function keepsTurn(kept: Pick<Page, 'blocks' | 'text' | 'confidence'> | number, turned: Pick<Page, 'blocks' | 'text' | 'confidence'>): boolean {
  return readsAt(turned, TURNED_CONFIDENCE) && readingQuality(turned) > (typeof kept === 'number' ? kept : readingQuality(kept));
}

/** OCR the given pages (1-based) of the PDF at `path`, in order, in parallel up to the pool size. */
export async function ocrPdfPages(
  path: string,
  pageNumbers: number[],
  opts: RenderOptions & { onProgress?: (p: ExtractProgress) => void; timings?: OcrTimings } = {},
): Promise<OcrPage[]> {
  const results: OcrPage[] = new Array(pageNumbers.length);
  const total = pageNumbers.length;
  let next = 0;
  let done = 0;
  opts.onProgress?.({ phase: 'ocr', done: 0, total });
  const renderer = await openPageRenderer(path, opts);
  const lanes = Math.max(1, Math.min(ocrWorkers(), total));
  const t = opts.timings;
  const render = async (n: number, turn: number): Promise<RenderedPage> => {
    const started = performance.now();
    try {
      return await renderer.render(n, opts.signal, turn);
    } catch (err) {
      if (err instanceof ExtractionError && STOPPED.has(err.code)) throw err;
      throw new ExtractionError('ocr_failed', `cannot get an image of page ${n}: ${(err as Error).message}`, { cause: err });
    } finally {
      if (t) t.render += performance.now() - started;
    }
  };
  // Upright renders started ahead of the lanes that will recognise them (one page more than lanes).
  const ahead = new Map<number, Promise<RenderedPage>>();
  const upright = (index: number): Promise<RenderedPage> => {
    const last = ocrTuning.renderAhead ? Math.min(total - 1, index + lanes) : index;
    for (let i = index; i <= last; i++) {
      if (ahead.has(i)) continue;
      const job = render(pageNumbers[i], 0);
      job.catch(() => {}); // observed when its lane takes it, or dropped when the run stops
      ahead.set(i, job);
    }
    const job = ahead.get(index) as Promise<RenderedPage>;
    ahead.delete(index);
    return job;
  };
  type Reading = { image: RenderedPage; turn: number; page: Page };
  const read = async (index: number, turn: number): Promise<Reading> => {
    const image = turn === 0 ? await upright(index) : await render(pageNumbers[index], turn);
    const started = performance.now();
    const page = await recognizePageOnce(image.pgm, image.dpi, opts.signal);
    if (t) t.recognize += performance.now() - started;
    if (t && turn !== 0) t.turns++;
    return { image, turn, page };
  };
  // the turn each page was read at, and how well that reading read (readingQuality)
  const turnOf: number[] = new Array(total).fill(0);
  const qualityOf: number[] = new Array(total).fill(0);
  const finish = async (index: number, best: Reading) => {
    const { image, page } = best;
    const started = performance.now();
    const grey = { width: image.width, height: image.height, pixels: image.pgm.subarray(image.pgm.length - image.width * image.height) };
    turnOf[index] = best.turn;
    qualityOf[index] = readingQuality(page);
    // Lines whose upper marks the layout analysis cut off are read again with them, before anything reads the lines.
    await rejoinMarkStrips(page, grey, image.dpi, (crop, dpi) => recognizePageOnce(crop, dpi, opts.signal, 'line'));
    // Glyph by glyph first, then whole numbers (digits tesseract dropped or merged, Latin read for digits).
    recheckThaiDigits(page, grey);
    rereadDigitRuns(page, grey);
    // Then grade letters the Thai pass made digits or Thai of (อักษร F read as อักษร ก).
    await rereadLatinLetters(page, grey, image.dpi, recognizeLatin);
    // A page read turned has its boxes on the turned image; the viewer shows the page as published.
    const words = best.turn === 0 ? ocrWordBoxes(page, image.width, image.height) : [];
    results[index] = { page: pageNumbers[index], text: ocrPageText(page), confidence: page.confidence, words };
    if (t) t.post += performance.now() - started;
  };
  const runner = async () => {
    while (next < total) {
      const index = next++;
      throwIfAborted(opts.signal);
      let best = await read(index, 0);
      // A page scanned sideways or upside down reads as nothing, or as noise: try the other orientations, most likely
      // first, and keep the one that reads best (see CLEAR_CONFIDENCE).
      if (!readable(best.page))
        for (const turn of TURNS) {
          const next = await read(index, turn);
          if (keepsTurn(best.page, next.page)) best = next;
          if (readsAt(best.page, CLEAR_CONFIDENCE)) break;
        }
      await finish(index, best);
      opts.onProgress?.({ phase: 'ocr', done: ++done, total });
    }
  };
  // pages read upright among turned ones, read again at their document's turn (pagesToTurnAgain)
  const sameWayRound = async () => {
    const again = pagesToTurnAgain(
      turnOf,
      results.map((r) => r.confidence),
    );
    if (!again) return;
    for (const index of again.pages) {
      throwIfAborted(opts.signal);
      const turned = await read(index, again.turn);
      if (keepsTurn(qualityOf[index]!, turned.page)) await finish(index, turned);
    }
  };
  // One page image recognised per OCR worker, and one more rendered ahead (a 300 dpi page is ~9 MB grey).
  try {
    await Promise.all(Array.from({ length: lanes }, runner));
    await sameWayRound();
  } finally {
    renderer.close();
  }
  return results;
}
