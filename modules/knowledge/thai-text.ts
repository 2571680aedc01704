// The one door to knowledge's Thai text handling for other modules (the assistant's quoting and answer
// support): words, character trigrams, digit folding, stop words and the question's focus in the
// documents' wording. Using the same functions as the index keeps matching and retrieval in agreement.
export { charGrams, codePointLength, foldThaiDigits, segmentWords } from './tokens.ts';
export { contentWords } from './query-terms.ts';
export { isStopWord } from './stopwords.ts';
export { expansions, inDocumentWording, withExpansions, type SynonymGroup } from './synonyms.ts';
export { focusWords, fold, nearDuplicate } from './evidence.ts';
export { termWeight } from './background.ts';
export { memoByString } from './memo.ts';
