// Text from tesseract's layout tree. Tesseract's own line text has the right spaces for Thai
// (its "words" are single glyphs, too fine to space by), but it lumps a whole page into one
// paragraph; so lines keep tesseract's spacing, tab-separated where the glyph boxes leave a
// column-wide gap, and paragraphs/tables come from the same geometry as the PDF text layer.
import type { Page } from 'tesseract.js';
import { cellText, layoutLines, spacingGlyphs, type Cell, type Line, type Part } from './pdf-layout.ts';
import { normalizeThai } from './normalize.ts';
import { commaInAmounts, dottedLinesFromDigits, dropDigitEchoes, dropLettersInNumbers, dropPageNumbers, joinSplitSixInYears } from './ocr-numbers.ts';
import { joinCutWords } from './ocr-spaces.ts';
import { restoreSpelling } from './ocr-spelling.ts';
import { foldThaiDigits, toThaiDigits } from '../../src/thai/digits.ts';

// In line heights (≈ 1.3 em for Thai with its marks): table columns are several ems apart.
const TAB_GAP = 1.8;
// Below this mean confidence a short isolated cell is noise (stamps, dirt, JPEG artefacts).
export const SPECKLE_CONFIDENCE = 70;

type OcrLine = NonNullable<Page['blocks']>[number]['paragraphs'][number]['lines'][number];

/** The page's lines in reading order, through its blocks and paragraphs. */
export const ocrLines = (page: Pick<Page, 'blocks'>): OcrLine[] => (page.blocks ?? []).flatMap((b) => b.paragraphs.flatMap((p) => p.lines));

