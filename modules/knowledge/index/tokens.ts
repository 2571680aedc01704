// Thai has no spaces between words, and LanceDB's own tokenizers shred Thai script.
// We therefore segment in JS (Intl.Segmenter, ICU dictionary) and index a pre-tokenized,
// space-joined column with LanceDB's `whitespace` tokenizer. The same functions build
// the query, so index and query always agree.

import { foldThaiDigits } from '../../../src/thai/digits.ts';
import { memoByString } from '../question/memo.ts';

// Thai digits fold to ASCII so "ข้อ ๑๒" and "ข้อ 12" match.
export { foldThaiDigits };

/** NFC, lower case, Thai digits as ASCII and no thousands separators: how questions and passages are compared. */
export function fold(text: string): string {
  return foldThaiDigits(text.normalize('NFC').toLowerCase()).replace(/(\d),(?=\d{3})/g, '$1');
}

const segmenter = new Intl.Segmenter('th', { granularity: 'word' });

// Characters that carry no meaning inside a token: thousands separators, quotes, stray marks.
const NUMBER_GROUPING = /(\d),(?=\d{3}\b)/g;
const EDGE_PUNCTUATION = /^[\p{P}\p{S}]+|[\p{P}\p{S}]+$/gu;

/** Intl.Segmenter words, lowercased, Thai digits folded, punctuation and spaces dropped. */
export const segmentWords: (text: string) => readonly string[] = memoByString((text) => Object.freeze(segment(text)));

// Particles students end a typed question with. The dictionary segmenter does not know them and cuts the
// word before them instead: "แล้วอ่ะ" → "แล้ | วอ่ะ", "กี่บาทอ่ะ" → "กี่ | บา | ทอ่ะ", "จริงเหรอ" → "จริง | เห |
// รอ": the word is lost, and the pieces, found in no document, count as the question's rarest words. Set
// apart (spaces around them) where they end a phrase: at its end, before a space or a mark, or before
// the polite word that closes it; "งี้" (like this) wherever it follows a word. Particles that end common
// words are left out: ปะ (ศิลปะ), วะ (ภาวะ), มะ (ธรรมะ), and อะ after เ and a consonant is the vowel of เยอะ,
// เถอะ, เลอะ ("ไปเยอะ" was cut "ไปเย | อะ"). "เหรอ"/"หรอ", which the segmenter cuts even
// alone ("เห | รอ", and "รอ" is a word: to wait), are written as the "หรือ" they stand for. Documents
// rarely hold these particles: an index built before keeps its old tokens there, which no question matched.
const SPOKEN_PARTICLE =
  /(?<=[\u0e01-\u0e4e])(?:((?<!เ[ก-ฮ]{1,2})(?:อ่ะ|อ้ะ|อะ)|อ่า|ป่ะ|ป้ะ|ง่ะ|งะ|เหรอ|หรอ|เนี่ย|เนอะ)(?=$|[\s\p{P}\p{S}]|ครับ|คับ|ค่ะ|คะ|นะ|จ้า|จ้ะ|ฮะ|งับ)|(งี้))/gu;
const apart = (_: string, particle: string | undefined, like: string | undefined) =>
  ` ${particle === 'เหรอ' || particle === 'หรอ' ? 'หรือ' : (particle ?? like)} `;
// The typed "เท่าไหร่" (how much), which the segmenter cuts into "เท่า" (times, as in "สองเท่า") and "ไหร่",
// is the "เท่าไร" it stands for; a dot after an abbreviation of two letters or more ends it ("นศ.ยังไง" was
// one token "นศ.ยัง"), while the dots of "พ.ศ." and "ป.ตรี" stay.
const TYPED_HOW_MUCH = /เท่าไหร่/g;
// Courtesies around a question ("รบกวนสอบถามค่ะ …", "ขอถามหน่อยครับ …", "… ขอบคุณล่วงหน้านะคะ") are not its
// topic: the greeting and the thanks are stop words, and these phrases lose the words that are a topic
// elsewhere ("ห้ามรบกวนผู้อื่น", "แจ้งล่วงหน้า", "ตำรวจถามชื่อ").
// A phrase does not run on over a line break (lineTokens reads a text line by line).
const COURTESY = /ขอบคุณล่วงหน้า|รบกวน(?=[^\S\n]*(?:สอบ)?ถาม|[^\S\n]*ขอ)|(?<=ขอ)ถาม|ถาม(?=[^\S\n]*(?:หน่อย|นิดนึง))/g;
const courtesy = (phrase: string) => (phrase.startsWith('ขอบคุณ') ? 'ขอบคุณ' : ' ');
const ABBREVIATION_DOT = /(?<=[\u0e01-\u0e2e]{2})\.(?=[\u0e01-\u0e4e])/g;
// ฯ (ไปยาลน้อย) marks a name cut short ("มหาวิทยาลัยฯ", "สาขาวิชาฯ", "กรุงเทพฯ"); it is not a letter of the word before
// it, but the segmenter reads it as one and shreds the word ("สาขาวิชาฯ" → "สาขา | วิ | ชาฯ", "ทะเบียนฯ" → "ทะ |
// เบียนฯ"), so the word was lost both in the documents (323 marks on the real libraries' 1,182 pages) and in a
// question that writes one. It ends the word like a space; ฯลฯ ("and so on") is left as written.
const PAIYANNOI = /ฯ(?!ลฯ)(?<!ฯลฯ)/g;

