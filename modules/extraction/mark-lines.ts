// Thai marks above a line read as a line of their own. Tesseract's layout analysis finds text lines before the
// model reads them; on a tightly spaced or bold scan it takes a line's upper vowels and tone marks (ี ่ ้ ั ิ ๊) for
// a thin line of their own, just above it. The model then reads that strip as junk ("a a ov o", "ม = ad ฆ/") and
// the line below without its marks: "วันท" for วันที่, "ชนปท" for ชั้นปีที่, "ม่นาคม" for มีนาคม, words neither
// a search nor a reader finds. Seen on the office scans of real libraries (real_fresh_c's VRU announcements: 42 of
// 871 lines; every library of scans has some).
//
// Such a strip is found by its shape: much thinner than a text line, touching the top of the line below, and within
// its width, and holding no text of its own (a small-print line or a table cell's second line is as thin; holdsText).
// The strip and the line are read again together as one line (tesseract's single-line mode, which keeps the marks with
// their consonants), and that reading replaces both when the model is about as sure of it as of the line alone.
// Hand-written because tesseract has no setting that keeps marks with their line (its diacritic handling runs
// after the line is cut), and no library re-reads a line with its marks.
import type { Page } from 'tesseract.js';
import type { GreyImage } from './ink-components.ts';
import { ocrLines } from './ocr-text.ts';
import { dictionaryWords } from '../../src/thai/dictionary.ts';

type OcrBlock = NonNullable<Page['blocks']>[number];
type OcrParagraph = OcrBlock['paragraphs'][number];
type OcrLine = OcrParagraph['lines'][number];
interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** Reads one line of an image (encoded PGM bytes) at `dpi`: the page tesseract makes of it. */
export type LineReader = (image: Uint8Array, dpi: number) => Promise<Page>;

// In text-line heights (the page's median): a strip of marks is at most this tall…
const MAX_STRIP_HEIGHT = 0.7;
// …above a line at least this tall (one that lost its marks is a consonant's height, ~0.6–0.75)…
const MIN_LINE_HEIGHT = 0.5;
// …its bottom at most this far above the line's top (usually it overlaps it)…
const MAX_GAP = 0.25;
// …and it does not reach out past the line by more than this.
const MAX_OVERHANG = 1;
// White margin around the crop read again, in line heights: the marks' tips and the descenders stay inside.
const PAD = 0.15;
// The reading replaces the line only if tesseract's confidence in it is at most this much under the line's own.
const MAX_CONFIDENCE_LOSS = 5;
// A page with more strips than this is not a page of text lines (a table's ruled cells, a form): left as read.
const MAX_PAIRS = 40;

const height = (b: Box) => b.y1 - b.y0;

// A line the model read with this confidence is text, not a strip (strips read at 37–82 on VRU's scans, text at 90–95).
const SURE = 85;

/**
 * The median height of the page's lines of text: those holding some text, read surely where there are such (a page
 * with many strips, which hold ten junk characters too, would otherwise pull the median down to theirs).
 */
function textLineHeight(lines: readonly OcrLine[]): number {
  const texts = lines.filter((l) => l.text.replace(/\s/g, '').length >= 10);
  const sure = texts.filter((l) => l.confidence >= SURE);
  const heights = (sure.length > 0 ? sure : texts).map((l) => height(l.bbox)).sort((a, b) => a - b);
  return heights.length ? heights[Math.floor(heights.length / 2)]! : 0;
}

// Marks above and below the consonants (and ำ's circle, ั … ๎): not letters of a word's length.
const MARK = /[\u0E31\u0E34-\u0E3A\u0E47-\u0E4E]/g;
const segmenter = new Intl.Segmenter('th', { granularity: 'word' });

/**
 * Whether a thin line holds text of its own: a word of the dictionary with three letters or more, or (read surely) a
 * Latin word of four letters or a number of two digits in one script. A small-print line, a table cell's second line or
 * a date written over a form's line is as thin as a strip and can touch the line below; read again as one line with
 * it, its text would be lost (measured over every real set's OCR pages: "F ตก (FAILED)" of a grade table, "26 - 27
 * พ.ค. 64", a definition's first line). A strip of marks reads as Latin letters, lone consonants and digits ("a a ov
 * o", "ม = ะ ad ฆ/", "๑4 A ๑4"), at most a short word by chance ("ad", "ซี่").
 */
export function holdsText(line: Pick<OcrLine, 'text' | 'confidence'>): boolean {
  const dictionary = dictionaryWords();
  for (const s of segmenter.segment(line.text))
    if (s.isWordLike && /^[\u0E01-\u0E4E]+$/.test(s.segment) && s.segment.replace(MARK, '').length >= 3 && dictionary.has(s.segment)) return true;
  return line.confidence >= SURE && /(?<![A-Za-z])[A-Za-z]{4,}|(?<![0-9๐-๙])(?:[0-9]{2,}|[๐-๙]{2,})(?![0-9๐-๙])/.test(line.text);
}

export interface MarkStrip {
  strip: OcrLine;
  line: OcrLine;
}

