// The evidence a confidence is computed from, for one question and the passage shown as its answer.
// Every feature is bounded (0–1) and none depends on how many documents the library holds:
// - focus coverage: how much of the question's topic the passage contains, word by word and by
//   character trigrams (robust to Thai segmentation), each weighted by background rarity (a fixed
//   general-Thai table, background-df.json, so adding unrelated documents changes no weight);
// - margin: how far the passage's retrieval score stands above the next *distinct* passage;
//   near-identical passages (a second copy or version of a document) are skipped, they support it;
// - answer type: a question asking how many / when / who / which things / whether finds a number,
//   date, person, list or rule word (ได้, ต้อง, ห้าม) in the passage; a question asking two of these
//   needs both (clause and item numbers are labels, not numbers that answer);
// - foreign share: how much of the question appears in none of the retrieved passages (a near-miss or
//   off-topic question has words the library never uses).
import type { SearchHit } from './index-store.ts';
import { termWeight } from './background.ts';
import { askedPart } from './ask-part.ts';
import { memoByString } from './memo.ts';
import { isStopWord } from './stopwords.ts';
import { alternativesOf, inDocumentWording, yearsAndTerms } from './synonyms.ts';
import { charGrams, codePointLength, foldThaiDigits, segmentWords } from './tokens.ts';

export interface Evidence {
  wordCover: number;
  gramCover: number;
  margin: number;
  /** 1: the asked-for kind of answer is in the passage, 0: it is not, 0.5: the question asks for no particular kind */
  typeMatch: number;
  foreign: number;
}

export function fold(text: string): string {
  return foldThaiDigits(text.normalize('NFC').toLowerCase()).replace(/(\d),(?=\d{3})/g, '$1');
}

/** The question's focus: topic words (no stop words, no single letters) in the documents' wording. */
export const focusWords = memoByString((query: string): readonly string[] => {
  // Numbers of any length count ("เทอม 1"), and a term or year the question names is one focus word
  // written as documents write it ("1/2568"): which term a calendar row belongs to is the question.
  // The clock unit a question asks in ("กี่โมง", "กี่ทุ่ม") is part of the ask, not the topic, and
  // documents write times otherwise ("๒๒.๐๐ นาฬิกา"): typeMatch checks that the passage holds a time.
  // Other units stay focus words: documents count in them too ("กี่บาท" … "บาท"), and a passage without
  // the unit is likely not the answer.
  const unit = /^(?:โมง|ทุ่ม)$/.test(countedThing(fold(query)) ?? '') ? countedThing(fold(query)) : null;
  const words = segmentWords(inDocumentWording(query)).filter((w) => w !== unit && !isStopWord(w) && (codePointLength(w) > 1 || /^\d+$/.test(w)));
  return Object.freeze([...new Set([...words, ...latinCodes(query), ...yearsAndTerms(query)])]);
});

// A lone Latin letter in a Thai question is a code, not an English word: a grade ("ติด I", "เกรด C+",
// "ได้ W"), a building or a plan ("อาคาร B"). It is the question's most specific word.
const LATIN_CODE = /(?<![a-z0-9])[a-z]\+?(?![a-z0-9+])/g;
const THAI = /[ก-๛]/;

function latinCodes(query: string): string[] {
  const q = fold(query);
  return THAI.test(q) ? [...q.matchAll(LATIN_CODE)].map((m) => m[0]) : [];
}

const codePattern = memoByString((code: string) => new RegExp(`(?<![a-z0-9])${code.replace('+', '\\+')}(?![a-z0-9+])`));

/** Whether `text` holds `w`: a code as a whole token ("i" is not in "wifi"), a word anywhere (Thai has no spaces). */
function holds(text: string, w: string): boolean {
  return /^[a-z]\+?$/.test(w) ? codePattern(w).test(text) : text.includes(w);
}

// a word counts as covered by another wording of it ("ยื่น" by "เสนอ")
const coveredIn = (text: string) => (w: string) => holds(text, w) || alternativesOf(w).some((a) => text.includes(a));