// The English model wins on "พ.ศ." in Thai dates and reads it as "WA"; a Latin "WA" right
// before a year in Thai digits cannot be English. On a 1-bit scan the year goes too ("มหาวิทยาลัยศรีชลธาร
// WA. Ed." for พ.ศ. ๒๕๕๖): "WA." / "W.A." after Thai text and before a short Latin word is the era all
// the same. Its year is left as read (ocr-numbers.ts restores it only from another mention of the act).
const ERA_MISREAD = /(?<![A-Za-z])(?:W[Aa]|w[ae])[.,]{0,2} ?(?=[๐-๙]{2,4})|(?<=[\u0E01-\u0E4E][ \t])W\.?A(?:\. ?| )(?=[A-Za-z][A-Za-z0-9.,']{1,4}(?:\s|$))/g;

// The English model wins on บาท after an amount as well: "๑๕,๐๐๐ UW", "จำนวน ๑๐ UM", "เหมาจ่ายภาคเรียนละ 7,500 um" (15
// times on the cached real OCR pages, beside 157 amounts read with บาท, in documents of three universities). After a
// figure in a Thai line, um/uw is never English: it is the currency.
const BAHT_MISREAD = /(?<=[\u0E01-\u0E4E][^\n]{0,60}?[0-9๐-๙][0-9๐-๙,.]* ?)(?:um|uw|UM|UW)(?![A-Za-z])/g;

// Tesseract's Thai model, on a noisy scan, can emit the start of a word twice across a box boundary:
// "สิ สิทธิ", "เว้ เว้นแต่", "จ จะ", "ระ ะหว่าง". A fragment of up to three letters standing alone right
// before a word that begins with it is that echo; so is a word that begins with sara a, which no Thai word does.
const LETTER = '\u0E01-\u0E3A\u0E40-\u0E4E';
const PREFIX_ECHO = new RegExp(`(?<![${LETTER}])([${LETTER}]{1,3}) (?=\\1[${LETTER}])`, 'g');
const SARA_A_ECHO = /ะ[ \t]+ะ/g;
const SARA_A_START = new RegExp(`(?<![${LETTER}])ะ(?![${LETTER}])[ ]?|(?<![${LETTER}])ะ(?=[${LETTER}])`, 'g');

/** Repair misreads that are systematic for Thai documents. */
export function fixThaiOcrMisreads(text: string): string {
  return text.replace(ERA_MISREAD, 'พ.ศ. ').replace(BAHT_MISREAD, 'บาท').replace(SARA_A_ECHO, 'ะ').replace(SARA_A_START, '').replace(PREFIX_ECHO, '');
}

interface OcrPart extends Part {
  confidence: number;
}

/** Tesseract's space-separated tokens with the extent and confidence of the glyphs they cover. */
function tokenParts(line: OcrLine): OcrPart[] {
  const tokens = line.text.trim().split(/\s+/).filter(Boolean);
  const words = line.words.filter((w) => w.text.trim() !== '');
  const parts: OcrPart[] = [];
  let j = 0;
  for (const token of tokens) {
    let covered = '';
    let x0 = Infinity;
    let x1 = -Infinity;
    let confidence = 0;
    const first = j;
    while (j < words.length && covered.length < token.length) {
      covered += words[j].text.trim();
      x0 = Math.min(x0, words[j].bbox.x0);
      x1 = Math.max(x1, words[j].bbox.x1);
      confidence += words[j].confidence;
      j++;
    }
    // Boxes and text disagree: fall back to one part spanning the line (no tabs, spaces kept).
    if (covered !== token) return [{ x0: line.bbox.x0, x1: line.bbox.x1, text: tokens.join(' '), confidence: line.confidence }];
    parts.push({ x0, x1, text: token, confidence: confidence / Math.max(1, j - first) });
  }
  return parts;
}

/** Scan noise read as text: an isolated cell of punctuation or marks, or a short unsure word. */
function isSpeckle(parts: OcrPart[]): boolean {
  const text = parts.map((p) => p.text).join('');
  if (!/[\p{L}\p{N}]/u.test(text)) return true;
  if (/\p{N}/u.test(text)) return false; // a misread digit still marks a number to check
  const confidence = parts.reduce((n, p) => n + p.confidence, 0) / parts.length;
  return text.length <= 3 && confidence < SPECKLE_CONFIDENCE;
}

// Dust at a line's ends is read as a lone mark (". ข้อ ๑๗", "'ข้อ ๑๓ |"): never text in Thai, and in front
// of a clause or item number it hides the heading from everything that looks for one at a paragraph start.
const EDGE_SPECKLE = /^[.,'`‘’|:;~_]+$/;

function trimSpeckles(parts: OcrPart[], thaiDigits: boolean): OcrPart[] {
  let [from, to] = [0, parts.length];
  while (from < to && EDGE_SPECKLE.test(parts[from].text)) from++;
  while (to > from && EDGE_SPECKLE.test(parts[to - 1].text)) to--;
  // On a 1-bit scan a dot of dust at a line's end reads as "0" ("ทุกกรณี 0", "ทัณฑ์บน 0]", "คะแนน - 0": four
  // on the conduct G4 scan). On a page numbered in Thai digits a lone Arabic zero after a Thai word is that dust.
  if (thaiDigits && to - from > 1 && STRAY_ZERO.test(parts[to - 1].text)) {
    let end = to - 1;
    while (end > from && EDGE_SPECKLE_OR_DASH.test(parts[end - 1].text)) end--;
    if (end > from && /[\u0E01-\u0E4E]$/.test(parts[end - 1].text)) to = end;
  }
  // The same dust touching the first word ("'ข้อ", ".อาศัย"): no Thai word or bracket starts with it; nor, after
  // a space, with an ASCII quote that nothing on the line closes ("ข้อ ๘ 'นักศึกษา").
  const kept = parts.slice(from, to);
  const stray = (i: number) =>
    /^['`][ก-ฮเ-ไ]/.test(kept[i].text) &&
    !/['`]/.test(
      kept
        .slice(i)
        .map((p) => p.text.slice(1))
        .join(' '),
    );
  return kept.map((p, i) => (i === 0 ? { ...p, text: p.text.replace(LEADING_SPECKLE, '') } : stray(i) ? { ...p, text: p.text.slice(1) } : p));
}
const LEADING_SPECKLE = /^[.,'`‘’|]+(?=[ก-ฮเ-ไ(])/;
const STRAY_ZERO = /^[0O][\])}|]?$/;
const EDGE_SPECKLE_OR_DASH = /^(?:[.,'`‘’|:;~_]+|[-–])$/;

function toLayoutLine(line: OcrLine, height: number, thaiDigits: boolean): Line | null {
  const parts = trimSpeckles(tokenParts(line), thaiDigits);
  if (parts.length === 0) return null;
  const cells: Array<Cell & { parts: OcrPart[] }> = [];
  for (const part of parts) {
    const cell = cells[cells.length - 1];
    if (cell && part.x0 - cell.x1 <= TAB_GAP * height) {
      cell.parts.push(part);
      cell.x1 = part.x1;
    } else cells.push({ x0: part.x0, x1: part.x1, text: '', parts: [part] });
  }
  const kept = cells.filter((c) => !isSpeckle(c.parts));
  if (kept.length === 0) return null;
  for (const c of kept) c.text = cellText(c.parts.map((p) => p.text).join(' '));
  const chars = parts.reduce((n, p) => n + spacingGlyphs(p.text), 0);
  return {
    y: -line.bbox.y1, // image y grows downwards; layout expects PDF orientation
    x0: kept[0].x0,
    x1: kept[kept.length - 1].x1,
    // One size for the page: per-line boxes vary with the marks on each line.
    size: height / 1.3,
    cells: kept,
    charWidth: (line.bbox.x1 - line.bbox.x0) / Math.max(1, chars),
  };
}

// A numbered item whose line the layout ran on into the previous item's paragraph ("(๑) ลอกคำตอบของตน (๒)
// นำสิ่งของ…"): the OCR'd line ended near the margin, so it read as a wrap. Each item heads its own paragraph
// in a regulation; a cross-reference ("ตามข้อ ๘ (๑)", "ตาม (๑) และ (๔)") follows a number or a linking word.
const ITEM_START = /^\(([๐-๙]{1,2})\)/;
const REFERENCE_BEFORE = /(?:[๐-๙0-9]|ตาม|และ|หรือ|กับ|ถึง|ใน)\s*$/;
const thaiNumber = (s: string) => Number(foldThaiDigits(s));
const toThaiNumber = (n: number) => toThaiDigits(n);

/** Split a paragraph that starts with item (k) before an inline (k+1), (k+2)… */
export function splitRunOnItems(text: string): string {
  return text
    .split('\n\n')
    .map((para) => {
      const first = ITEM_START.exec(para);
      if (!first) return para;
      const out: string[] = [];
      let rest = para;
      for (let next = thaiNumber(first[1]) + 1; ; next++) {
        const at = rest.indexOf(` (${toThaiNumber(next)})`);
        if (at < 0 || REFERENCE_BEFORE.test(rest.slice(0, at))) break;
        out.push(rest.slice(0, at));
        rest = rest.slice(at + 1);
      }
      return [...out, rest].join('\n\n');
    })
    .join('\n\n');
}

/** Paragraph-structured, normalised text of one OCR'd page. */
export function ocrPageText(page: Page): string {
  const read = ocrLines(page);
  const heights = read.map((l) => l.bbox.y1 - l.bbox.y0).sort((a, b) => a - b);
  const height = Math.max(1, heights[Math.floor(heights.length / 2)] ?? 1);
  // A page whose numbers are in Thai digits: an Arabic digit on it is more likely dust than a number.
  const digits = read.map((l) => l.text).join('');
  const thai = digits.match(/[๐-๙]/g)?.length ?? 0;
  const thaiDigits = thai >= 5 && thai > (digits.match(/[0-9]/g)?.length ?? 0);
  const lines = read.map((l) => toLayoutLine(l, height, thaiDigits)).filter((l): l is Line => l !== null);
  const text = lines.length > 0 ? layoutLines(lines) : (page.text ?? '');
  return dropPageNumbers(
    splitRunOnItems(
      restoreSpelling(
        joinCutWords(
          normalizeThai(commaInAmounts(dottedLinesFromDigits(dropLettersInNumbers(joinSplitSixInYears(dropDigitEchoes(fixThaiOcrMisreads(text)))))), {
            spaceBeforeAa: 'split',
          }),
        ),
      ),
    ),
  );
}
