// The knowledge module's one door: every other module imports knowledge through this file only
// (tests/architecture.test.ts enforces it; scripts and tests may reach the internals). What is exported here is
// what the rest of the app may rely on; everything else in this folder may change shape freely.

// The index: open it, fill it, search it.
export {
  distinctPassages,
  documentPassages,
  embedderFor,
  indexDocumentFromPages,
  indexChangedElsewhere,
  indexHealth,
  knowledgeIndex,
  removeFromIndex,
  search,
  searchWithPages,
  setActiveInIndex,
  type IndexableDocument,
  type IndexProgress,
  type LiveDocuments,
  type Retrieved,
  type SearchHit,
  type SearchOptions,
} from './service.ts';
export { chunkDocument, type SourcePage } from './index/chunker.ts';
export { laterPagesOf, pageOfPiece, pageParts } from './index/passage-pages.ts';
export { readIndexInventory, type IndexInventory } from './index/index-inventory.ts';
export { rankDocuments, type RankedDocument } from './scoring/retrieval.ts';

// The question, read once a turn and handed to everything below.
export { readQuestion, type Question } from './question/question.ts';
export { questionPart } from './question/question-bound.ts';

// How sure an answer is.
export { bestPassageConfidence, retrievalConfidence, type RetrievalEvidence } from './scoring/confidence.ts';
export { calibrated } from './scoring/calibration.ts';

// Reading Thai text and questions the way the index does, so the assistant's quoting and matching agree with
// retrieval: words, character trigrams, digit folding, stop words, the question's focus in the documents' wording.
export { charGrams, codePointLength, foldThaiDigits, segmentWords } from './index/tokens.ts';
export { contentWords } from './question/query-terms.ts';
export { isStopWord } from './question/stopwords.ts';
export {
  adminSynonymGroups,
  adminSynonymGroupsInSteps,
  alternativesOf,
  expansions,
  inDocumentWording,
  NO_ADMIN_SYNONYMS,
  withExpansions,
  type AdminSynonyms,
  type SynonymGroup,
} from './question/synonyms.ts';
export { evidenceAblated, focusWords, fold, nearDuplicate } from './scoring/evidence.ts';
export { termWeight } from './scoring/background.ts';
export { memoByString } from './question/memo.ts';
export { boundBefore, boundsMet, statedNumbers, type CountBound, type StatedNumber } from './question/stated-number.ts';
export { countedThing, countWordings } from './question/answer-type.ts';
export { UNIT_NOTATIONS } from './lexicon/unit-notations.ts';
export { COMPOUND_UNITS } from './lexicon/question-kinds.ts';
export { CONTINUATION_WORDS, opensWith, PROVISO_WORDS, QUALIFIER_WORDS } from './lexicon/qualifiers.ts';
export {
  CONSEQUENCE_QUESTION,
  DIRECT_KINDS,
  kindEntry,
  QUESTION_KINDS,
  type DirectKind,
  type QuestionKind,
  type QuestionKindEntry,
} from './lexicon/question-kinds.ts';