/** Weight of a story word that no retrieved passage uses: the situation's details, not what is asked. */
export const STORY_FOREIGN_WEIGHT = 0.25;

/** The focus words of a story-style question's asked part (ask-part.ts); empty when the whole question is asked. */
const askWords = memoByString((query: string): ReadonlySet<string> => {
  const asked = askedPart(query);
  return new Set(asked ? focusWords(asked) : []);
});

/**
 * How much each focus word counts: 1, except a story's situation words that none of the retrieved
 * passages use (a trip to Phuket, a mother booking tickets), which say little about whether a passage
 * answers; the asked part always counts in full.
 */
function focusWeighting(query: string, anywhere: string): (w: string) => number {
  const ask = askWords(query);
  if (ask.size === 0) return () => 1;
  return (w) => (ask.has(w) || coveredIn(anywhere)(w) ? 1 : STORY_FOREIGN_WEIGHT);
}

function weightedShare(terms: readonly string[], has: (t: string) => boolean, weight: (t: string) => number = () => 1): number {
  let total = 0;
  let found = 0;
  for (const t of terms) {
    const w = termWeight(t) * weight(t);
    total += w;
    if (has(t)) found += w;
  }
  return total > 0 ? found / total : 0;
}

function passageText(hit: SearchHit): string {
  return fold(`${hit.title}\n${hit.documentName ?? ''}\n${hit.headingPath.join(' ')}\n${hit.text}`);
}

const gramsOf = memoByString((text: string) => new Set(charGrams(text)), 512, Infinity);

/** Share of the smaller passage's trigrams the other holds, at or above which they are the same text. */
const NEAR_DUPLICATE = 0.8;

export function nearDuplicate(a: string, b: string): boolean {
  if (a === b) return true;
  const ga = gramsOf(a);
  const gb = gramsOf(b);
  let shared = 0;
  for (const g of ga) if (gb.has(g)) shared++;
  // Containment, not Jaccard: another copy may be cut into chunks differently (a Word table, a page
  // break), so one passage holding nearly all of the other is the same text.
  return shared / (Math.min(ga.size, gb.size) || 1) >= NEAR_DUPLICATE;
}

/**
 * Gap between the passage and the best retrieved passage that is neither it nor a copy of it, on the
 * retrieval score weighted by how much of the question each covers: a long off-topic passage that
 * outscores the clause on common words is no real competitor.
 */
function margin(passage: SearchHit, hits: SearchHit[], cover: (h: SearchHit) => number): number {
  const relevance = (h: SearchHit) => Math.max(0, h.score) * (0.25 + 0.75 * cover(h));
  const mine = relevance(passage);
  if (mine <= 0) return 0;
  let next = 0;
  for (const h of hits) if (h !== passage && !nearDuplicate(h.text, passage.text)) next = Math.max(next, relevance(h));
  return Math.max(0, Math.min(1, (mine - next) / mine));
}

// Which things: a list ("(๑) …", "1. …", "ได้แก่ …", "… ดังต่อไปนี้") answers "เอกสารอะไรบ้าง"
const LIST_ASK: { question: RegExp; answer: RegExp } = {
  question: /อะไรบ้าง|อะไรมั่ง|ใดบ้าง|ไหนบ้าง|อย่างไรบ้าง|ยังไงบ้าง|มีอะไร/,
  answer: /(?:^|\s)\(?\d{1,2}[).]\s|ได้แก่|ดังต่อไปนี้|ดังนี้|ประกอบด้วย|[^\s,]+\s*,\s*[^\s,]+\s*(?:,|และ)/m,
};

