// A question read once. The assistant reads the student's question into a Question at the start of a turn and
// hands that value to search, the evidence and its confidence, the extractive answerer and the direct answer, so
// each reads fields instead of re-reading the text, and no cache keyed by the question's string is needed to
// keep that cheap. Everything here is a reading of the text, the lexicon and the app's synonym groups alone.
import { askedPart } from './ask-part.ts';
import { questionPart } from './question-bound.ts';
import { countedThing } from './answer-type.ts';
import { focusWords } from '../scoring/evidence.ts';
import { DIRECT_KINDS, kindEntry, QUESTION_KINDS, STEPS_QUESTION, type DirectKind, type QuestionKindEntry } from '../lexicon/question-kinds.ts';
import { toldAsStory } from './query-terms.ts';
import { askedBound, numbersInWords, statedNumbers, type CountBound, type StatedNumber } from './stated-number.ts';
import { expansions, inDocumentWording, NO_ADMIN_SYNONYMS, type AdminSynonyms } from './synonyms.ts';
import { fold, foldThaiDigits } from '../index/tokens.ts';
import { withoutInvisible } from '../../../src/thai/invisible.ts';
import { askedRateUnit } from './rate-unit.ts';

export interface Question {
  /** the text as asked (what the index searches) */
  readonly text: string;
  /** NFC, lower case, Thai digits as ASCII, no thousands separators (tokens.ts fold) */
  readonly folded: string;
  /** the topic words in the documents' wording (evidence.ts focusWords) */
  readonly focus: readonly string[];
  /** the part a story-style question asks ("… ต้องส่งก่อนกี่วันครับ"), null when the whole question is the ask */
  readonly askedPart: string | null;
  /** the focus words of the asked part: they count in full when weighing a story's words */
  readonly askFocus: ReadonlySet<string>;
  /** a situation told over several sentences, then the question */
  readonly story: boolean;
  /** every kind the question asks for, as the evidence's type match reads them (lexicon/question-kinds.ts) */
  readonly kinds: readonly QuestionKindEntry[];
  /** the one kind the direct answer states a span for, null for an open question */
  readonly asked: DirectKind | null;
  /** it asks which things ("เอกสารอะไรบ้าง"): a list answers it */
  readonly list: boolean;
  /** it asks for a procedure's steps ("ขั้นตอนการ…"): the steps of the run answer it (assistant/list-items.ts) */
  readonly steps: boolean;
  /** the unit of a rate it asks ("หน่วยละกี่บาท" → "หน่วย"), null when it asks none (rate-unit.ts) */
  readonly rateUnit: string | null;
  /** the thing a count asks about ("กี่บาท" → "บาท") */
  readonly counted: string | null;
  /** the least or the most of it, when the question asks one ("ไม่น้อยกว่ากี่หน่วยกิต": the least) */
  readonly bound: CountBound | null;
  /** the numbers it states about the asker, by the focus word that writes them (stated-number.ts) */
  readonly stated: ReadonlyMap<string, StatedNumber>;
  /** every number written in it, in figures or in words, as values ("มา 30 วันแล้ว", "มาสามสิบวันแล้ว" → 30): the direct
   * answer does not answer with them */
  readonly numbers: ReadonlySet<number>;
  /** the question in the documents' wording (slang replaced, synonyms.ts) */
  readonly wording: string;
  /** the documents' wordings it is also searched with */
  readonly expansions: readonly string[];
  /** the admin's synonym groups it was read with (the app's: modules/synonyms): later stages read other wordings with them */
  readonly synonyms: AdminSynonyms;
}

// a number as written: digits folded, thousands commas dropped, a decimal part kept ("2.4" is not 2 or 4)
const NUMBER = /\d[\d,]*(?:\.\d+)?/g;

/** The question read once, with the app's synonym groups (none: the built-in list alone): every reading the answering core needs.
 * A message longer than QUESTION_READ_MAX is read from its asking part (question-bound.ts). */
export function readQuestion(message: string, synonyms: AdminSynonyms = NO_ADMIN_SYNONYMS): Question {
  const text = questionPart(withoutInvisible(message));
  const folded = fold(text);
  const digits = foldThaiDigits(text);
  const asked = askedPart(text);
  const direct = DIRECT_KINDS.map((kind) => [kind, kindEntry(kind)] as const);
  const rateUnit = askedRateUnit(folded);
  return Object.freeze({
    text,
    folded,
    focus: focusWords(text, synonyms),
    askedPart: asked,
    askFocus: new Set(asked ? focusWords(asked, synonyms) : []),
    story: toldAsStory(text),
    kinds: QUESTION_KINDS.filter((k) => k.question.test(folded)),
    asked: direct.find(([, entry]) => (entry.directQuestion ?? entry.question).test(digits))?.[0] ?? null,
    list: kindEntry('list').question.test(text),
    steps: STEPS_QUESTION.test(text),
    rateUnit,
    counted: countedThing(folded),
    bound: askedBound(text),
    stated: statedNumbers(text),
    numbers: new Set([...[...digits.matchAll(NUMBER)].map((m) => Number(m[0].replace(/,/g, ''))), ...numbersInWords(text)]),
    wording: inDocumentWording(text, synonyms),
    expansions: expansions(text, synonyms),
    synonyms,
  });
}
