// Numbers re-read from the page image as a whole. Tesseract's Thai model drops or merges digits inside a
// number (๒๕๖๗ read as ๒๕๒ with one box over two glyphs), which a glyph-by-glyph recheck of its own words
// cannot repair. So for every run of digit-bearing words, the ink components under the run are read with
// the Sarabun templates (thai-digits.ts) and split into digit groups at separators (, . /) and brackets;
// the run takes that reading when its groups line up with tesseract's (a glyph the templates find unclear
// keeps tesseract's digit at its place, as do most glyphs of fonts unlike Sarabun, which score unclear). The ink is
// cut at two thresholds and the run read at the one its glyphs fit better (digit-image.ts reads the image).
// Cost: ~20-80 ms a page beside tesseract's 3-5 s. A second tesseract pass over the crop (digit
// whitelist, PSM 7, 2× upscale) was measured and read the same wrong digits (๒๕๖๗ → ๒๕๒๓ at confidence 94), so it is not used.
import type { Page } from 'tesseract.js';
import { readRun, type Run as ImageRun, UNCLEAR } from './digit-image.ts';
import type { GreyImage } from './ink-components.ts';
import { DIGITS } from './thai-digits.ts';

type OcrLine = NonNullable<Page['blocks']>[number]['paragraphs'][number]['lines'][number];
type OcrWord = OcrLine['words'][number];

const RUN_WORD = /^[๐-๙0-9,./()\-@«»©°A-Za-z]{1,4}$/;
const HAS_THAI_DIGIT = /[๐-๙]/;
// What the English model makes of a number in Thai text, as a whole word: judged only between non-Latin
// words, and only with a letter or symbol in it (a word of Arabic digits is Arabic digits: ปี 2024; ๐ and 0 look alike).
const STRAY_RUN = /^(?=.*[A-Za-z@«»©°])[A-Za-z0-9@«»©°]{1,4}$/;
const LATIN = /[A-Za-z]/;

// What stands between a number's digit groups; anything else in a run (a digit, or the Latin letter or
// symbol the English model made of one) belongs to a group.
const GROUP = /[^,./()-]+/g;
/** Digit groups of a run: "๓/๒๕๖๗" → ["๓", "๒๕๖๗"], "(mo)" → ["mo"]. */
const groupsOf = (text: string) => text.match(GROUP) ?? [];

/**
 * The image's groups, where they line up with tesseract's: an unclear glyph takes tesseract's digit at the
 * same place, which needs a group of the same length, as does a group tesseract read with letters in it. Null when the two readings cannot be lined up.
 */
export function merge(seen: string[], mine: string[]): string[] | null {
  if (seen.length > 0 && seen.length < mine.length) seen = splitLike(seen, mine) ?? seen;
  if (seen.length === 0 || seen.length !== mine.length) return null;
  const out: string[] = [];
  for (let g = 0; g < seen.length; g++) {
    // Letters in tesseract's group ("mo" for ๓๐) stand one for one for digits, or are letters (๑๐kg).
    if (/[^๐-๙]/.test(mine[g]) && [...mine[g]].length !== seen[g].length) return null;
    if (!seen[g].includes(UNCLEAR)) {
      out.push(seen[g]);
      continue;
    }
    const theirs = [...mine[g]];
    if (theirs.length !== seen[g].length) return null;
    const filled = [...seen[g]].map((d, i) => (d === UNCLEAR ? theirs[i] : d));
    if (filled.some((d) => !DIGITS.includes(d))) return null;
    out.push(filled.join(''));
  }
  return out;
}

/**
 * The image's groups split where tesseract's are, when the image found fewer groups with as many glyphs in all: a
 * separator it lost. A point at 200 dpi is smaller than the specks components() leaves out, so "๑.๖๐" was read from
 * the image as one group "๑๖๐", could not be lined up with tesseract's "๑.๒๐", and tesseract's misread digit stayed.
 */
function splitLike(seen: string[], mine: string[]): string[] | null {
  const glyphs = seen.flatMap((g) => [...g]);
  if (glyphs.length !== mine.reduce((n, g) => n + [...g].length, 0)) return null;
  let at = 0;
  return mine.map((g) => glyphs.slice(at, (at += [...g].length)).join(''));
}

/**
 * A number tesseract read with fewer points than the image shows between its digits (๓.๒.๒ read ๓๒๒, or ๓๒.๒ when
 * tesseract kept one): the image's groups joined by points, an unclear glyph taking tesseract's digit at the same
 * place. Null unless tesseract's text is digits and points alone, its digits as many as the image's, and every break the image shows is a point.
 */