// What a question asks for, and what in a passage answers it. Thai question words are few and fixed.
const ASKS: Array<{ question: RegExp; answer: RegExp }> = [
  // when ("กี่โมง" is also a count: both are answered by a time)
  {
    question: /เมื่อไร|เมื่อไหร่|เมื่อใด|วันไหน|วันที่เท่าไ|กี่โมง|กี่ทุ่ม|ช่วงไหน|ช่วงใด|ตอนไหน|วันใด|เวลาใด|ถึงวันไหน|ภายในวัน/,
    answer: /\d|มกราคม|กุมภาพันธ์|มีนาคม|เมษายน|พฤษภาคม|มิถุนายน|กรกฎาคม|สิงหาคม|กันยายน|ตุลาคม|พฤศจิกายน|ธันวาคม|วันถัด|ภายใน|ก่อน|หลัง|นับแต่|ตั้งแต่/,
  },
  // how many / how much
  { question: /กี่|เท่าไร|เท่าไหร่|จำนวนเท่า|ราคา|ค่าใช้จ่าย/, answer: /\d|หนึ่ง|สอง|สาม|สี่|ห้า|หก|เจ็ด|แปด|เก้า|สิบ|ร้อย|พัน|หมื่น|แสน|ล้าน/ },
  // who
  { question: /ใคร|ผู้ใด|หน่วยงานไหน|หน่วยงานใด/, answer: /ผู้|อธิการบดี|คณบดี|ประธาน|กรรมการ|อาจารย์|เจ้าหน้าที่|กอง|สำนัก|ฝ่าย|นาย|นาง|ดร\.|ศาสตราจารย์|ธนาคาร/ },
  // where
  { question: /ที่ไหน|ที่ใด|ตรงไหน|เว็บไหน|เว็บไซต์ใด/, answer: /ที่|ณ|www|http|\.ac\.th|สำนัก|กอง|อาคาร|ห้อง|ธนาคาร/ },
  LIST_ASK,
  // whether: a rule word answers yes or no
  { question: /ได้ไหม|ได้มั้ย|ได้หรือไม่|ได้ป่าว|ได้หรือเปล่า|ไหม|มั้ย|หรือไม่|หรือเปล่า|ป่าว|ใช่ไหม/, answer: /ได้|ต้อง|ห้าม|มิให้|ไม่|เว้นแต่|ยกเลิก|ให้/ },
];

/** The thing a Thai count asks about: "กี่บาท" → "บาท", "กี่เทอม" → "เทอม". */
function countedThing(q: string): string | null {
  return /กี่\s*([ก-๙]+?)(?:ครับ|คะ|ค่ะ|นะ|กัน|แล้ว|ต่อ|ถึง|ได้|$|\s)/.exec(q)?.[1] ?? null;
}

/**
 * Whether the passage answers every ask of the question. A question may ask several things at once
 * ("ต้องใช้เอกสารอะไรบ้าง และต้องยื่นเมื่อใด": which documents, and when): a passage that answers one
 * ask and not the other is a partial answer, so the weakest ask decides.
 */
function typeMatch(query: string, passage: string): number {
  const q = fold(query);
  const asked = ASKS.filter((a) => a.question.test(q));
  if (!asked.length) return 0.5;
  return Math.min(...asked.map((a) => answers(a, q, passage)));
}

// Clause and item numbers ("ข้อ 4", "มาตรา 12", "(2)") are labels, not a number or date that answers.
const LABELS = /(?:ข้อ|มาตรา)\s*\d+(?:\/\d+)?|\(\d{1,2}\)/g;

function answers(asked: (typeof ASKS)[number], q: string, passage: string): number {
  if (!asked.answer.test(asked === LIST_ASK ? passage : passage.replace(LABELS, ' '))) return 0;
  // "กี่บาท" is answered by a number of baht (or a term by a number of terms), not by any number (a date).
  const thing = asked === ASKS[1] ? countedThing(q) : null;
  if (thing && codePointLength(thing) > 1 && !/^(?:โมง|ทุ่ม|วัน)$/.test(thing)) {
    const names = [thing, ...alternativesOf(thing)];
    return names.some((n) => new RegExp(`\\d[\\d,.]*\\s*(?:\\([^)]*\\)\\s*)?${n}`).test(passage)) ? 1 : 0;
  }
  return 1;
}

