// Text from tesseract's layout tree. Tesseract splits Thai (which has no word spaces) into many
// "words" and prints a space between each; the real spaces are the wide gaps, so spacing is
// decided from word boxes relative to the line height, like the PDF text-layer rebuild.
import type { Page } from 'tesseract.js';
import { joinWrapped } from './pdf-layout.ts';
import { normalizeThai } from './normalize.ts';

// Fractions of the line-box height (≈ 1.3 em for Thai with its marks): a typed space is ≥ ~0.2 em, gaps between
// tesseract's pieces of one Thai word are a few pixels; table columns are several ems apart.
const SPACE_GAP = 0.17;
const TAB_GAP = 1.8;
// Words below this confidence that are only punctuation/noise are speckles, not text.
const NOISE_CONFIDENCE = 40;

type OcrLine = NonNullable<Page['blocks']>[number]['paragraphs'][number]['lines'][number];

function lineText(line: OcrLine): string {
  // The line box (marks included) is a steadier unit than rowHeight on blurred scans.
  const height = Math.max(1, line.bbox.y1 - line.bbox.y0);
  let text = '';
  let prevEnd: number | null = null;
  for (const word of line.words) {
    const w = word.text.trim();
    if (w === '') continue;
    if (word.confidence < NOISE_CONFIDENCE && /^[^\p{L}\p{N}]+$/u.test(w)) continue;
    if (prevEnd !== null) {
      const gap = (word.bbox.x0 - prevEnd) / height;
      text += gap > TAB_GAP ? '\t' : gap > SPACE_GAP ? ' ' : '';
    }
    text += w;
    prevEnd = word.bbox.x1;
  }
  return text;
}

// The English model wins on "พ.ศ." in Thai dates and reads it as "WA"; a Latin "WA" right
// before a year in Thai digits cannot be English.
const ERA_MISREAD = /(?<![A-Za-z])(?:W[Aa]|w[ae])[.,]{0,2} ?(?=[๐-๙]{2,4})/g;

/** Repair misreads that are systematic for Thai documents. */
export function fixThaiOcrMisreads(text: string): string {
  return text.replace(ERA_MISREAD, 'พ.ศ. ');
}

/** Paragraph-structured, normalised text of one OCR'd page. */
export function ocrPageText(page: Page): string {
  const paragraphs: string[] = [];
  for (const block of page.blocks ?? []) {
    for (const para of block.paragraphs) {
      let text = '';
      let table: string[] = [];
      const flush = () => {
        if (text) paragraphs.push(text);
        if (table.length) paragraphs.push(table.join('\n'));
        text = '';
        table = [];
      };
      for (const line of para.lines) {
        const t = lineText(line);
        if (t === '') continue;
        if (t.includes('\t')) {
          if (text) flush();
          table.push(t);
        } else {
          if (table.length) flush();
          text = joinWrapped(text, t);
        }
      }
      flush();
    }
  }
  const text = paragraphs.length > 0 ? paragraphs.join('\n\n') : page.text ?? '';
  return normalizeThai(fixThaiOcrMisreads(text), { spaceBeforeAa: 'split' });
}
