// The evidence a confidence is computed from, for one question and the passage shown as its answer.
// Every feature is bounded (0–1) and none depends on how many documents the library holds:
// - focus coverage: how much of the question's topic the passage contains, word by word and by
//   character trigrams (robust to Thai segmentation), each weighted by background rarity (a fixed
//   general-Thai table, background-df.json, so adding unrelated documents changes no weight); a number the
//   question states is covered by a bound it meets ("เหลือ 55" by "ต่ำกว่า ๖๐ แต่ไม่ต่ำกว่า ๔๐", stated-number.ts);
// - margin: how far the passage's retrieval score stands above the next *distinct* passage;
//   near-identical passages (a second copy or version of a document) are skipped, they support it;
// - answer type: a question asking how many / when / who / which things / what follows / whether finds a
//   number, date, person, list, penalty or rule word (ได้, ต้อง, ห้าม) in the passage; a question asking two of these
//   needs both (clause and item numbers are labels, not numbers that answer);
// - foreign share: how much of the question the passage's document never uses (a near-miss or off-topic
//   question has words the document never uses); without the document's text, none of the retrieved passages.
import type { SearchHit } from '../index/index-store.ts';
import { focusReading, gramWeighting, heldIn, heldShare } from './focus-reading.ts';
import { memoByString } from '../question/memo.ts';
import { isStopWord } from '../question/stopwords.ts';
import { adminMembersIn, alternativesOf, NO_ADMIN_SYNONYMS, rewritten, yearsAndTerms, type AdminSynonyms } from '../question/synonyms.ts';
import { bounded, type StatedNumber } from '../question/stated-number.ts';
import type { Question } from '../question/question.ts';
import { noRateFor, otherSibling, otherYear } from './off-question.ts';
import { holds, wordingsOfTermWords } from './word-holds.ts';
import { isAbbreviation } from '../lexicon/abbreviations.ts';
import { countAnswered, countedThing, typeMatch } from '../question/answer-type.ts';
import { charGrams, codePointLength, fold, segmentWords } from '../index/tokens.ts';
import { gramsOf, nearDuplicate } from './passage-copies.ts';
import { foldedText } from './folded-text.ts';

export { fold, nearDuplicate };

export interface Evidence {
  wordCover: number;
  gramCover: number;
  margin: number;
  /** 1: the asked-for kind of answer is in the passage, 0: it is not, 0.5: the question asks for no particular kind */
  typeMatch: number;
  foreign: number;
  /** 1: the passage names another year or term than the one asked, and not the one asked */
  otherYear: number;
  /** 1: the passage is about a sibling of what the question names (final exam for midterm, renting for buying) */
  otherSibling: number;
  /** 1: the question asks a rate per some unit the passage states no rate for */
  noRate: number;
  /** 1: the question asks how many (a count, an amount) and the passage states no figure of the unit asked (countAnswered 0) */
  countNoType: number;
}

/** Rule groups of the evidence an ablation may leave out (scripts/eval-answers.ts --ablate): the other wordings a
 * word is covered by (synonyms.ts), a stated number covered by a bound it meets (stated-number.ts), a story's
 * situation words counting less (STORY_FOREIGN_WEIGHT). */
export const EVIDENCE_RULE_GROUPS = ['synonyms', 'statedNumbers', 'storyWeight'] as const;
let ablated: ReadonlySet<string> = new Set();

/** Measurement only: compute the evidence without these rule groups; none = all of them. */
export function setEvidenceAblation(groups: readonly (typeof EVIDENCE_RULE_GROUPS)[number][] = []): void {
  ablated = new Set(groups);
}

/** Whether a measurement left this rule group out (the quote reads the other wordings too: assistant/text-match.ts). */
export const evidenceAblated = (group: (typeof EVIDENCE_RULE_GROUPS)[number]): boolean => ablated.has(group);

const NO_STATED: ReadonlyMap<string, StatedNumber> = new Map();
const statedOf = (question: Question): ReadonlyMap<string, StatedNumber> => (ablated.has('statedNumbers') ? NO_STATED : question.stated);

/** The evidence's names, in a fixed order (the model file, confidence-model.json, names its weights by them). */
export const EVIDENCE_FEATURES = [
  'wordCover',
  'gramCover',
  'margin',
  'typeMatch',
  'foreign',
  'otherYear',
  'otherSibling',
  'noRate',
  'countNoType',
] as const satisfies readonly (keyof Evidence)[];

