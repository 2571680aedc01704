// Spellings OCR got one glyph wrong, put back from how often Thai text uses each spelling. On a 1-bit or
// noisy scan the tone mark is the smallest ink on the line and the first to go (ที่ → ที, ครั้ง → ครัง), and
// letters that differ by a tail or a notch are read as each other (นักศึกษา → บักศึกษา, ชื่อ → ชื้อ,
// ที่ปรึกษา → ทิปรึกษา); a word misread so matches nothing the reader asks for. A word (or two segments the
// segmenter split it into) is respelled only when a spelling one confusion away (ocr-confusions.ts) is far
// more common in a general Thai corpus (the background document frequencies the search uses) than the one
// read, the line then reads better as Thai, and the page does not keep using the spelling read (a name).
// Marks OCR invented are left: dropping one made as many wrong words as right ones (ต่า → ตา for ต่ำ).
// The table lives in the app's base (src/thai) because both extraction and knowledge read it.
import { withOneConfusion, withOneMoreMark, withToneAboveSaraAm } from './ocr-confusions.ts';
import { DF, df, type Segment, segments } from './thai-words.ts';
import { dictionaryWords } from '../../src/thai/dictionary.ts';
import bigrams from '../../src/thai/mark-bigrams.json' with { type: 'json' };

// The new spelling must be this many times as common as the one read (ที่ 1380 vs ที 70; พ้น 13 vs พัน 52
// stays พัน), and seen in enough documents not to be a corpus accident.
const RATIO = 5;
const MIN_DF = 10;
// A read that is itself a word the corpus knows (ซื้อ 32, นี่ 32) is swapped for a look-alike only when that
// one is this many times as common: ชื่อ 640 and นี้ 603 are not, so "buy" and "this" stay as read.
const KNOWN_RATIO = 25;
// A word this common may replace a rare one where the segmenter sees no gain (นี → นี้, ที → ที่).
const COMMON = 100;
const LONGEST_WORD = Math.max(...Object.keys(DF).map((w) => w.length));

// A segment the corpus counts but no word: a lone letter or a mark-led piece of a name (ฮ 22, ย์ 22), which a
// respelling must not produce (ทีโนฟอรา → ทีโนฟฮรา made ฮ|รา of the unknown อรา).
const WORD = /^[ก-ฮเ-ไ][\u0E01-\u0E4E]/;
const wordDf = (s: string) => (WORD.test(s) ? df(s) : 0);

/**
 * How common a spelling is at best when split into corpus words: the rarest word of its best split. It is
 * never below the rarest of the segmenter's words, so it rules candidates out cheaply before segmenting them.
 */
function bestSplit(s: string): number {
  const best = [Number.POSITIVE_INFINITY];
  for (let end = 1; end <= s.length; end++) {
    best[end] = 0;
    for (let start = Math.max(0, end - LONGEST_WORD); start < end; start++)
      if (best[start] > best[end]) best[end] = Math.max(best[end], Math.min(best[start], wordDf(s.slice(start, end))));
  }
  return best[s.length];
}

/** Its words' frequencies, rarest first: between spellings as common at their rarest word, the next one decides (ที่|ปรึกษา over ที|ปรึกษา). */
const frequencies = (s: string) =>
  segments(s)
    .map((p) => wordDf(p.text))
    .sort((a, b) => a - b);
const moreCommon = (a: number[], b: number[]) => {
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return a[i] > b[i];
  return a.length < b.length;
};

interface Respelling {
  word: string;
  /** A look-alike glyph swapped rather than a lost mark put back: real words are one swap apart (ซื้อ, ชื่อ). */
  swapped: boolean;
}

/** The most common of `candidates` that is `ratio` times as common as the read (`seen`), by `score`. */
function mostCommon(candidates: string[], seen: number, ratio: number, score: (c: string) => number[]): string | null {
  const needed = Math.max(MIN_DF, ratio * (seen + 1));
  let best: string | null = null;
  let bestDfs = [needed];
  for (const c of candidates) {
    if (bestSplit(c) < bestDfs[0]) continue;
    const dfs = score(c);
    if (dfs[0] >= needed && (best === null || moreCommon(dfs, bestDfs))) [best, bestDfs] = [c, dfs];
  }
  return best;
}

/**
 * Spellings to try for `pieces` read as adjacent segments (one word, or one word the segmenter split): a lost
 * mark put back (a word of the table), then a look-alike swapped (a word or words of the table).
 */
