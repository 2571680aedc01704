// Tone marks lost by OCR, put back from how often Thai text uses each spelling. On a 1-bit or noisy scan
// the tone mark is the smallest ink on the line and the first to go (ที่ → ที, ครั้ง → ครัง, สิ่ง → สิง,
// ชั่วโมง → ชัวโมง), and a word without its mark matches nothing the reader asks for. A word is restored
// only when the spelling with one more mark is far more common in a general Thai corpus (the background
// document frequencies the search uses) than the spelling read, so real words stay as read (พัน, ตำ, ยืน).
// Marks OCR invented are left: dropping one made as many wrong words as right ones (ต่า → ตา for ต่ำ).
// The table lives in the app's base (src/thai) because both extraction and knowledge read it.
import background from '../../src/thai/background-df.json' with { type: 'json' };

const DF = background.df as Record<string, number>;
const df = (w: string) => DF[w] ?? 0;

// The restored spelling must be this many times as common as the one read (ที่ 1380 vs ที 70; พ้น 13 vs พัน 52
// stays พัน), and seen in enough documents not to be a corpus accident.
const RATIO = 5;
const MIN_DF = 10;
// A word this common may replace a rare one where the segmenter sees no gain (นี → นี้, ที → ที่).
const COMMON = 100;

const TONES = ['\u0E48', '\u0E49']; // ่ ้ (๊ ๋ are rare enough to leave)
const CONSONANT = /[ก-ฮ]/;
const ABOVE_BELOW = /[\u0E31\u0E34-\u0E3A]/; // ั ิ ี ึ ื ุ ู ฺ: the tone mark goes after these
const TONE_OR_MARK = /[\u0E47-\u0E4E]/;

const segmenter = new Intl.Segmenter('th', { granularity: 'word' });

/** Spellings with one tone mark added where Thai allows one (after a bare consonant or its vowel). */
function withOneMore(w: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < w.length; i++) {
    const c = w[i];
    const next = w[i + 1] ?? '';
    const bareConsonant = CONSONANT.test(c) && !ABOVE_BELOW.test(next) && !TONE_OR_MARK.test(next);
    const vowelWithRoom = ABOVE_BELOW.test(c) && !TONE_OR_MARK.test(next);
    if (bareConsonant || vowelWithRoom) for (const t of TONES) out.push(w.slice(0, i + 1) + t + w.slice(i + 1));
  }
  return out;
}

function bestOf(candidates: string[]): string | null {
  let best: string | null = null;
  for (const c of candidates) if (df(c) >= MIN_DF && (best === null || df(c) > df(best))) best = c;
  return best;
}

/** The spelling to use for `pieces` read as adjacent segments (one word, or one word the segmenter split). */
function restore(pieces: string[]): string | null {
  // A split word is as common as its rarest piece: ครัง segments as ค|รัง.
  const seen = Math.min(...pieces.map(df));
  const more = bestOf(withOneMore(pieces.join('')));
  return more && df(more) >= RATIO * (seen + 1) ? more : null;
}

const segments = (text: string) => [...segmenter.segment(text)].map((s) => ({ text: s.segment, at: s.index }));

/**
 * A change must also make the line read better as Thai: fewer dictionary segments (ชัว|โมง → ชั่วโมง), or as
 * many with a very common word (วัน|ที → วัน|ที่). The segmenter splits around any misread, so a piece of a
 * longer word can look like a rare word (ตา|ราง); spelling it as a common one (ร่าง) reads no better.
 */
function readsBetter(before: number, after: string, word: string, neighbours: string[]): boolean {
  const n = segments(after).length;
  // As many segments: only between common words, read well (ศตา|ราง is a misread region, not a word to
  // respell; มาร์โก|นี a foreign name). Measured on 177k characters of correct Thai Wikipedia text: 13 words
  // changed, all in transliterated names; on our scans, 20 lost marks restored and none wrongly.
  return n < before || (n === before && df(word) >= COMMON && neighbours.every((w) => df(w) >= COMMON));
}

function restoreRun(run: string, keep: (read: string, word: string) => boolean): string {
  let text = run;
  let segs = segments(text);
  for (let i = 0; i < segs.length; ) {
    let changed = false;
    for (const k of [2, 1]) {
      if (i + k > segs.length) continue;
      const read = segs.slice(i, i + k).map((s) => s.text);
      const word = restore(read);
      if (!word || keep(read.join(''), word)) continue;
      const from = segs[i].at;
      const to = segs[i + k - 1].at + segs[i + k - 1].text.length;
      const trial = text.slice(0, from) + word + text.slice(to);
      const neighbours = [segs[i - 1], segs[i + k]].filter((s) => s !== undefined).map((s) => s.text);
      if (!readsBetter(segs.length, trial, word, neighbours)) continue;
      text = trial;
      segs = segments(text);
      const end = from + word.length;
      i = segs.findIndex((s) => s.at >= end);
      if (i < 0) i = segs.length;
      changed = true;
      break;
    }
    if (!changed) i++;
  }
  return text;
}

/** Put back tone marks OCR lost (or drop one it invented), word by word; anything uncertain stays as read. */
export function restoreToneMarks(text: string): string {
  const occurs = (w: string) => text.split(w).length - 1;
  // A spelling the page uses again and again and never with the mark is the document's own (a name such
  // as ลานนาทอง, not ล้านนา); a lost mark is a scanning accident, and the same word is read right elsewhere.
  const keep = (read: string, word: string) => occurs(read) >= 3 && occurs(word) === 0;
  return text.replace(/[\u0E01-\u0E4E]+/g, (run) => restoreRun(run, keep));
}