/** The question's focus: topic words (no stop words, no single letters) in the documents' wording. */
export function focusWords(query: string, synonyms: AdminSynonyms = NO_ADMIN_SYNONYMS): readonly string[] {
  // Numbers of any length count ("เทอม 1"), and a term or year the question names is one focus word
  // written as documents write it ("1/2568"): which term a calendar row belongs to is the question.
  // The clock unit a question asks in ("กี่โมง", "กี่ทุ่ม") is part of the ask, not the topic, and
  // documents write times otherwise ("๒๒.๐๐ นาฬิกา"): typeMatch checks that the passage holds a time.
  // Other units stay focus words: documents count in them too ("กี่บาท" … "บาท"), and a passage without
  // the unit is likely not the answer.
  const unit = /^(?:โมง|ทุ่ม)$/.test(countedThing(fold(query)) ?? '') ? countedThing(fold(query)) : null;
  const { text: rewrittenText, written } = rewritten(query, synonyms);
  // An admin's synonym the question names is one focus word, set apart from its neighbours before the rest
  // is segmented (synonyms.ts adminMembersIn); any wording of its group covers it (coveredIn).
  const members = adminMembersIn(rewrittenText, synonyms);
  const text = members.reduce((t, m) => t.split(m).join(' '), rewrittenText);
  const words = segmentWords(text).filter((w) => w !== unit && !isStopWord(w) && (codePointLength(w) > 1 || /^\d+$/.test(w)));
  return Object.freeze([...new Set([...wholeTerms(written, text, words), ...members, ...latinCodes(query), ...yearsAndTerms(query)])]);
}

// A documents' term written in place of the question's slang is one focus word when cutting it would leave a
// stop word and one everyday word: "โดนไล่ออก" is written "ให้ออก" (expelled), and cut it is "ออก", which
// "ก่อนออกจากหอพัก" (before leaving the dormitory) holds as well as the penalty clause does.
function wholeTerms(written: readonly string[], text: string, words: string[]): string[] {
  let out = words;
  for (const term of written) {
    const parts = segmentWords(term);
    const content = parts.filter((w) => !isStopWord(w));
    if (content.length !== 1 || parts.length === 1) continue;
    const [piece] = content as [string];
    const elsewhere = segmentWords(text.split(term).join(' ')).includes(piece);
    out = [...(elsewhere ? out : out.filter((w) => w !== piece)), term];
  }
  return out;
}

// A lone Latin letter in a Thai question is a code, not an English word: a grade ("ติด I", "เกรด C+",
// "ได้ W"), a building or a plan ("อาคาร B"). It is the question's most specific word.
const LATIN_CODE = /(?<![a-z0-9])[a-z]\+?(?![a-z0-9+])/g;
const THAI = /[ก-๛]/;

function latinCodes(query: string): string[] {
  const q = fold(query);
  return THAI.test(q) ? [...q.matchAll(LATIN_CODE)].map((m) => m[0]) : [];
}

// a word counts as covered by another wording of it ("ยื่น" by "เสนอ"), the admin's groups included
const coveredIn = (synonyms: AdminSynonyms) => (text: string) => (w: string) =>
  holds(text, w) || (!ablated.has('synonyms') && alternativesOf(w, synonyms).some((a) => text.includes(a)));

const NO_TERM_WORDS: ReadonlyMap<string, readonly string[]> = new Map();

/**
 * What coverage reads beyond a word's own wordings (coveredIn), or null when the question has none of it: the words
 * of a documents' term written for its slang by every wording of the term's group (word-holds.ts), and a number it
 * states by a bound the text meets (stated-number.ts).
 */
function beyondWordings(question: Question): ((text: string) => (w: string) => boolean) | null {
  const stated: ReadonlyMap<string, StatedNumber> = statedOf(question);
  const termWords = ablated.has('synonyms') ? NO_TERM_WORDS : wordingsOfTermWords(question);
  if (stated.size === 0 && termWords.size === 0) return null;
  return (text) => (w) => (termWords.get(w)?.some((a) => text.includes(a)) ?? false) || (stated.has(w) && bounded(text, stated.get(w)!));
}

