// Candidate evidence that the library does not say what is asked (near-miss questions), read beside the shipped
// evidence by scripts/eval/near-miss-scan.ts; registered in modules/knowledge/scoring/near-miss-evidence.md before any
// result was read. Each is bounded 0–1 and reads only the question, the shown passage, its document and what was
// retrieved (no library statistic).
import type { SearchHit } from '../../modules/knowledge/index/search-hit';
import type { Question } from '../../modules/knowledge/question/question';
import { alternativesOf } from '../../modules/knowledge/question/synonyms';
import { typeMatch } from '../../modules/knowledge/question/answer-type';
import { focusReading, heldShare } from '../../modules/knowledge/scoring/focus-reading';
import { fold } from '../../modules/knowledge/index/tokens';

export const NEAR_MISS_CANDIDATES = [
  'docRareMiss',
  'retrievedMiss',
  'entityMiss',
  'typeFar',
  'askedMiss',
  // second round (near-miss-evidence.md)
  'headMiss',
  'neighbourClause',
  'missCount',
] as const;
export type NearMissCandidate = (typeof NEAR_MISS_CANDIDATES)[number];

/** How far (characters) from the head word an answer of the asked kind still belongs to it. */
export const HEAD_WINDOW = 150;

// a number, or a Latin word or code: what names one thing (a course code, a form number, a year, a programme)
const ENTITY = /\d|^[a-z][a-z0-9+\-]*$/;

const foldedDocs = new Map<string, string>();
function foldedDocument(text: string): string {
  let f = foldedDocs.get(text);
  if (f === undefined) {
    if (foldedDocs.size > 64) foldedDocs.clear();
    foldedDocs.set(text, (f = fold(text)));
  }
  return f;
}

const writes = (question: Question, text: string) => (w: string) =>
  text.includes(w) || alternativesOf(w, question.synonyms).some((a) => text.includes(fold(a)));

const passageOf = (h: SearchHit) => fold(`${h.title}\n${h.headingPath.join(' ')}\n${h.text}`);
const documentOf = (h: SearchHit) => (h.documentText !== undefined ? foldedDocument(h.documentText) : passageOf(h));

/** The index of the heaviest focus word among those `keep` accepts, -1 when none. */
function heaviest(question: Question, keep: (w: string) => boolean = () => true): number {
  const { weights } = focusReading(question);
  let best = -1;
  question.focus.forEach((w, i) => {
    if (keep(w) && (best < 0 || weights[i]! > weights[best]!)) best = i;
  });
  return best;
}

/** 1 when the passage holds the asked kind of answer, but nowhere near the heaviest focus word it writes. */
export function typeFar(question: Question, passage: string, window = HEAD_WINDOW): number {
  if (!question.kinds.length || typeMatch(question, passage) !== 1) return 0;
  // the unit counted ("กี่บาท" → "บาท") is written beside every amount: it names the answer's kind, not its head noun
  const head = heaviest(question, (w) => w !== question.counted && passage.includes(w));
  if (head < 0) return 0;
  const word = question.focus[head]!;
  for (let at = passage.indexOf(word); at >= 0; at = passage.indexOf(word, at + 1)) {
    const near = passage.slice(Math.max(0, at - window), at + word.length + window);
    if (typeMatch(question, near) === 1) return 0;
  }
  return 1;
}

export function nearMissCandidates(question: Question, hits: SearchHit[], passage: SearchHit): Record<NearMissCandidate, number> {
  const words = question.focus;
  const { weights } = focusReading(question);
  const inPassage = writes(question, passageOf(passage));
  const inDocument = writes(question, documentOf(passage));
  const retrieved = [...new Set(hits.map(documentOf))];
  const head = heaviest(question);
  const asked = question.askFocus.size ? words.map((w) => question.askFocus.has(w)) : words.map(() => true);
  const entities = words.filter((w) => ENTITY.test(w));
  const notUnit = (w: string) => w !== question.counted;
  const first = heaviest(question, notUnit);
  const second = heaviest(question, (w) => notUnit(w) && w !== words[first]);
  const heads = [first, second].filter((i) => i >= 0).map((i) => words[i]!);
  const missing = words.filter((w) => notUnit(w) && !inPassage(w));
  return {
    docRareMiss: head >= 0 && !inPassage(words[head]!) && !inDocument(words[head]!) ? 1 : 0,
    retrievedMiss: words.length ? 1 - heldShare(weights, (i) => retrieved.some((d) => writes(question, d)(words[i]!))) : 0,
    entityMiss: entities.some((w) => !inDocument(w)) ? 1 : 0,
    typeFar: typeFar(question, passageOf(passage)),
    askedMiss: asked.some(Boolean)
      ? 1 -
        heldShare(
          weights.map((wt, i) => (asked[i] ? wt : 0)),
          (i) => inPassage(words[i]!),
        )
      : 0,
    headMiss: first >= 0 && !inPassage(words[first]!) ? 1 : 0,
    neighbourClause: heads.some((w) => !inPassage(w) && inDocument(w)) ? 1 : 0,
    missCount: Math.min(1, missing.length / 3),
  };
}