// The frame of a question: what kind of quantity it asks for (units of money, time and count, "price",
// "how many times"), not what it is about. "ราคาทองวันนี้บาทละเท่าไหร่" shares ราคา, วัน, บาท and เท่า with a
// library's fine schedule; only ทอง says what is asked, and no passage has it.
const FRAME = new Set([
  'บาท',
  'สตางค์',
  'วัน',
  'คืน',
  'เดือน',
  'ปี',
  'สัปดาห์',
  'อาทิตย์',
  'ชั่วโมง',
  'ชม',
  'นาที',
  'วินาที',
  'โมง',
  'ทุ่ม',
  'ครั้ง',
  'คน',
  'ราย',
  'เล่ม',
  'ชิ้น',
  'หน่วย',
  'ฉบับ',
  'แห่ง',
  'ตัว',
  'ใบ',
  'ราคา',
  'จำนวน',
  'เท่า',
  'ละ',
  'เวลา',
  'ช่วง',
  'ตอน',
]);

/** Whether the passage holds at least one of the question's topic words, beyond its frame (or the question is all frame). */
function aboutTheQuestion(words: readonly string[], text: string): boolean {
  const topic = words.filter((w) => !FRAME.has(w));
  return topic.length === 0 || topic.some(coveredIn(text));
}

const TERM = /(?<![\d/])\d\/25\d\d(?![\d/])/;
const YEAR = /(?<![\d/])25\d\d(?![\d/])/;
const TERMS = new RegExp(TERM.source, 'g');
const YEARS = new RegExp(YEAR.source, 'g');

/**
 * Whether the passage is about another year or term than the one asked: the question names 2568 (or 1/2569),
 * the passage lacks it and names another one instead (an announcement for 2569, a calendar of 2568).
 */
function otherYear(words: readonly string[], text: string): boolean {
  for (const w of words) {
    const kind = TERM.test(w) && w.match(TERM)?.[0] === w ? TERMS : YEAR.test(w) && w.match(YEAR)?.[0] === w ? YEARS : null;
    if (!kind || text.includes(w)) continue;
    if ([...text.matchAll(kind)].some((m) => m[0] !== w)) return true;
  }
  return false;
}

/** Evidence that `passage` (default: the top hit) answers `query`, given everything retrieved. */
export function evidenceFor(query: string, hits: SearchHit[], passage: SearchHit | undefined = hits[0]): Evidence {
  const words = focusWords(query);
  if (!passage || words.length === 0) return { wordCover: 0, gramCover: 0, margin: 0, typeMatch: 0, foreign: 1 };
  const text = passageText(passage);
  const anywhere = hits.map(passageText).join('\n');
  const weight = focusWeighting(query, anywhere);
  // a trigram counts as much as the heaviest focus word it comes from
  const gramWeight = new Map<string, number>();
  for (const w of words) for (const g of charGrams(w)) gramWeight.set(g, Math.max(gramWeight.get(g) ?? 0, weight(w)));
  const have = gramsOf(text);
  const foreign = 1 - weightedShare(words, coveredIn(anywhere), weight);
  // A passage sharing only the question's frame ("how many baht", "price") is not about it, however far it
  // stands above the rest (measured: the gold-price question against a library's fines was answered at 93 %);
  // nor is one about another year than the one asked (2568's fines asked of the 2569 announcement).
  if (!aboutTheQuestion(words, text) || otherYear(words, text)) return { wordCover: 0, gramCover: 0, margin: 0, typeMatch: typeMatch(query, text), foreign };
  return {
    wordCover: weightedShare(words, coveredIn(text), weight),
    gramCover: weightedShare(
      [...gramWeight.keys()],
      (g) => have.has(g),
      (g) => gramWeight.get(g) ?? 1,
    ),
    margin: margin(passage, hits, (h) => weightedShare(words, coveredIn(passageText(h)), weight)),
    typeMatch: typeMatch(query, text),
    // the same test as coverage: a word the library writes another way ("ยื่น" as "เสนอ") is not foreign
    foreign,
  };
}