/** coveredIn, with what the question's terms and stated numbers add (beyondWordings). */
function coverageFor(question: Question): (text: string) => (w: string) => boolean {
  const beyond = beyondWordings(question);
  if (!beyond) return coveredIn(question.synonyms);
  return (text) => {
    const covered = coveredIn(question.synonyms)(text);
    const more = beyond(text);
    return (w) => covered(w) || more(w);
  };
}

/** coverageFor(question)(text), the focus words read once per question and text (focus-reading.ts). */
function coversIn(question: Question, text: string): (w: string) => boolean {
  const held = heldIn(question, text, coverageFor(question));
  const { index } = focusReading(question);
  let other: ((w: string) => boolean) | undefined;
  return (w) => {
    const i = index.get(w);
    return i !== undefined ? held[i]! : (other ??= coverageFor(question)(text))(w);
  };
}

// Which words a document holds, for the few documents asked about lately: a question weighs its words against
// the shown passage's whole document several times (each quoted clause), and a long document is scanned once
// per word, not once per clause (measured: 0.3 → 0.1 ms per evidence call against a 150k-character document).
// Alternative wordings count, so what a document holds is kept per synonym list (the app's admin groups).
const wordsHeldBy = memoByString((_document: string) => new WeakMap<AdminSynonyms, Map<string, boolean>>(), 16, Infinity);

function documentHolds(document: string, synonyms: AdminSynonyms): (w: string) => boolean {
  const lists = wordsHeldBy(document);
  let known = lists.get(synonyms);
  if (!known) lists.set(synonyms, (known = new Map()));
  return (w) => {
    let held = known.get(w);
    if (held === undefined) known.set(w, (held = coveredIn(synonyms)(document)(w)));
    return held;
  };
}

/** Weight of a story word that no retrieved passage uses: the situation's details, not what is asked. */
export const STORY_FOREIGN_WEIGHT = 0.25;

/**
 * How much each focus word counts: 1, except a story's situation words that none of the retrieved
 * passages use (a trip to Phuket, a mother booking tickets), which say little about whether a passage
 * answers; the asked part always counts in full.
 */
function focusWeighting(question: Question, anywhere: (w: string) => boolean): (w: string) => number {
  const ask = question.askFocus;
  if (ask.size === 0 || ablated.has('storyWeight')) return () => 1;
  return (w) => (ask.has(w) || anywhere(w) ? 1 : STORY_FOREIGN_WEIGHT);
}

// A passage is weighed against every other retrieved one (margin), each turn: its folded text is kept, by its
// text for the turns after (the same clauses come back) and by the hit, whose text need not be joined and looked up
// again for each passage it competes with (hits are not changed once retrieved).
const passageTexts = new WeakMap<SearchHit, string>();

function passageText(hit: SearchHit): string {
  let text = passageTexts.get(hit);
  if (text === undefined) passageTexts.set(hit, (text = foldedText(`${hit.title}\n${hit.documentName ?? ''}\n${hit.headingPath.join(' ')}\n${hit.text}`)));
  return text;
}

/**
 * Gap between the passage and the best retrieved passage that is neither it nor a copy of it, on the
 * retrieval score weighted by how much of the question each covers: a long off-topic passage that
 * outscores the clause on common words is no real competitor.
 */
function margin(passage: SearchHit, hits: SearchHit[], cover: (h: SearchHit) => number): number {
  // a clause ranked lower by its kind (a definitions clause) competes by what it matches
  const relevance = (h: SearchHit) => Math.max(0, h.matchScore ?? h.score) * (0.25 + 0.75 * cover(h));
  const mine = relevance(passage);
  if (mine <= 0) return 0;
  let next = 0;
  for (const h of hits) if (h !== passage && !nearDuplicate(h.text, passage.text)) next = Math.max(next, relevance(h));
  return Math.max(0, Math.min(1, (mine - next) / mine));
}

/** The off-question rules' features (off-question.ts). */
export const OFF_QUESTION_RULES = ['otherYear', 'otherSibling', 'noRate'] as const satisfies readonly (keyof Evidence)[];

/**
 * The off-question rules (off-question.ts), each a feature whose weight is fitted (confidence.ts): none zeroes a
 * passage on its own. 1 where the rule fires. A year belongs to the document (an announcement, a calendar is of a
 * year): another year fires only where the passage's document, when the search attached it, names the year asked
 * nowhere either. Read on the passage alone it also fired on passages that answer, whose document is of the year asked
 * while the passage names another (a row carried over from the year before, an earlier rule it refers to); read on the
 * document, it still fires on every near-miss's first passage it fired on (scripts/eval/data/README.md, 6 Dec 2026).
 */
