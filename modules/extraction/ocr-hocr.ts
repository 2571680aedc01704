// The tesseract command's output read into the page shape tesseract.js returns (blocks → paragraphs → lines → words
// with boxes, confidences, the line's baseline and row heights), which the digit and letter re-reads, the orientation
// retries and the viewer's word boxes read. One run prints hOCR (boxes, baselines, row heights; TSV has no baselines)
// and then the plain text (the line texts with their real spacing: Thai words are glyph clusters hOCR lists apart,
// and only the text says which of them a space separates).
import type { Page } from 'tesseract.js';

type Box = { x0: number; y0: number; x1: number; y1: number };
type Word = { text: string; bbox: Box; confidence: number };
type Line = {
  text: string;
  bbox: Box;
  confidence: number;
  baseline: Box & { has_baseline: boolean };
  rowAttributes: { rowHeight: number; descenders: number; ascenders: number };
  words: Word[];
};
type Paragraph = { text: string; bbox: Box; confidence: number; lines: Line[] };
type Block = { text: string; bbox: Box; confidence: number; paragraphs: Paragraph[] };

// Element classes the hOCR renderer gives text lines (by the block's type), and the rest of the structure.
const TAG = /<(?:div|p|span) class='(ocr_carea|ocr_par|ocr_line|ocr_header|ocr_caption|ocr_textfloat|ocrx_word)'([^>]*)>/g;
// tesseract closes the page's div at this indent; what follows it up to the footer is the plain text renderer's.
const PAGE_END = '\n  </div>\n';
const FOOTER = / <\/body>\s*<\/html>\s*$/;
const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'", '&apos;': "'" };

const field = (title: string, name: string): number[] | null => {
  const m = new RegExp(`(?:^|;)\\s*${name} ([^;]+)`).exec(title);
  return m ? m[1].trim().split(/\s+/).map(Number) : null;
};
const boxOf = (title: string): Box => {
  const [x0, y0, x1, y1] = field(title, 'bbox') ?? [0, 0, 0, 0];
  return { x0, y0, x1, y1 };
};
const decode = (html: string) => html.replace(/<[^>]*>/g, '').replace(/&(?:amp|lt|gt|quot|#39|apos);/g, (e) => ENTITIES[e]);
const mean = (values: number[]) => (values.length ? values.reduce((a, b) => a + b, 0) / values.length : 0);

/** Splits the command's output (`-c tessedit_create_hocr=1 -c tessedit_create_txt=1`, one page) into its two parts. */
export function splitHocrAndText(out: string): { hocr: string; text: string } | null {
  const end = out.indexOf(PAGE_END);
  if (end < 0 || !out.includes("class='ocr_page'")) return null;
  return { hocr: out.slice(0, end), text: out.slice(end + PAGE_END.length).replace(FOOTER, '') };
}

/**
 * Reads one page of hOCR and the same run's plain text into tesseract.js's page shape. Each line's text is its
 * stretch of the plain text, found by its words in order; a page whose words cannot be found there (never seen)
 * has its lines' words joined by spaces instead.
 */
export function pageFromHocr(hocr: string, text: string): Page {
  const blocks: Block[] = [];
  const lines: Line[] = [];
  let block: Block | null = null;
  let para: Paragraph | null = null;
  let line: Line | null = null;
  for (const m of hocr.matchAll(TAG)) {
    const [, kind, attrs] = m;
    const title = /title=(["'])(.*?)\1/.exec(attrs)?.[2] ?? '';
    if (kind === 'ocr_carea') {
      block = { text: '', bbox: boxOf(title), confidence: 0, paragraphs: [] };
      blocks.push(block);
      para = null;
    } else if (kind === 'ocr_par') {
      para = { text: '', bbox: boxOf(title), confidence: 0, lines: [] };
      if (!block) blocks.push((block = { text: '', bbox: para.bbox, confidence: 0, paragraphs: [] }));
      block.paragraphs.push(para);
    } else if (kind === 'ocrx_word') {
      if (!line) continue;
      const start = (m.index ?? 0) + m[0].length;
      const close = hocr.indexOf('</span>', start);
      const word = decode(hocr.slice(start, close < 0 ? undefined : close));
      line.words.push({ text: word, bbox: boxOf(title), confidence: field(title, 'x_wconf')?.[0] ?? 0 });
    } else {
      const bbox = boxOf(title);
      // hOCR's baseline is `slope offset` from the box's bottom-left corner; tesseract.js gives its two ends.
      const [slope, offset] = field(title, 'baseline') ?? [];
      const has = Number.isFinite(slope) && Number.isFinite(offset);
      const y0 = has ? bbox.y1 + offset : bbox.y1;
      const baseline = { x0: bbox.x0, y0, x1: bbox.x1, y1: has ? y0 + slope * (bbox.x1 - bbox.x0) : y0, has_baseline: has };
      const rowAttributes = {
        rowHeight: field(title, 'x_size')?.[0] ?? 0,
        descenders: field(title, 'x_descenders')?.[0] ?? 0,
        ascenders: field(title, 'x_ascenders')?.[0] ?? 0,
      };
      line = { text: '', bbox, confidence: 0, baseline, rowAttributes, words: [] };
      if (!para) {
        para = { text: '', bbox, confidence: 0, lines: [] };
        if (!block) blocks.push((block = { text: '', bbox, confidence: 0, paragraphs: [] }));
        block.paragraphs.push(para);
      }
      para.lines.push(line);
      lines.push(line);
    }
  }
  for (const p of blocks.flatMap((b) => b.paragraphs)) p.lines = p.lines.filter((l) => l.words.length > 0);
  for (const b of blocks) b.paragraphs = b.paragraphs.filter((p) => p.lines.length > 0);
  const kept = blocks.filter((b) => b.paragraphs.length > 0);
  const read = lines.filter((l) => l.words.length > 0);
  if (!lineTexts(read, text)) for (const l of read) l.text = `${l.words.map((w) => w.text).join(' ')}\n`;
  for (const l of read) l.confidence = mean(l.words.map((w) => w.confidence));
  for (const b of kept) {
    for (const p of b.paragraphs) {
      p.text = p.lines.map((l) => l.text).join('');
      p.confidence = mean(p.lines.map((l) => l.confidence));
    }
    b.text = b.paragraphs.map((p) => p.text).join('');
    b.confidence = mean(b.paragraphs.map((p) => p.confidence));
  }
  // tesseract's page confidence (MeanTextConf): the mean of its words' whole-number confidences
  const words = read.flatMap((l) => l.words);
  const confidence = words.length ? Math.floor(mean(words.map((w) => w.confidence))) : 0;
  return { text, confidence, blocks: kept } as unknown as Page;
}

/** Gives each line its stretch of the page text, up to where the next line's first word starts. False when a word is not where expected. */
function lineTexts(lines: Line[], text: string): boolean {
  const starts: number[] = [];
  let pos = 0;
  for (const line of lines) {
    let first = -1;
    for (const w of line.words) {
      const t = w.text.trim();
      if (t === '') continue;
      while (pos < text.length && /\s/.test(text[pos])) pos++;
      if (!text.startsWith(t, pos)) return false;
      if (first < 0) first = pos;
      pos += t.length;
    }
    starts.push(first < 0 ? pos : first);
  }
  lines.forEach((line, i) => {
    line.text = text.slice(starts[i], i + 1 < lines.length ? starts[i + 1] : text.length);
  });
  return true;
}
