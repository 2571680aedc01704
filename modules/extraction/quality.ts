import type { ExtractedPage, QualitySignal } from './types.ts';

// Healthy Thai prose has ~6–11 ำ per 1000 Thai letters; Word + TH SarabunIT๙ PDFs drop it entirely.
const MIN_SARA_AM_PER_1000 = 2;
// Below this a Thai sample is too small to judge the ำ rate.
const MIN_THAI_FOR_SARA_AM = 1000;
// A page of a regulation carries well over this; less usually means a scan with a stray text layer.
export const MIN_CHARS_PER_PAGE = 80;
const MAX_BROKEN_PER_1000 = 5;
/** The reason added by the parse worker when weak pages of an otherwise good layer carry a scan (page-images.ts). */
export const SCANNED_PAGES = 'scanned_pages';

const THAI_LETTER = /[\u0E01-\u0E4E]/g;
// An old Thai font whose glyphs map to the wrong code points gives text that looks like Thai but carries a Latin
// letter, digit or mark inside a word where a tone mark or vowel belongs: "ชื'อ" (ชื่อ), "เครื6อง" (เครื่อง), "ทัE"
// (ทั้ง). Healthy Thai text, even OCR'd, has a few such (a digit glued to a word); a broken font has them on
// every line. Other fonts put the marks on ASCII symbols or control characters instead: "ให$ใช$" (ให้ใช้),
// "เป*น" (เป็น), "สู\u0013" (สู่) in a real registration manual's layer (real_new, UP), symbols no Thai word is
// written with.
const WEDGED =
  /(?<=[\u0E01-\u0E4E])[0-9A-Za-z'>$*<+\u0001-\u0008\u000B\u000C\u000E-\u001F](?= ?[\u0E01-\u0E4E])|(?<=[\u0E01-\u0E4E]) [0-9A-Za-z'>](?=[\u0E01-\u0E4E])/g;
const MAX_WEDGED_PER_1000 = 8;
// a whole layer is judged, not a page of OCR (whose noise glues a digit or letter to a word now and then)
const MIN_WEDGED = 20;
const BROKEN = /[\uFFFD\uE000-\uF8FF]/g;

function count(text: string, re: RegExp): number {
  return text.match(re)?.length ?? 0;
}

/** Latin letters, digits or marks wedged inside Thai words, per 1000 Thai letters (0 without Thai). */
export function wedgedPer1000(text: string): number {
  const thai = count(text, THAI_LETTER);
  return thai > 0 ? (count(text, WEDGED) * 1000) / thai : 0;
}

/** Decide whether a text layer is usable or OCR should be suggested. */
export function assessQuality(pages: ExtractedPage[]): QualitySignal {
  const text = pages.map((p) => p.text).join('\n');
  const visible = text.replace(/\s+/g, '').length;
  const thaiChars = count(text, THAI_LETTER);
  const saraAm = count(text, /ำ/g);
  const broken = count(text, BROKEN);
  const pageCount = Math.max(1, pages.length);
  const charsPerPage = Math.round(visible / pageCount);
  const saraAmPer1000 = thaiChars > 0 ? Math.round((saraAm * 10000) / thaiChars) / 10 : 0;
  const brokenPer1000 = visible > 0 ? (broken * 1000) / visible : 0;
  const emptyPages = pages.filter((p) => p.text.replace(/\s+/g, '').length < 10).length;

  const reasons: string[] = [];
  let score = 1;
  if (visible === 0) {
    reasons.push('no_text_layer');
    score = 0;
  } else {
    if (charsPerPage < MIN_CHARS_PER_PAGE) {
      reasons.push('too_little_text');
      score = Math.min(score, charsPerPage / MIN_CHARS_PER_PAGE / 2);
    }
    if (emptyPages > 0 && emptyPages >= pageCount / 2) {
      reasons.push('pages_without_text');
      score = Math.min(score, 0.4);
    }
    if (thaiChars >= MIN_THAI_FOR_SARA_AM && saraAmPer1000 < MIN_SARA_AM_PER_1000) {
      reasons.push('sara_am_missing');
      score = Math.min(score, 0.5 + saraAmPer1000 / MIN_SARA_AM_PER_1000 / 10);
    }
    const wedged = count(text, WEDGED);
    if (wedged >= MIN_WEDGED && thaiChars > 0 && (wedged * 1000) / thaiChars >= MAX_WEDGED_PER_1000) {
      reasons.push('legacy_font');
      score = Math.min(score, 0.5);
    }
    if (brokenPer1000 > MAX_BROKEN_PER_1000) {
      reasons.push('broken_characters');
      score = Math.min(score, 0.5);
    }
  }
  return {
    suggestOcr: reasons.length > 0,
    reasons,
    thaiChars,
    saraAmPer1000,
    charsPerPage,
    score: Math.round(score * 1000) / 1000,
  };
}