export function pointsPutBack(image: Pick<ImageRun, 'pointed' | 'points'>, mine: string): string | null {
  if (image.pointed.length < 2 || !image.points.every(Boolean) || !/^[๐-๙]+(?:\.[๐-๙]+)*$/.test(mine)) return null;
  // groups of three after the first are thousands ("๑๕๐๐๐" printed ๑๕,๐๐๐): a comma as the image shows it is too alike
  if (image.pointed.slice(1).every((g) => [...g].length === 3)) return null;
  const theirs = [...mine.replaceAll('.', '')];
  let at = 0;
  const groups = image.pointed.map((g) => [...g].map((d) => (d === UNCLEAR ? theirs[at++] : (at++, d))).join(''));
  return at === theirs.length && groups.every((g) => /^[๐-๙]+$/.test(g)) ? groups.join('.') : null;
}

interface Run {
  words: OcrWord[];
  /** offsets of the run in the line's text */
  start: number;
  end: number;
  /** no Thai digit: Latin letters or symbols standing alone between Thai words ("bees" for ๒๕๕๙, "f" for ๗) */
  stray: boolean;
}

/**
 * Runs of glyph-words that touch in the line's text (tesseract's line text is its words' texts in order,
 * with spaces between some) and hold a Thai digit: "๓/๒๕๖๗", "(๒)", "mo" beside a digit. Null when the
 * words and the text do not line up.
 */
function runsOf(line: OcrLine): Run[] | null {
  const runs: Run[] = [];
  let pos = 0;
  let run: Run | null = null;
  let before = '';
  const close = (after: string) => {
    if (run?.words.some((w) => HAS_THAI_DIGIT.test(w.text))) runs.push(run);
    else if (run && STRAY_RUN.test(line.text.slice(run.start, run.end)) && !LATIN.test(before) && !LATIN.test(after)) runs.push({ ...run, stray: true });
    if (run) before = run.words[run.words.length - 1].text.trim();
    run = null;
  };
  for (const word of line.words) {
    const t = word.text.trim();
    if (t === '') continue;
    const from = pos;
    while (pos < line.text.length && /\s/.test(line.text[pos])) pos++;
    if (!line.text.startsWith(t, pos)) return null;
    if (pos > from) close(t);
    if (RUN_WORD.test(t)) {
      run ??= { words: [], start: pos, end: pos, stray: false };
      run.words.push(word);
      run.end = pos + t.length;
    } else {
      close(t);
      before = t;
    }
    pos += t.length;
  }
  close('');
  return runs;
}

/**
 * Re-read every number of the page (runs of words holding a Thai digit) from the image, in place: the
 * run's first word takes the run's new text and box, the others become empty. Returns runs changed.
 */
export function rereadDigitRuns(page: Page, img: GreyImage): number {
  let changed = 0;
  for (const block of page.blocks ?? []) {
    for (const para of block.paragraphs) {
      for (const line of para.lines) {
        if (!/[ก-๙]/.test(line.text)) continue;
        // Right to left, so the offsets of runs not yet handled stay valid.
        for (const run of (runsOf(line) ?? []).reverse()) {
          const x0 = Math.min(...run.words.map((w) => w.bbox.x0));
          const x1 = Math.max(...run.words.map((w) => w.bbox.x1));
          const mine = line.text.slice(run.start, run.end);
          const image = readRun(img, line, x0, x1);
          const read = image.groups;
          // A stray word becomes a number only when every glyph is clearly a digit, one per letter.
          if (run.stray && (read.length !== 1 || read[0].includes(UNCLEAR) || read[0].length !== mine.length)) continue;
          // Points the image shows and tesseract's text lacks come first; otherwise tesseract's separators and
          // brackets stay, and each group between them takes the image's digits.
          const pointed = image.pointed.length > groupsOf(mine).length ? pointsPutBack(image, mine) : null;
          const seen = pointed === null ? merge(read, groupsOf(mine)) : null;
          let k = 0;
          const text = pointed ?? (seen ? mine.replace(GROUP, () => seen[k++]) : null);
          if (text === null || text === mine) continue;
          line.text = line.text.slice(0, run.start) + text + line.text.slice(run.end);
          const [first, ...rest] = run.words;
          first.bbox = { ...first.bbox, x0, x1 };
          first.text = text;
          for (const w of rest) w.text = '';
          changed++;
        }
      }
    }
  }
  return changed;
}
