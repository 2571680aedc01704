// ำ put back into a Word + TH SarabunIT๙ text layer from the words (quality.ts sara_am_missing): the font's ำ
// glyph has no Unicode mapping, so the layer holds า where ำ was (กาหนด, ดาเนินการ) and is otherwise exact. Each า
// after a consonant (and tone mark) is tried as ำ: it becomes ำ when the word it then makes is a Thai word written
// with ำ and its run of Thai letters splits into dictionary words (src/thai/dictionary-words.json) better that way:
// fewer letters no word takes (ทาง|ด้าน stays: ทำ|ง|ด้าน), then fewer words (กา|หนด → กำหนด), or as many with the
// ำ word far more common in general Thai text than the same letters with า (ใน|คา|สั่ง → ใน|คำ|สั่ง; ค่า|ที่พัก
// stays). Where no reading wins clearly (ทา|สี, close counts) the restore is unsure, and the page is left to OCR
// (index.ts), as is a page whose layer also holds garbled letters (จานüน) the words cannot mend.
import { MIN_CHARS_PER_PAGE } from './quality.ts';
import { DF, df } from './thai-words.ts';
import type { ExtractedPage } from './types.ts';
import { dictionaryWords } from '../../src/thai/dictionary.ts';

// A Thai dictionary's words and the general-Thai table's (which adds names and newer words), as the segmenter below
// knows them: read on first use (a parse worker that never meets such a layer does not pay the ~50 ms).
let words: Set<string> | null = null;
function knownWords(): Set<string> {
  words ??= new Set([...dictionaryWords(), ...Object.keys(DF).filter((w) => !w.startsWith('#'))]);
  return words;
}
// Longer dictionary entries are compounds of shorter ones (320 of 51,625 are longer than this).
const LONGEST = 20;
const CANDIDATE = /[ก-ฮ][่-๋]?า/g;
const THAI = /[\u0E01-\u0E4E]/;
// How far each side of the า its run of Thai letters is segmented (a run longer than this is a whole line).
const REACH = 30;
// Between readings of as many words, the ำ word must be this many times as common as the same letters with า (and a
// few documents more) to win, and the า word as much to stay; in between the page is unsure.
const RATIO = 1.5;
const MARGIN = 4;
// Letters of other scripts inside Thai words: an old or broken font's wrong glyphs (จานüน, Āนด), or U+FFFD and
// private-use code points the normaliser could not map.
const GARBLED = /[\u00C0-\u024F\uFFFD\uE000-\uF8FF]/;

export type Verdict = 'am' | 'aa' | 'unsure';

interface Reading {
  /** letters no dictionary word takes */
  stray: number;
  words: number;
  /** the word over the letter asked about ('' when a stray letter) */
  word: string;
}

/** The best split of `run` into dictionary words (fewest stray letters, then fewest words), and the word over `at`. */
export function readRun(run: string, at: number): Reading {
  const n = run.length;
  const cost = new Float64Array(n + 1).fill(Number.POSITIVE_INFINITY);
  const from = new Int32Array(n + 1);
  cost[0] = 0;
  // a stray letter costs more than any number of words could save
  const STRAY = 1000;
  const WORDS = knownWords();
  for (let i = 0; i < n; i++) {
    if (cost[i] === Number.POSITIVE_INFINITY) continue;
    if (cost[i] + STRAY + 1 < cost[i + 1]) [cost[i + 1], from[i + 1]] = [cost[i] + STRAY + 1, i];
    for (let j = i + 2; j <= Math.min(n, i + LONGEST); j++) if (cost[i] + 1 < cost[j] && WORDS.has(run.slice(i, j))) [cost[j], from[j]] = [cost[i] + 1, i];
  }
  let word = '';
  for (let j = n; j > 0; j = from[j]) if (from[j] <= at && at < j && j - from[j] > 1) word = run.slice(from[j], j);
  return { stray: Math.floor(cost[n] / STRAY), words: cost[n] % STRAY, word };
}

/** Whether the า at `aa` of `text` is ำ (the layer lost it), is า, or cannot be told from the words. */
export function judgeAa(text: string, aa: number): Verdict {
  let start = aa;
  let end = aa + 1;
  while (start > 0 && aa - start < REACH && THAI.test(text[start - 1])) start--;
  while (end < text.length && end - aa < REACH && THAI.test(text[end])) end++;
  const aaReading = readRun(text.slice(start, end), aa - start);
  const amReading = readRun(`${text.slice(start, aa)}ำ${text.slice(aa + 1, end)}`, aa - start);
  if (!amReading.word) return 'aa';
  if (amReading.stray !== aaReading.stray) return amReading.stray < aaReading.stray ? 'am' : 'aa';
  if (amReading.words !== aaReading.words) return amReading.words < aaReading.words ? 'am' : 'aa';
  // as many words either way: the word read with ำ against the same letters read with า (ค่ำ 9 < ค่า 45, คำ 147 > คา 85)
  const [am, aaDf] = [df(amReading.word), df(amReading.word.replace('ำ', 'า'))];
  if (am >= RATIO * aaDf + MARGIN) return 'am';
  if (aaDf >= RATIO * am + MARGIN) return 'aa';
  return 'unsure';
}

export interface SaraAmRestore {
  text: string;
  /** ำ put back */
  restored: number;
  /** า the words could not decide */
  unsure: number;
  /** the page holds letters of a broken font, which the words cannot mend */
  garbled: boolean;
}

/** The page's text with ำ put back where its words say so, left to right (a restored ำ is context for the next). */
export function restoreSaraAm(text: string): SaraAmRestore {
  let out = text;
  let restored = 0;
  let unsure = 0;
  for (const m of text.matchAll(CANDIDATE)) {
    const c = m.index;
    // not the า of เ–า (เขา, เจ้า, เปล่า): ำ never follows เ
    if (text[c - 1] === 'เ' || (/[ก-ฮ]/.test(text[c - 1] ?? '') && text[c - 2] === 'เ')) continue;
    const aa = c + m[0].length - 1;
    const verdict = judgeAa(out, aa);
    if (verdict === 'unsure') unsure++;
    else if (verdict === 'am') {
      out = `${out.slice(0, aa)}ำ${out.slice(aa + 1)}`;
      restored++;
    }
  }
  return { text: out, restored, unsure, garbled: GARBLED.test(text) };
}

/**
 * The pages of a layer blamed for ำ alone, with ำ put back from the words where they tell (`fromWords`), and the
 * pages left as they are for OCR (`ocr`): a weak page (a scan, little text), a garbled one, or one with an unsure า.
 */
export function restoreSaraAmPages(pages: ExtractedPage[]): { pages: ExtractedPage[]; fromWords: number[]; ocr: number[] } {
  const fromWords: number[] = [];
  const ocr: number[] = [];
  const out = pages.map((p) => {
    const r = p.text.replace(/\s+/g, '').length < MIN_CHARS_PER_PAGE ? null : restoreSaraAm(p.text);
    if (!r || r.garbled || r.unsure > 0) {
      ocr.push(p.page);
      return p;
    }
    fromWords.push(p.page);
    return { page: p.page, text: r.text };
  });
  return { pages: out, fromWords, ocr };
}
