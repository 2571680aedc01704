// Spaces OCR put inside a word. Tesseract's Thai model spaces by the gaps between glyph boxes, and a wide
// letter or a mark that sticks out leaves a gap inside a word ("ระ ดับบัณฑิต", "ตาม ระ เบียบ", "ค่าธรรม
// เนียม", "ปฏิ บัติ"); a word so cut matches neither the reader's question nor its own character trigrams.
// Thai does space between phrases, never inside a word: a space is dropped only when the text joined across
// it segments into fewer pieces with a known word spanning the space, which a phrase break seldom makes.
// Measured on 452k characters of correct text (our ground truths, the act/penal/civil corpora, xquad_th and
// iapp_wiki_qa): 3 spaces dropped, all inside transliterated names or one phrase ("โดย สารทำงาน"); on our six
// scans 6 cut words mended (ระเบียบ, ระดับ ×2, ประกัน, ประตู, ปฏิบัติ) and none joined wrongly.
import { df, segments } from './thai-words.ts';

const THAI_SPACE = /(?<=[\u0E01-\u0E2E\u0E30-\u0E3A\u0E40-\u0E45\u0E47-\u0E4E]) (?=[\u0E01-\u0E2E\u0E30-\u0E3A\u0E40-\u0E45\u0E47-\u0E4E])/g;
// A word this common on its own next to the space is a phrase end or start ("ใน ปี", "โดย สาร"), not a piece.
const COMMON = 100;
// Fewer documents than this: a piece of a word the segmenter made, not a word (เบีย 4).
const RARE = 10;
// How far either side of a space the segmenter looks: the longest word one space can cut.
const REACH = 12;

/**
 * Whether the space between `left` and `right` cut a word: joined, they segment into fewer pieces, with a
 * known word spanning the join, and the pieces it touched were not both common words by themselves.
 */
function spansWord(left: string, right: string): boolean {
  const [l, r] = [segments(left), segments(right)];
  const joined = segments(left + right);
  if (joined.length >= l.length + r.length) return false;
  const span = joined.find((s) => s.at < left.length && s.at + s.text.length > left.length);
  if (!span) return false;
  const [before, after] = [l.find((s) => s.at + s.text.length > span.at), r.find((s) => s.at + s.text.length >= span.at + span.text.length - left.length)];
  if (!before || !after) return false;
  // A span no text uses is a name's ("แดเนียล วูดริฟ" → แดเนียลวู|ดริฟ), which Thai spaces like phrases.
  if (df(span.text) === 0) return false;
  // It must mend pieces, not regroup words: a span ending inside the next word ("ว่า การกระทำ" → ว่าการ|กระทำ)
  // is allowed only when that word is no word either ("ระ เบียบนี้" reads ระ + เบีย|บนี้).
  const inside = (s: { text: string; at: number }, at: number) => at > s.at && at < s.at + s.text.length;
  if (inside(before, span.at) && df(before.text) >= RARE) return false;
  if (inside(after, span.at + span.text.length - left.length) && df(after.text) >= RARE) return false;
  return Math.min(df(before.text), df(after.text)) < COMMON;
}

/** Drop the spaces OCR put inside Thai words; phrase spaces stay. */
export function joinCutWords(text: string): string {
  return text.replace(THAI_SPACE, (space, at: number) => {
    const left = /[\u0E01-\u0E4E]+$/.exec(text.slice(Math.max(0, at - REACH), at))?.[0] ?? '';
    const right = /^[\u0E01-\u0E4E]+/.exec(text.slice(at + 1, at + 1 + REACH))?.[0] ?? '';
    // An abbreviation's letter (พ.ศ., ร.ศ.) is not a piece of a word.
    if (text[at + 1 + right.length] === '.') return space;
    return spansWord(left, right) ? '' : space;
  });
}