function segment(text: string): string[] {
  const normalized = foldThaiDigits(text.normalize('NFC').toLowerCase())
    .replace(NUMBER_GROUPING, '$1')
    .replace(SPOKEN_PARTICLE, apart)
    .replace(TYPED_HOW_MUCH, 'เท่าไร')
    .replace(COURTESY, courtesy)
    .replace(ABBREVIATION_DOT, '. ')
    .replace(PAIYANNOI, ' ');
  const words: string[] = [];
  for (const seg of segmenter.segment(normalized)) {
    if (!seg.isWordLike) continue;
    const w = seg.segment.replace(EDGE_PUNCTUATION, '');
    if (w && !/\s/.test(w)) words.push(w);
  }
  // A term or a date written with slashes ("1/2568", "3/7/2568") is also one token: the segmenter
  // splits it into numbers every calendar row shares ("1", "2568"), and which term a row belongs to is
  // what a calendar question asks.
  for (const m of normalized.matchAll(SLASHED_NUMBER)) words.push(m[0]);
  return words;
}
const SLASHED_NUMBER = /(?<![\d/])\d{1,2}(?:\/\d{1,4}){1,2}(?![\d/])/g;

/** Characters (code points) in `s`, without allocating an array as `Array.from(s).length` does (a hot path when scoring). */
export function codePointLength(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0xdc00 || c > 0xdfff) n++; // a low surrogate ends a pair already counted
  }
  return n;
}

/** Prefix marking character n-gram features so they never collide with a real word token. */
export const GRAM_MARK = '#';
export const GRAM_SIZE = 3;

/**
 * Character trigrams over each run of Thai/alphanumeric text (spaces and punctuation break runs).
 * They make retrieval robust to segmentation disagreements between the query and the passage
 * (the dictionary segmenter splits unknown names and compounds unpredictably).
 */
export function charGrams(text: string, n = GRAM_SIZE): string[] {
  const normalized = foldThaiDigits(text.normalize('NFC').toLowerCase()).replace(NUMBER_GROUPING, '$1').replace(PAIYANNOI, ' ');
  const grams: string[] = [];
  for (const run of normalized.split(/[^\p{L}\p{M}\p{N}]+/u)) {
    if (run.length === 0) continue;
    // Thai and Latin are single UTF-16 units: slice the string directly (hot path when indexing);
    // only runs with astral characters (emoji, rare CJK) need code-point splitting.
    const chars = /[\uD800-\uDFFF]/.test(run) ? Array.from(run) : null;
    const length = chars ? chars.length : run.length;
    if (length <= n) {
      grams.push(GRAM_MARK + run);
      continue;
    }
    for (let i = 0; i + n <= length; i++) grams.push(GRAM_MARK + (chars ? chars.slice(i, i + n).join('') : run.slice(i, i + n)));
  }
  return grams;
}

/** Space-joined tokens for the FTS column: segmenter words followed by marked character trigrams. */
export function toIndexTokens(text: string): string {
  return [...segment(text), ...charGrams(text)].join(' ');
}

/**
 * `toIndexTokens` line by line, each line's tokens kept in `memo` while one write builds its rows: a page row's
 * lines are its passages' lines again (98 % of real_dev's page text), so a document's pages cost no second
 * segmentation (page-table.ts). No word or trigram spans a line break, so a text's tokens are the same multiset
 * line by line as whole (every passage and page of real_dev compared: none differs) and BM25 reads the same rows;
 * only their order in the column differs, which no search reads (no phrase queries).
 */
export function lineTokens(memo = new Map<string, string>()): (text: string) => string {
  return (text) => {
    const out: string[] = [];
    for (const line of text.split('\n')) {
      if (!line.trim()) continue;
      let tokens = memo.get(line);
      if (tokens === undefined) memo.set(line, (tokens = toIndexTokens(line)));
      if (tokens) out.push(tokens);
    }
    return out.join(' ');
  };
}
