// The words students type versus the words regulations are written in (the built-in list is synonym-list.ts;
// admins add their own groups in the console: modules/synonyms keeps them in SQLite and hands them over with
// setAdminSynonyms). A question containing a group's slang is also searched with the documents' wording
// (query expansion), and is read in that wording when measuring how much of it a passage covers. Slang is
// never added to a query: documents don't use it, and it would only add noise.
import { forgetMemos } from './memo.ts';
import { THAI_DIGIT_WORDS, THAI_SCALE } from '../../src/thai/numbers.ts';
import { BUILT_IN_SYNONYMS, type SynonymGroup } from './synonym-list.ts';
import { codePointLength, foldThaiDigits, segmentWords } from './tokens.ts';

export { BUILT_IN_SYNONYMS, type SynonymGroup };

const boundarySegmenter = new Intl.Segmenter('th', { granularity: 'word' });

/** Offsets where the segmenter puts a word boundary in `text` (its start, its end, between words). */
function wordBoundaries(text: string): Set<number> {
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
function standsAlone(boundaries: Set<number>, index: number, length: number): boolean {
  return boundaries.has(index) || boundaries.has(index + length);
}

// Members of three characters or fewer ("ตัง", "งบ", "นศ") match whole words only; longer ones also match
// across the segmenter's words, where they start or end one (standsAlone), because students write slang
// without spaces and the segmenter often splits unfamiliar words ("มิดเทอม" → "มิด" "เทอม").
const SHORT_MEMBER = 3;

// a Thai letter, vowel or tone mark; not the repetition mark ๆ, which stays apart as before ("ชื่อเต็มๆ ว่า")
const THAI_LETTER = /[ก-ฮะ-ฺเ-ๅ็-์]/;

/** NFC, lower case, Thai digits as ASCII: how questions and members are compared. */
const normaliseCase = (s: string) => foldThaiDigits(s.normalize('NFC').toLowerCase());

/** A member's key: normaliseCase without spaces or abbreviation dots. */
function normalise(s: string): string {
  return normaliseCase(s).replace(/[\s.]+/g, '');
}

interface PreparedGroup {
  doc: string[];
  /** the members students write, as listed */
  said: string[];
  docKeys: string[];
  keys: string[];
}
const prepared = new WeakMap<readonly SynonymGroup[], PreparedGroup[]>();

function prepare(groups: readonly SynonymGroup[]): PreparedGroup[] {
  let p = prepared.get(groups);
  if (!p) {
    p = groups.map(([doc, said]) => ({ doc: [...doc], said: [...said], docKeys: doc.map(normalise), keys: [...doc, ...said].map(normalise) }));
    prepared.set(groups, p);
  }
  return p;
}

// An admin's groups: the terms are equivalent, so a question naming one is also searched with all the
// others (each counts as a documents' wording). Where one wording is needed (inDocumentWording, how much
// of the question a passage covers) it is the first term: the editor asks for the documents' word first.
// Process-wide: one server serves one library, and these functions are called without an app at hand.
let adminGroups: readonly SynonymGroup[] = [];

/** The admin's groups from now on (replacing the last ones): the next question is read with them. */
export function setAdminSynonyms(groups: readonly (readonly string[])[]): void {
  adminGroups = groups.map((terms) => [[...terms], terms.slice(1)] as const);
  alternatives = null;
  // query terms and focus words are memoised per question; they depend on the groups
  forgetMemos();
}

/**
 * The admin's group members a text names, longest first, each as one key. An admin's terms are all
 * equivalent and the first is not rewritten into another, so a question naming it ("มีตติ้งรูม" listed
 * first) kept only the segmenter's pieces of it ("มีต", "ติ้ง", "รู"), which no passage holds: the clause the
 * synonym found ranked first at no evidence. Named as one focus word, any wording of its group covers it.
 */
export function adminMembersIn(text: string, extra: readonly SynonymGroup[] = adminGroups): string[] {
  if (extra.length === 0) return [];
  let rest = normalise(text);
  const found: string[] = [];
  for (const key of [...new Set(prepare(extra).flatMap((g) => g.keys))].filter(Boolean).sort((a, b) => b.length - a.length))
    if (rest.includes(key)) {
      found.push(key);
      rest = rest.split(key).join(' ');
    }
  return found;
}

/** Full years and terms a question names ("ปี 67" → "2567", "เทอม 1 ปี 68" → "1/2568"), for evidence scoring. */
export function yearsAndTerms(query: string): string[] {
  return [...new Set(expandYears(normaliseCase(query)))];
}

/** Two-digit Buddhist years as students write them ("ปี 67", "1/68", "รหัส 66") in full: "2567", "1/2568". */
function expandYears(query: string): string[] {
  const out: string[] = [];
  for (const m of query.matchAll(/(?:ปี(?:การศึกษา)?|พ\.?ศ\.?|รหัส|รุ่น)\s*(\d{2})(?!\d)/g)) out.push(`25${m[1]}`);
  for (const m of query.matchAll(/(?<![\d/])(\d)\s*\/\s*(\d{2})(?![\d/])/g)) out.push(`${m[1]}/25${m[2]}`, `25${m[2]}`);
  // "เทอม 1 ปี 68", "ภาคเรียนที่ 2 ปีการศึกษา 2568": the term as calendars write it, "1/2568".
  for (const m of query.matchAll(/(?:เทอม|ภาค(?:การศึกษา|เรียน)?)\s*(?:ที่\s*)?(\d)(?![\d/])\D{0,24}?(?:ปี(?:การศึกษา)?|พ\.?ศ\.?)\s*(?:25)?(\d{2})(?!\d)/g))
    out.push(`${m[1]}/25${m[2]}`);
  return out;
}

// the hours a clock time is said in: หนึ่ง … หก
const THAI_NUMBERS: Record<string, number> = Object.fromEntries(THAI_DIGIT_WORDS.slice(1, 7).map((w, i) => [w, i + 1]));

/** Clock times in everyday Thai as documents write them: "สี่ทุ่ม" → "22.00", "ตีสอง" → "02.00", "บ่ายสามโมง" → "15.00". */
function expandTimes(query: string): string[] {
  const n = (s: string) => THAI_NUMBERS[s] ?? Number(s);
  const at = (h: number) => `${String(h).padStart(2, '0')}.00`;
  const out: string[] = [];
  for (const m of query.matchAll(/(\d|หนึ่ง|สอง|สาม|สี่|ห้า)\s*ทุ่ม/g)) out.push(at(18 + n(m[1])));
  for (const m of query.matchAll(/ตี\s*(\d|หนึ่ง|สอง|สาม|สี่|ห้า)/g)) out.push(at(n(m[1])));
  for (const m of query.matchAll(/บ่าย\s*(\d|หนึ่ง|สอง|สาม|สี่|ห้า)?\s*โมง/g)) out.push(at(12 + (m[1] ? n(m[1]) : 1)));
  for (const m of query.matchAll(/(\d|หนึ่ง|สอง|สาม|สี่|ห้า|หก)\s*โมงเย็น/g)) out.push(at(12 + n(m[1])));
  if (/เที่ยงคืน/.test(query)) out.push('24.00');
  return out;
}

const MULTIPLIERS: Record<string, number> = { ...THAI_SCALE, k: 1e3 };

/** Amounts written with a Thai multiplier ("5 หมื่น", "1.5 แสน", "20k") as plain numbers ("50000"). */
function expandAmounts(query: string): string[] {
  const out: string[] = [];
  for (const m of query.matchAll(/(\d+(?:\.\d+)?)\s*(พัน|หมื่น|แสน|ล้าน|k)(?![a-z])/gi)) {
    out.push(String(Math.round(Number(m[1]) * MULTIPLIERS[m[2].toLowerCase()])));
  }
  return out;
}

interface Candidate {
  key: string;
  g: PreparedGroup;
  /** a member that brings its group in: a built-in group's slang, any of an admin's terms */
  slang: boolean;
  short: boolean;
}
const candidateLists = new WeakMap<readonly SynonymGroup[], Candidate[]>();

/** Every member of the built-in and the admin's groups, longest first (built once per admin list, not per question). */
function candidatesFor(extra: readonly SynonymGroup[]): Candidate[] {
  let list = candidateLists.get(extra);
  if (!list) {
    list = [BUILT_IN_SYNONYMS, extra]
      .flatMap((groups) =>
        prepare(groups).flatMap((g) =>
          g.keys.map((key, i) => ({ key, g, slang: groups === extra || i >= g.docKeys.length, short: codePointLength(key) <= SHORT_MEMBER })),
        ),
      )
      .filter((c) => c.key)
      .sort((a, b) => b.key.length - a.key.length);
    candidateLists.set(extra, list);
  }
  return list;
}

/**
 * Phrases to search for besides the question itself: the documents' wording of each synonym group the
 * question mentions, full years for short ones, and plain numbers for amounts with a multiplier.
 * `extra` groups (an admin's list) are used the same way as the built-in ones.
 */
export function expansions(query: string, extra: readonly SynonymGroup[] = adminGroups): string[] {
  const folded = normaliseCase(query);
  const flat = normalise(query);
  const words = new Set(segmentWords(query).map(normalise));
  // Longest member first, and a matched member is blanked out, so "ค่าเทอม" counts as fees and not
  // also as "เทอม" (a term). A built-in group is brought in by its slang only: a question already in the
  // documents' wording ("ภาคการศึกษา", "ปริญญาโท") is searched as asked, not also with the group's other
  // wordings ("ภาคเรียน", "บัณฑิตศึกษา"), which matched neighbouring clauses (a definitions clause) more
  // than the one asked about. Measured (eval-answers retrieval hit@1, product vs BM25 word): leave
  // 0.69 → 0.75 (0.75), conduct 0.66 → 0.69 (0.69); eval-retrieval act hit@5 0.868 → 0.887, penal
  // 0.493/0.676 → 0.507/0.690, civil hit@5 0.857 → 0.841, xquad_th and iApp unchanged; answer evals unchanged
  // on library A except conduct +1 right. An admin's terms are all equivalent: any of them brings the rest.
  let rest = flat;
  let boundaries: Set<number> | null = null; // only segmented when some member occurs at all
  const found = (key: string) => {
    for (let i = rest.indexOf(key); i >= 0; i = rest.indexOf(key, i + 1)) if (standsAlone((boundaries ??= wordBoundaries(flat)), i, key.length)) return true;
    return false;
  };
  const matched = new Set<PreparedGroup>();
  for (const { key, g, slang, short } of candidatesFor(extra)) {
    if (short ? words.has(key) : found(key)) {
      if (slang) matched.add(g);
      if (!short) rest = rest.split(key).join('\u0000'.repeat(key.length)); // same length: offsets stay those of the boundaries
    }
  }
  const added = new Set<string>();
  for (const g of matched) g.doc.forEach((m, i) => !flat.includes(g.docKeys[i]) && added.add(m));
  for (const x of [...expandYears(folded), ...expandAmounts(folded), ...expandTimes(folded)]) if (!flat.includes(x)) added.add(x);
  return [...added];
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A member as typed, with or without abbreviation dots: keys are kept without them ("ป.ตรี" is "ปตรี"), students write both. */
const abbreviable = (key: string) => [...key].map(escapeRegExp).join('\\.?');

interface Wording {
  pattern: RegExp;
  /** member key → the documents' form to write instead, or null for a documents' form (kept as written) */
  replace: Map<string, string | null>;
}
const wordings = new WeakMap<readonly SynonymGroup[], Wording>();

// One alternation, longest member first, so that a documents' form is read whole before any slang member
// inside it: "ค่าหอพัก" stays as written instead of its "ค่าหอ" being replaced ("ค่าหอพัก พัก"), and
// "เครื่องดื่มที่มีแอลกอฮอล์" keeps its "แอลกอฮอล์".
function wordingOf(extra: readonly SynonymGroup[]): Wording {
  let w = wordings.get(extra);
  if (!w) {
    const replace = new Map<string, string | null>();
    const source = new Map<string, string>();
    const groups = [...prepare(BUILT_IN_SYNONYMS), ...prepare(extra)];
    // (an admin's terms after the first are documents' forms too: they are still written as the first)
    for (const g of groups)
      g.said.forEach((member, i) => {
        const key = g.keys[g.docKeys.length + i]!;
        if (!key || key === g.docKeys[0]) return;
        // A short member is replaced only as written with its dots ("ป.โท"): bare, it is a piece of other words.
        if (codePointLength(key) > SHORT_MEMBER) source.set(key, abbreviable(key));
        else if (member.includes('.')) source.set(key, escapeRegExp(normaliseCase(member)));
        else return;
        replace.set(key, g.doc[0]!);
      });
    for (const g of groups)
      for (const key of g.docKeys)
        if (key && !replace.has(key)) {
          replace.set(key, null);
          source.set(key, abbreviable(key));
        }
    const keys = [...replace.keys()].sort((a, b) => b.length - a.length);
    w = { pattern: new RegExp(keys.map((k) => source.get(k)!).join('|'), 'g'), replace };
    wordings.set(extra, w);
  }
  return w;
}

/**
 * The question in the documents' wording: each slang member it mentions replaced by its group's first
 * documents' form ("ไปค่ายกินเหล้า" → "ไปกิจกรรมนอกสถานที่กินเครื่องดื่มที่มีแอลกอฮอล์"), for measuring how
 * much of the question a passage covers.
 */
export function inDocumentWording(query: string, extra: readonly SynonymGroup[] = adminGroups): string {
  return rewritten(query, extra).text;
}

/** inDocumentWording, with the documents' forms it wrote in place of slang ("โดนไล่ออก" → "ให้ออก"). */
export function rewritten(query: string, extra: readonly SynonymGroup[] = adminGroups): { text: string; written: string[] } {
  const { pattern, replace } = wordingOf(extra);
  const written: string[] = [];
  const text = normaliseCase(query);
  const boundaries = wordBoundaries(text);
  // The document form is set apart by a space only where the question has no Thai letter beside it: a space
  // leaves the neighbour to be segmented alone, and a short one then stays whole ("สูบบุหรี่ในหอ" → "ยาสูบ ในหอ":
  // ในหอ, a word no document has, became the question's rarest); in the run of the text it is cut as before.
  const out = text.replace(pattern, (m, at: number) => {
    const doc = replace.get(m.replace(/\./g, ''));
    if (!doc || !standsAlone(boundaries, at, m.length)) return m;
    const pad = (c: string | undefined) => (c && THAI_LETTER.test(c) ? '' : ' ');
    written.push(doc);
    return `${pad(text[at - 1])}${doc}${pad(text[at + m.length])}`;
  });
  return { text: out, written };
}

/** The question with its expansions appended: what retrieval and evidence scoring read. */
export function withExpansions(query: string, extra: readonly SynonymGroup[] = adminGroups): string {
  const more = expansions(query, extra);
  return more.length ? `${query}\n${more.join(' ')}` : query;
}

let alternatives: Map<string, string[]> | null = null;

/** Every other wording of a group's member ("ยื่น" → "เสนอ", …), the admin's groups included; [] for a word in no group. */
export function alternativesOf(word: string): readonly string[] {
  if (!alternatives) {
    alternatives = new Map();
    for (const g of [...prepare(BUILT_IN_SYNONYMS), ...prepare(adminGroups)])
      for (const k of g.keys) if (k) alternatives.set(k, [...new Set([...(alternatives.get(k) ?? []), ...g.keys.filter((x) => x && x !== k)])]);
  }
  return alternatives.get(normalise(word)) ?? [];
}