function offQuestionFeatures(question: Question, text: string, documentText: string | undefined) {
  return {
    otherYear: otherYear(question.focus, text) && (documentText === undefined || otherYear(question.focus, documentText)) ? 1 : 0,
    otherSibling: otherSibling(question.wording, text, question.focus) ? 1 : 0,
    noRate: noRateFor(question.rateUnit, text, question.synonyms) ? 1 : 0,
  };
}

/** Evidence that `passage` (default: the top hit) answers the question, given everything retrieved. */
export function evidenceFor(question: Question, hits: SearchHit[], passage: SearchHit | undefined = hits[0]): Evidence {
  const words = question.focus;
  if (!passage || words.length === 0)
    return { wordCover: 0, gramCover: 0, margin: 0, typeMatch: 0, foreign: 1, otherYear: 0, otherSibling: 0, noRate: 0, countNoType: 0 };
  const text = passageText(passage);
  // What the question is weighed against: the shown passage's whole document when the search attached it, else
  // everything retrieved. Everything retrieved grows with the library: an unrelated document that mentions
  // "รถยนต์" made a dormitory near-miss ("จอดรถยนต์ที่หอพักต้องเสียค่าจอดไหม") look less foreign, and it was answered
  // at 36 % beside the regulation's Word copy and three unrelated documents (5 % without them).
  const stated = statedOf(question);
  const covers = coverageFor(question);
  const inText = coversIn(question, text);
  const documentText = passage.documentText;
  const inDocument = documentText !== undefined ? documentHolds(documentText, question.synonyms) : null;
  // the document is read as the passage is (coverageFor): a stated number its document bounds anywhere, or a term's
  // word its document writes in another wording, is not foreign to it, whichever clause is weighed
  const beyondInDocument = documentText !== undefined ? beyondWordings(question)?.(documentText) : undefined;
  const anywhere = inDocument ? (w: string) => inText(w) || inDocument(w) || (beyondInDocument?.(w) ?? false) : covers(hits.map(passageText).join('\n'));
  const weight = focusWeighting(question, anywhere);
  const reading = focusReading(question);
  const weighting = words.map((w) => weight(w));
  const focusWeights = reading.weights.map((tw, i) => tw * weighting[i]!);
  const have = gramsOf(text);
  // a stated number a bound takes in is covered, its characters too
  const boundedGrams = new Set(words.filter((w) => stated.has(w) && bounded(text, stated.get(w)!)).flatMap((w) => charGrams(w)));
  // an abbreviation (มทร, มทส) is the initials of a name its documents spell out: not foreign to them for being unwritten
  const foreign = 1 - heldShare(focusWeights, (i) => anywhere(words[i]!) || isAbbreviation(words[i]!));
  const held = heldIn(question, text, covers);
  const type = typeMatch(question, text);
  // A passage about another year than the one asked (2568's fines asked of the 2569 announcement), about a
  // sibling of what is asked, or that states no rate for the unit a rate question asks about (off-question.ts)
  // is likely not the answer however far it stands above the rest. Each is a feature with a weight in the model
  // file: as hard rules that zeroed coverage they zeroed right passages on real documents.
  return {
    wordCover: heldShare(focusWeights, (i) => held[i]!),
    // a trigram counts as much as the heaviest focus word it comes from
    gramCover: heldShare(gramWeighting(reading, weighting), (g) => have.has(reading.grams[g]!) || boundedGrams.has(reading.grams[g]!)),
    margin: margin(passage, hits, (h) => {
      const competitor = heldIn(question, passageText(h), covers);
      return heldShare(focusWeights, (i) => competitor[i]!);
    }),
    typeMatch: type,
    // A count asked of a passage that states no figure of the unit asked (a near-miss's neighbour: the clause on the
    // topic that sets no amount) weighs apart from typeMatch's weight, which every asked kind shares: registered on 6 Dec
    // 2026 and landed by its rule on the sets written after (scripts/eval/data/README.md, 'countNoType').
    countNoType: question.asked === 'count' && type === 0 && countAnswered(question, text) === 0 ? 1 : 0,
    // the same test as coverage: a word the library writes another way ("ยื่น" as "เสนอ") is not foreign
    foreign,
    ...offQuestionFeatures(question, text, passage.documentText),
  };
}