function respellings(pieces: string[]): Respelling[] {
  // A split word is as common as its rarest piece: ครัง segments as ค|รัง.
  const seen = Math.min(...pieces.map(df));
  const read = pieces.join('');
  const marked = mostCommon(withOneMoreMark(read), seen, RATIO, (c) => [df(c)]);
  const swapped = mostCommon(withOneConfusion(read), seen, seen >= MIN_DF ? KNOWN_RATIO : RATIO, frequencies);
  return [...(marked ? [{ word: marked, swapped: false }] : []), ...(swapped ? [{ word: swapped, swapped: true }] : [])];
}

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

// A swapped letter must give back a whole word of some length: one- and two-letter words (ปี, คน, พี) are one
// swap from syllables of transliterated names (ปิรันย่า, ดนตรี, ฟีลด์); a misread inside นักศึกษา is not.
const SHORTEST_SWAPPED = 3;
// How many segments either side of a swap must be corpus words too.
const AROUND = 2;

/**
 * A swapped glyph is stronger evidence than a lost mark, and real words are one swap apart (ซื้อ, ชื่อ), so
 * the line must read strictly better (fewer segments) and have words all around it: the word made and the
 * segments it touches, and two either side. In a name one swap can make a syllable a word and save a segment
 * (ฟลอริด้า → ผล|อ|ริ|ด้า), but the rest of the name stays in pieces; a misread word comes back whole.
 * Measured on 346k characters of correct Wikipedia text: 23 swaps, 18 of them real typo fixes there (ปรากฎ →
 * ปรากฏ, กฏหมาย → กฎหมาย, วิดิโอ → วิดีโอ), 5 in transliterated names (ฟอร์ต → พอร์ต, เตมูจิน → เตมูจีน).
 */
function swapReadsBetter(before: number, after: string, from: number, word: string, at: number, read: readonly string[]): boolean {
  const segs = segments(after);
  if (segs.length >= before) return false;
  const edited = segs.find((s) => s.at <= at && at < s.at + s.text.length);
  if (!edited || edited.text.length < SHORTEST_SWAPPED) return false;
  const first = segs.findIndex((s) => s.at + s.text.length > from);
  let last = segs.findIndex((s) => s.at >= from + word.length);
  if (last < 0) last = segs.length;
  const around = segs.slice(Math.max(0, first - AROUND), last + AROUND);
  if (around.every((s) => wordDf(s.text) >= MIN_DF)) return true;
  return betweenDictionaryWords(read, around);
}

// A dictionary word (src/thai/dictionary.ts: hunspell's Thai list) is a word too, where the general corpus is too rare.
const isWord = (t: string) => wordDf(t) >= MIN_DF || dictionaryWords().has(t);

/**
 * A swap whose neighbours are words of the dictionary, not of the general corpus: a regulation's own words are rare in
 * Wikipedia (แนบ, หย่า), so "แนบใบสำดัญการหย่า" kept its misread สำคัญ. Taken only where (1) the read is no word itself
 * (some piece is neither a corpus nor a dictionary word: "ใบคำร้อง", all words, is not made "ใบดำร้อง") and (2) no lost
 * mark explains the read (a tone mark put back, or ำ read as า, giving words only: "สือ" is สื่อ, not ลือ; "ซ้า" is
 * ซ้ำ, not ช้า; "นัน" is นั้น, not นับ). Measured on what it changes beyond the corpus-neighbour rule, page by page
 * (documents only, no question read): on the 1,081 OCR'd pages of the eval libraries 39 more swaps, 34 of them right
 * (วิชาซีพ → วิชาชีพ, เปิค, จัคการ, ค้อง, ลุขศึกษา, พื้บฐาน, ทฤษฏี, เฉลิย, สำดัญ), 4 a misread word read as another
 * wrong one (เคิน → เดิน for เกิน, ขื้อ → ซื้อ for ชื่อ, a misread name twice) and one name made wrong (ฮังกาเรียน); on
 * 346k characters of correct Wikipedia text 5 more, in transliterated names (ฟอร์ต → พอร์ต, กรีน → กริน, ลอสแองเจลีส);
 * on the text layers of the eval libraries, which OCR never reads, 3.
 */
function betweenDictionaryWords(read: readonly string[], around: readonly Segment[]): boolean {
  if (read.every((piece) => segments(piece).every((s) => isWord(s.text)))) return false;
  const joined = read.join('');
  const amForAa = [...joined].flatMap((c, i) => (c === 'า' ? [`${joined.slice(0, i)}ำ${joined.slice(i + 1)}`] : []));
  if ([...withOneMoreMark(joined), ...amForAa].some((c) => segments(c).every((s) => isWord(s.text)))) return false;
  return around.every((s) => isWord(s.text));
}

