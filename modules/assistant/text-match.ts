// Word-level evidence shared by the extractive answerer and the answer-support score: which of a
// text's content words (and character trigrams, robust to Thai segmentation) appear in another text.
import {
  alternativesOf,
  charGrams,
  codePointLength,
  contentWords,
  evidenceAblated,
  foldThaiDigits,
  isStopWord,
  memoByString,
  segmentWords,
  type Question,
} from '../knowledge';

export function fold(text: string): string {
  return foldThaiDigits(text.normalize('NFC').toLowerCase()).replace(/(\d),(?=\d{3})/g, '$1');
}

/** Topic words of a question or sentence: no stop words, no single characters. */
export function topicWords(text: string): string[] {
  return [...new Set(contentWords(text).filter((w) => !isStopWord(w) && codePointLength(w) > 1))];
}

/**
 * Share of `words` (weighted by length, long words are specific) present in `haystack` (already folded), a word
 * counting as present in another wording of it (`alternatives`: "สอบไล่" as "สอบปลายภาค").
 */
export function wordCoverage(words: string[], haystack: string, alternatives?: ReadonlyMap<string, readonly string[]>): number {
  let total = 0;
  let found = 0;
  for (const w of words) {
    const weight = Math.min(codePointLength(w), 8);
    total += weight;
    if (haystack.includes(w) || alternatives?.get(w)?.some((a) => haystack.includes(a))) found += weight;
  }
  return total ? found / total : 0;
}

export function gramSet(text: string): Set<string> {
  return new Set(charGrams(text));
}

export function gramCoverage(grams: Set<string>, have: Set<string>): number {
  if (!grams.size) return 0;
  let n = 0;
  for (const g of grams) if (have.has(g)) n++;
  return n / grams.size;
}

// A gram as charGrams writes it: a mark, then three letters of a run, or a whole run of fewer (knowledge/index/tokens.ts).
const GRAM_MARK = charGrams('a')[0]!.slice(0, -1);
const GRAM_SIZE = charGrams('abcdefgh')[0]!.length - GRAM_MARK.length;
// how charGrams reads a text before cutting it into runs of letters
const NUMBER_GROUPING = /(\d),(?=\d{3}\b)/g;
const NOT_IN_RUN = /[^\p{L}\p{M}\p{N}]+/u;

/**
 * gramCoverage(grams, gramSet(text)) without building the text's grams (the extractive answerer weighs every piece
 * of five clauses a turn): a question's trigram is one of the text's when the text holds its letters (they are
 * letters of one run), a shorter gram (a whole short run) when one of the text's runs is exactly it.
 */
export function gramShare(grams: Set<string>, text: string): number {
  if (!grams.size) return 0;
  const read = foldThaiDigits(text.normalize('NFC').toLowerCase()).replace(NUMBER_GROUPING, '$1');
  let runs: Set<string> | null = null;
  let found = 0;
  for (const g of grams) {
    const letters = g.slice(GRAM_MARK.length);
    if (codePointLength(letters) >= GRAM_SIZE) found += read.includes(letters) ? 1 : 0;
    else found += (runs ??= new Set(read.split(NOT_IN_RUN))).has(letters) ? 1 : 0;
  }
  return found / grams.size;
}

/** A question's words as a quote weighs them: each with the other wordings a document may use for it. */
export interface QuestionTerms {
  words: string[];
  grams: Set<string>;
  alternatives?: ReadonlyMap<string, readonly string[]>;
}

/** How well `text` covers the question's words and trigrams, 0–1. */
export function matchScore(question: QuestionTerms, text: string): number {
  return 0.6 * wordCoverage(question.words, fold(text), question.alternatives) + 0.4 * gramShare(question.grams, text);
}

/**
 * A question's focus in the documents' wording (slang replaced: "เหล้า" → "เครื่องดื่มที่มีแอลกอฮอล์"), with each
 * word's other wordings, as the evidence reads them (knowledge/scoring/evidence.ts): a slang word is written in its
 * group's first wording, and a document may write the group's second ("ไฟนอล" is read สอบไล่; a calendar writes
 * สอบปลายภาค).
 */
export function questionTerms(question: Question): QuestionTerms {
  const words = [...question.focus];
  // (an ablation of the synonyms' evidence leaves them out here too: scripts/eval-answers.ts --ablate synonyms)
  const alternatives = evidenceAblated('synonyms')
    ? undefined
    : new Map(words.map((w) => [w, alternativesOf(w, question.synonyms).map(fold)] as const).filter(([, a]) => a.length > 0));
  return { words, grams: gramSet(words.join(' ')), alternatives };
}

/** Sentences of an answer: lines, then Thai/latin sentence ends. */
export function sentences(text: string): string[] {
  return text
    .split(/\n+|(?<=[.!?。])\s+|(?<=\S)\s{2,}/)
    .map((s) => s.trim())
    .filter(Boolean);
}

/** An answer's scorable sentences (topic words and trigrams): built once, scored against many sources. */
export interface AnswerProfile {
  sentences: Array<{ words: string[]; grams: Set<string> }>;
}

// A model's answer is weighed twice a turn, against each clause it may cite (grounding.ts) and against all of
// them (the support shown): it is read once, for the few answers made lately.
export const answerProfile: (answer: string) => AnswerProfile = memoByString(
  (answer) => {
    const out: AnswerProfile['sentences'] = [];
    for (const s of sentences(answer)) {
      const words = segmentWords(s).filter((w) => !isStopWord(w) && codePointLength(w) > 1);
      if (words.length >= 2) out.push({ words, grams: gramSet(s) });
    }
    return { sentences: out };
  },
  16,
  Infinity,
);

/**
 * How much of an answer the sources support (0–1): per sentence, the share of its topic words found
 * in the sources, weighted by the sentence's size. Sentences without topic words (greetings) don't count.
 */
export function answerSupport(answer: string | AnswerProfile, sources: string[]): number {
  const profile = typeof answer === 'string' ? answerProfile(answer) : answer;
  const read = sources.map(sourceProfile);
  let total = 0;
  let supported = 0;
  for (const { words, grams } of profile.sentences) {
    const share = 0.5 * wordCoverageIn(words, read) + 0.5 * gramCoverageIn(grams, read);
    total += words.length;
    supported += words.length * share;
  }
  return total ? supported / total : 0;
}

// The same clauses come back for question after question, each time beside other ones: each source's folded text
// and trigram set are kept by its own text (bounded), not by the turn's combination of them, which was new almost
// every turn (the clauses were read again, ~0.3 ms of a chat turn). Keys are whole clause texts, so no length cap.
const sourceProfile = memoByString((text) => ({ haystack: fold(text), have: gramSet(text) }), 512, Infinity);
type SourceProfile = ReturnType<typeof sourceProfile>;

// Read as the sources joined by line breaks were: a word or a trigram never spans a line break (sentences and runs
// of letters end there), so one is in the joined text exactly when it is in one of the sources.
function wordCoverageIn(words: string[], sources: readonly SourceProfile[]): number {
  let total = 0;
  let found = 0;
  for (const w of words) {
    const weight = Math.min(codePointLength(w), 8);
    total += weight;
    if (sources.some((s) => s.haystack.includes(w))) found += weight;
  }
  return total ? found / total : 0;
}

function gramCoverageIn(grams: Set<string>, sources: readonly SourceProfile[]): number {
  if (!grams.size) return 0;
  let n = 0;
  for (const g of grams) if (sources.some((s) => s.have.has(g))) n++;
  return n / grams.size;
}
