// How the synonym code compares members with a question: the keys members are kept as, where a word of the
// question starts and ends, and the groups prepared once per list (synonyms.ts, document-wording.ts).
import type { SynonymGroup } from './synonym-list.ts';
import { foldThaiDigits } from '../index/tokens.ts';
import { runSteps } from './member-trie.ts';

/** An admin's groups, as synonyms.ts adminSynonymGroups builds them from the stored term lists. */
export type AdminSynonyms = readonly SynonymGroup[];
/** No admin groups: the built-in list alone. */
export const NO_ADMIN_SYNONYMS: AdminSynonyms = Object.freeze([]);

const boundarySegmenter = new Intl.Segmenter('th', { granularity: 'word' });

/** Offsets where the segmenter puts a word boundary in `text` (its start, its end, between words). */
export function wordBoundaries(text: string): Set<number> {
  const at = new Set<number>([0, text.length]);
  for (const seg of boundarySegmenter.segment(text)) at.add(seg.index).add(seg.index + seg.segment.length);
  return at;
}

/**
 * Whether a member found at `index` is a word of the question rather than a piece of a longer one: it starts
 * or ends at a word boundary. Students glue words ("สอบอิ้ง" segments as สอ|บอิ้ง: the member ends at one), but a
 * member inside one word is another word ("เซ็น" in "เปอร์เซ็นต์" is not signing; before, a percentage question
 * was searched with ลายมือชื่อ).
 */
export function standsAlone(boundaries: Set<number>, index: number, length: number): boolean {
  return boundaries.has(index) || boundaries.has(index + length);
}

// A committee or a body is written as its initials, one letter and a dot each: ก.พ.อ., อ.ก.พ., ก.บ.ม., ก.พ.ร. Read
// without its dots, or a few letters at a time, such a name holds a member it does not mean: "ก.พ." (February) is
// the first two initials of ก.พ.อ., so a question about ก.พ.อ. was searched and read as one about กุมภาพันธ์. Three
// initials or more are one name: a member matches inside it only as all of it (or as more than it).
const INITIALS = /(?<![ก-ฮ]\.?)(?:[ก-ฮ]\.){2,}[ก-ฮ](?![ก-ฮะ-ฺเ-ๅ็-์])\.?/g;

/** Where a member found in `text` at [at, end) would be part of a name of initials, not all of it. */
export function initialsSplitIn(text: string): (at: number, end: number) => boolean {
  const spans = [...text.matchAll(INITIALS)].map((m) => [m.index, m.index + m[0].length] as const);
  return (at, end) => spans.some(([s, e]) => at < e && end > s && !(at <= s && end >= e - (text[e - 1] === '.' ? 1 : 0)));
}

/**
 * initialsSplitIn for the flat text `normalise(text)` makes (no spaces, no dots): which [i, i + length) of the flat
 * text cut a name of initials of `text`.
 */
export function initialsSplitInFlat(text: string): (i: number, length: number) => boolean {
  const folded = normaliseCase(text);
  const spans = [...folded.matchAll(INITIALS)];
  if (spans.length === 0) return () => false;
  // the flat offset of each character of the folded text
  const flatAt: number[] = [];
  let n = 0;
  for (let k = 0; k < folded.length; k++) {
    flatAt.push(n);
    if (!/[\s.]/.test(folded[k]!)) n++;
  }
  flatAt.push(n);
  const flat = spans.map((m) => [flatAt[m.index]!, flatAt[m.index + m[0].length]!] as const);
  return (i, length) => flat.some(([s, e]) => i < e && i + length > s && !(i <= s && i + length >= e));
}

// Members of three characters or fewer ("ตัง", "งบ", "นศ") match whole words only; longer ones also match
// across the segmenter's words, where they start or end one (standsAlone), because students write slang
// without spaces and the segmenter often splits unfamiliar words ("มิดเทอม" → "มิด" "เทอม").
export const SHORT_MEMBER = 3;

// a Thai letter, vowel or tone mark; not the repetition mark ๆ, which stays apart as before ("ชื่อเต็มๆ ว่า")
export const THAI_LETTER = /[ก-ฮะ-ฺเ-ๅ็-์]/;
// a Thai vowel or tone mark written above or below a letter (it never starts a word)
export const THAI_MARK = /[\u0E31\u0E34-\u0E3A\u0E47-\u0E4E]/;

/** NFC, lower case, Thai digits as ASCII: how questions and members are compared. */
export const normaliseCase = (s: string) => foldThaiDigits(s.normalize('NFC').toLowerCase());

/** A member's key: normaliseCase without spaces or abbreviation dots. */
export function normalise(s: string): string {
  return normaliseCase(s).replace(/[\s.]+/g, '');
}

export interface PreparedGroup {
  doc: string[];
  /** the members students write, as listed */
  said: string[];
  docKeys: string[];
  keys: string[];
}
const prepared = new WeakMap<readonly SynonymGroup[], PreparedGroup[]>();

export function prepare(groups: readonly SynonymGroup[]): PreparedGroup[] {
  return runSteps(preparing(groups));
}

/** prepare, a yield every 16 groups (an admin's largest list is 3,000 terms to normalise). */
export function* preparing(groups: readonly SynonymGroup[]): Generator<void, PreparedGroup[]> {
  let p = prepared.get(groups);
  if (!p) {
    const out: PreparedGroup[] = [];
    for (const [doc, said] of groups) {
      if (out.length % 16 === 15) yield;
      out.push({ doc: [...doc], said: [...said], docKeys: doc.map(normalise), keys: [...doc, ...said].map(normalise) });
    }
    p = prepared.get(groups) ?? out;
    prepared.set(groups, p);
  }
  return p;
}