function firstDifference(a: string, b: string): number {
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  return i;
}

type Keep = (read: string, word: string) => boolean;

/** The run with segments i…i+k-1 respelled, if a respelling of them passes every test. */
function respellAt(text: string, segs: Segment[], i: number, k: number, keep: Keep): { text: string; end: number } | null {
  if (i + k > segs.length) return null;
  const read = segs.slice(i, i + k).map((s) => s.text);
  const from = segs[i].at;
  const to = segs[i + k - 1].at + segs[i + k - 1].text.length;
  const neighbours = [segs[i - 1], segs[i + k]].filter((s) => s !== undefined).map((s) => s.text);
  for (const { word, swapped } of respellings(read)) {
    if (keep(read.join(''), word)) continue;
    const trial = text.slice(0, from) + word + text.slice(to);
    const better = swapped
      ? swapReadsBetter(segs.length, trial, from, word, from + firstDifference(read.join(''), word), read)
      : readsBetter(segs.length, trial, word, neighbours);
    if (better) return { text: trial, end: from + word.length };
  }
  return null;
}

function respellRun(run: string, keep: Keep): string {
  let text = run;
  let segs = segments(text);
  for (let i = 0; i < segs.length; ) {
    const done = respellAt(text, segs, i, 2, keep) ?? respellAt(text, segs, i, 1, keep);
    if (!done) {
      i++;
      continue;
    }
    text = done.text;
    segs = segments(text);
    i = segs.findIndex((s) => s.at >= done.end);
    if (i < 0) i = segs.length;
  }
  return text;
}

const PAIRS = bigrams.pairs as Record<string, number>;
const SEEN = bigrams.words as Record<string, number>;
const pairCount = (a: string, b: string) => PAIRS[`${a} ${b}`] ?? 0;
// How many times the general corpus would hold the word read before the next one, were it as often followed by it as
// the spelling with the mark is, while it holds it never: under a Poisson count, 0 where 5 were due has p < .007.
const DUE = 5;

/**
 * A lost tone mark above ำ put back where the word read is itself a word, so how common each spelling is cannot
 * tell (ตำ 21 documents, ต่ำ 28), but the word after it can (scripts/build-mark-bigrams.ts): the corpus has ต่ำ|กว่า
 * 12 times in 32 ต่ำ, and ตำ|กว่า never in 21 ตำ, where 8 were due. Our scanned libraries' OCR reads "…ตำกว่า" for 48
 * of its 145 "…ต่ำกว่า". Measured on the 613 cached OCR pages of the eval libraries: 49 runs changed, each right (48
 * ต่ำกว่า, 1 น้ำหนัก); on 346k characters of correct Wikipedia text the table was not built from (iApp's validation
 * articles, XQuAD's), where OCR never runs: 2 (แผ่นดินไหวนำ|ขนาด, จีนนำ|ที่ → น้ำ). Measured and not kept: every word
 * with a tone-mark twin, not only above ำ (65 OCR changes, nearly all right: ขั้นตอน, กู้ยืม, สิ้นสุด; but 11 on the
 * Wikipedia text: เขา → เข้า, names; with 8 or 12 due, the OCR changes fell to 10 and 1, the Wikipedia ones to 7
 * and 4); a dictionary word made of two pieces read (กู|ยืม → กู้ยืม): 84 more changes on the Wikipedia text
 * (มา|ใช้ → ม้า|ใช้).
 */
export function markFromNextWord(run: string): string {
  const segs = segments(run);
  let out = '';
  for (let i = 0; i < segs.length; i++) {
    const read = segs[i].text;
    const next = segs[i + 1]?.text;
    let word = read;
    if (next && SEEN[read] && pairCount(read, next) === 0)
      for (const c of withToneAboveSaraAm(read)) if (SEEN[c] && (pairCount(c, next) * SEEN[read]) / SEEN[c] >= DUE) word = c;
    out += word;
  }
  return out;
}

/** Put back spellings OCR got one glyph wrong (a lost tone mark, a look-alike letter), word by word; anything uncertain stays as read. */
export function restoreSpelling(text: string): string {
  const occurs = (w: string) => text.split(w).length - 1;
  // A spelling the page uses again and again and never the common one is the document's own (a name such
  // as ลานนาทอง, not ล้านนา); a misread is a scanning accident, and the same word is read right elsewhere.
  const keep = (read: string, word: string) => occurs(read) >= 3 && occurs(word) === 0;
  return text.replace(/[\u0E01-\u0E4E]+/g, (run) => markFromNextWord(respellRun(run, keep)));
}