/** Each strip of marks with the line it came off, top to bottom; a line takes one strip at most. */
export function markStrips(page: Page): MarkStrip[] {
  const lines = ocrLines(page);
  return stripsAmong(lines, textLineHeight(lines));
}

/** The strips among `lines`, whose text lines are `h` tall. */
function stripsAmong(lines: readonly OcrLine[], h: number): MarkStrip[] {
  if (h <= 0) return [];
  const taken = new Set<OcrLine>();
  const out: MarkStrip[] = [];
  for (const strip of [...lines].sort((a, b) => a.bbox.y0 - b.bbox.y0)) {
    if (taken.has(strip) || height(strip.bbox) >= MAX_STRIP_HEIGHT * h || strip.text.trim() === '' || holdsText(strip)) continue;
    // the nearest line starting below the strip's top that it overlaps across
    let line: OcrLine | null = null;
    for (const l of lines)
      if (l !== strip && l.bbox.y0 > strip.bbox.y0 && l.bbox.x0 < strip.bbox.x1 && l.bbox.x1 > strip.bbox.x0 && (!line || l.bbox.y0 < line.bbox.y0)) line = l;
    // the line below lost its marks, so it is shorter than a text line, but it is a line of text
    if (!line || taken.has(line) || height(line.bbox) < MIN_LINE_HEIGHT * h || height(line.bbox) <= height(strip.bbox)) continue;
    if (strip.bbox.y1 < line.bbox.y0 - MAX_GAP * h) continue;
    if (strip.bbox.x0 < line.bbox.x0 - MAX_OVERHANG * h || strip.bbox.x1 > line.bbox.x1 + MAX_OVERHANG * h) continue;
    taken.add(strip).add(line);
    out.push({ strip, line });
  }
  return out.length > MAX_PAIRS ? [] : out;
}

/** The box's pixels as a binary PGM (P5). */
export function cropPgm(img: GreyImage, box: Box): Uint8Array {
  const w = box.x1 - box.x0 + 1;
  const h = box.y1 - box.y0 + 1;
  const header = new TextEncoder().encode(`P5\n${w} ${h}\n255\n`);
  const out = new Uint8Array(header.length + w * h);
  out.set(header);
  for (let y = 0; y < h; y++) {
    const from = (box.y0 + y) * img.width + box.x0;
    out.set(img.pixels.subarray(from, from + w), header.length + y * w);
  }
  return out;
}

const shift = <T extends Box>(b: T, dx: number, dy: number): T => ({ ...b, x0: b.x0 + dx, x1: b.x1 + dx, y0: b.y0 + dy, y1: b.y1 + dy });

/**
 * Every strip of marks read again with its line (see above). The line takes the reading's text, words, box, baseline
 * and confidence, and the strip leaves the page. Returns how many lines were read again and kept.
 */
export async function rejoinMarkStrips(page: Page, img: GreyImage, dpi: number, readLine: LineReader): Promise<number> {
  const lines = ocrLines(page);
  const h = textLineHeight(lines);
  const strips = stripsAmong(lines, h);
  if (strips.length === 0) return 0;
  const pad = Math.round(PAD * h);
  const dropped = new Set<OcrLine>();
  for (const { strip, line } of strips) {
    const box = {
      x0: Math.max(0, Math.min(strip.bbox.x0, line.bbox.x0) - pad),
      y0: Math.max(0, strip.bbox.y0 - pad),
      x1: Math.min(img.width - 1, Math.max(strip.bbox.x1, line.bbox.x1) + pad),
      y1: Math.min(img.height - 1, line.bbox.y1 + pad),
    };
    if (box.x1 <= box.x0 || box.y1 <= box.y0) continue;
    const read = ocrLines(await readLine(cropPgm(img, box), dpi)).filter((l) => l.text.trim() !== '');
    // single-line mode gives one line; anything else is not a reading of this line
    if (read.length !== 1) continue;
    const again = read[0]!;
    if (again.confidence < line.confidence - MAX_CONFIDENCE_LOSS) continue;
    const [dx, dy] = [box.x0, box.y0];
    line.text = again.text;
    line.confidence = again.confidence;
    line.bbox = shift(again.bbox, dx, dy);
    line.baseline = shift(again.baseline, dx, dy);
    line.rowAttributes = again.rowAttributes;
    line.words = again.words.map((w) => ({
      ...w,
      bbox: shift(w.bbox, dx, dy),
      symbols: (w.symbols ?? []).map((c) => ({ ...c, bbox: shift(c.bbox, dx, dy) })),
    }));
    dropped.add(strip);
  }
  if (dropped.size === 0) return 0;
  for (const block of page.blocks ?? []) for (const para of block.paragraphs) para.lines = para.lines.filter((l) => !dropped.has(l));
  for (const block of page.blocks ?? []) block.paragraphs = block.paragraphs.filter((p) => p.lines.length > 0);
  if (page.blocks) page.blocks = page.blocks.filter((b) => b.paragraphs.length > 0);
  return dropped.size;
}
