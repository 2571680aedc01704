// Grade letters and codes inside Thai lines (อักษร I, ได้ F, D หรือ D+, "(๒) S หมายถึง …"), re-read from the
// page image. Tesseract's Thai+English pass prefers Thai glyphs and digits for a lone capital between Thai
// words: F comes out as ก, D as 0, U as ป, I as |. The English model alone, on a crop of the word, reads most
// of them back (ก → F at confidence 88, 0 → D at 92 on the exam scan) and keeps real digits digits. A sans
// serif I is a bare vertical stroke that no model tells from |, so there the words around decide, and only
// where a letter is the one thing that can follow (อักษร "letter", เกรด "grade", an item defining a code). A grade
// table's rows are read the same way: the row's first cell, before the range of scores it stands for.
import type { Page } from 'tesseract.js';
import type { GreyImage } from './ink-components.ts';
import { SPECKLE_CONFIDENCE } from './ocr-text.ts';

type OcrLine = NonNullable<Page['blocks']>[number]['paragraphs'][number]['lines'][number];
type OcrWord = OcrLine['words'][number];

export type LatinReader = (image: Uint8Array, dpi: number) => Promise<{ text: string; confidence: number }>;

// Grade letters and the codes beside them in Thai regulations.
const GRADE = /^(?:[A-DFISUW]\+?|AU)$/;
// What a misread letter comes out as: a stroke, digits, Latin junk, or one Thai consonant; a grade's + as a
// closing quote or an asterisk (B+ as 8”, D+ as D*).
const SUSPECT = /^(?:[|!lI0-9A-Za-z+]{1,3}|[ก-ฮ]|[0-9A-Za-z][”"*'’])$/;
// A letter must follow: "อักษร" (letter), "เกรด" (grade). A bar there is I.
const LETTER_BEFORE = /(?:อักษร|เกรด)$/;
// A letter may follow: the image decides between letter, digit and Thai word.
const GRADE_BEFORE = /(?:อักษร|เกรด|ได้|ได้รับ|ระดับคะแนน|ไม่เกิน|ไม่ต่ำกว่า|หรือ|เป็น)$/;
// A grade table's row: the grade first, then the range of scores it stands for ("B+ ๗๕ - ๗๙ คะแนน").
const SCORE_RANGE = /^[๐-๙0-9]{1,3}(?:\.[๐-๙0-9]{1,2})?\s*[-–]\s*[๐-๙0-9]{1,3}/;
// An item defining a code: "(๒) S หมายถึง …".
const ITEM = /^\([๐-๙0-9]{1,2}\)$/;
const DEFINES = /^หมายถึง/;
// Lower-case shapes the same as their capitals: the model picks either on a lone glyph. ¢ is a C with a
// speck of scan noise through it (ไม่เกิน C on the 200 dpi exam scan, confidence 72); a 6 reads as 6.
const SAME_SHAPE: Record<string, string> = { c: 'C', s: 'S', u: 'U', w: 'W', '¢': 'C' };
const MIN_CONFIDENCE = 60;
// A grade's + is often printed small and raised (B⁺): in a scan it comes out as * or t, from the Thai pass and the
// English model alike (real_dev CRRU's grade table: B⁺ read B* at confidence 87, C⁺ read Ct, D⁺ read D* by the Thai pass).
const PLUS_READ = /^([A-D])[*t]$/;
const withPlus = (text: string) => text.replace(PLUS_READ, '$1+');

interface Token {
  text: string;
  start: number;
  words: OcrWord[];
}

/** The line's space-separated tokens with their offsets and glyph words; null when words and text disagree. */
function tokensOf(line: OcrLine): Token[] | null {
  const words = line.words.filter((w) => w.text.trim() !== '');
  const tokens: Token[] = [];
  let j = 0;
  for (const m of line.text.matchAll(/\S+/g)) {
    const token: Token = { text: m[0], start: m.index ?? 0, words: [] };
    let covered = '';
    while (j < words.length && covered.length < token.text.length) {
      covered += words[j].text.trim();
      token.words.push(words[j++]);
    }
    if (covered !== token.text) return null;
    tokens.push(token);
  }
  return tokens;
}

interface Candidate {
  /** offsets in the line's text of the suspect letters */
  start: number;
  end: number;
  words: OcrWord[];
  /** a bar here can only be I */
  letterOnly: boolean;
  /** an item number glued in front ("(๑)|"): a space goes between */
  glued: boolean;
  /** the first word's text that stays before the letter (the bracket sharing its box) */
  lead: string;
}

/** Suspect words where the context wants a grade letter. `before`: the previous line's last token. */
export function candidatesOf(line: OcrLine, before = ''): Candidate[] {
  const tokens = tokensOf(line);
  if (!tokens) return [];
  const out: Candidate[] = [];
  tokens.forEach((token, i) => {
    const prev = i > 0 ? tokens[i - 1].text : before;
    const next = tokens[i + 1]?.text ?? '';
    let text = token.text;
    let words = token.words;
    let glued = false;
    let lead = '';
    let item = ITEM.test(prev) && DEFINES.test(next);
    const split = /^(\([๐-๙0-9]{1,2}\))(.+)$/.exec(text);
    if (split && DEFINES.test(next)) {
      const close = words.findIndex((w) => w.text.includes(')'));
      if (close < 0) return;
      // The bracket and the letter in one glyph box (")|"): the box keeps the bracket, and no space goes in.
      const shared = close === words.length - 1;
      lead = shared ? words[close].text.trim().slice(0, words[close].text.indexOf(')') + 1) : '';
      [text, words, glued, item] = [split[2], words.slice(shared ? close : close + 1), !shared, true];
    }
    if (GRADE.test(text) || !SUSPECT.test(text)) return;
    const rowKey = i === 0 && SCORE_RANGE.test(line.text.slice(token.start + token.text.length).trimStart());
    if (!item && !rowKey && !GRADE_BEFORE.test(prev)) return;
    const start = token.start + token.text.length - text.length;
    out.push({ start, end: start + text.length, words, letterOnly: item || LETTER_BEFORE.test(prev), glued, lead });
  });
  return out;
}

/** The words' ink as a PGM: the line's height, white margins, doubled (the model wants ~30 px capitals). */
export function cropWords(img: GreyImage, line: OcrLine, words: OcrWord[]): Uint8Array {
  const [scale, pad] = [2, 10];
  const x0 = Math.max(0, Math.min(...words.map((w) => w.bbox.x0)) - 3);
  const x1 = Math.min(img.width - 1, Math.max(...words.map((w) => w.bbox.x1)) + 3);
  const [y0, y1] = [Math.max(0, line.bbox.y0), Math.min(img.height - 1, line.bbox.y1)];
  const w = (x1 - x0 + 1 + 2 * pad) * scale;
  const h = (y1 - y0 + 1 + 2 * pad) * scale;
  const header = new TextEncoder().encode(`P5\n${w} ${h}\n255\n`);
  const out = new Uint8Array(header.length + w * h);
  out.set(header);
  const pixels = out.subarray(header.length).fill(255);
  for (let y = 0; y < h; y++) {
    const sy = y0 - pad + Math.floor(y / scale);
    if (sy < y0 || sy > y1) continue;
    for (let x = 0; x < w; x++) {
      const sx = x0 - pad + Math.floor(x / scale);
      if (sx >= x0 && sx <= x1) pixels[y * w + x] = img.pixels[sy * img.width + sx];
    }
  }
  return out;
}

/** What the English model's reading says, if it is a grade letter it is sure of. */
function gradeOf(read: { text: string; confidence: number }): string | null {
  if (read.confidence < MIN_CONFIDENCE) return null;
  const text = withPlus([...read.text.replace(/^[\s.,'‘’"“”`]+|[\s.,'‘’"“”`]+$/g, '')].map((c) => SAME_SHAPE[c] ?? c).join(''));
  return GRADE.test(text) ? text : null;
}

/**
 * Re-read the suspect words of every line where a grade letter is expected, in place (the first word takes
 * the letter, the others become empty). Returns the number of words changed.
 */
export async function rereadLatinLetters(page: Page, img: GreyImage, dpi: number, read: LatinReader): Promise<number> {
  let changed = 0;
  let before = '';
  for (const block of page.blocks ?? []) {
    for (const para of block.paragraphs) {
      for (const line of para.lines) {
        const candidates = /[ก-๙]/.test(line.text) ? candidatesOf(line, before) : [];
        before = line.text.trim().split(/\s+/).pop() ?? '';
        // Right to left, so the offsets of candidates not yet handled stay valid.
        for (const c of candidates.reverse()) {
          const mine = line.text.slice(c.start, c.end);
          // A bar is I or a table rule, whatever the model says: only the words around tell.
          const bar = /^[|!l]$/.test(mine);
          const english = bar ? null : await read(cropWords(img, line, c.words), dpi * 2);
          const confirmed = english ? gradeOf(english) : null;
          // (a letter the Thai pass read with its + as * is that grade when the English model is unsure)
          let letter = confirmed ?? (english && PLUS_READ.test(mine) ? withPlus(mine) : null);
          if (bar && c.letterOnly) letter = 'I';
          if (!letter || letter === mine) continue;
          line.text = `${line.text.slice(0, c.start)}${c.glued ? ' ' : ''}${letter}${line.text.slice(c.end)}`;
          const [first, ...rest] = c.words;
          first.text = c.lead + letter;
          // a letter the English model confirms where a grade is expected is text: the Thai pass's low confidence in
          // its misreading would otherwise drop it as a speck (ocr-text.ts), and a table row would lose its key
          if (english && confirmed) first.confidence = Math.max(first.confidence, english.confidence, SPECKLE_CONFIDENCE);
          first.bbox = { ...first.bbox, x0: Math.min(...c.words.map((w) => w.bbox.x0)), x1: Math.max(...c.words.map((w) => w.bbox.x1)) };
          for (const w of rest) w.text = '';
          changed++;
        }
      }
    }
  }
  return changed;
}
