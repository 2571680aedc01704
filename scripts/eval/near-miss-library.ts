// Third-round near-miss candidates (modules/knowledge/scoring/near-miss-evidence.md): a focus word's rarity by the
// library's own documents rather than by the general-Thai background table. Each bounded 0–1.
import type { SearchHit } from '../../modules/knowledge/index/search-hit';
import type { Question } from '../../modules/knowledge/question/question';
import { alternativesOf } from '../../modules/knowledge/question/synonyms';
import { focusReading, heldShare } from '../../modules/knowledge/scoring/focus-reading';
import { fold } from '../../modules/knowledge/index/tokens';

export const LIBRARY_CANDIDATES = ['libRareMiss', 'libAbsent', 'libIdfMiss'] as const;

const writes = (question: Question, text: string) => (w: string) =>
  text.includes(w) || alternativesOf(w, question.synonyms).some((a) => text.includes(fold(a)));

/** `documents`: every document of the library, folded. */
export function libraryCandidates(question: Question, passage: SearchHit, documents: readonly string[]): Record<(typeof LIBRARY_CANDIDATES)[number], number> {
  const words = question.focus;
  const { weights } = focusReading(question);
  const inPassage = writes(question, fold(`${passage.title}\n${passage.headingPath.join(' ')}\n${passage.text}`));
  const asked = words.map((w, i) => ({ w, i })).filter(({ w }) => w !== question.counted);
  if (!asked.length || !documents.length) return { libRareMiss: 0, libAbsent: 0, libIdfMiss: 0 };
  const df = new Map(asked.map(({ w }) => [w, documents.filter((d) => writes(question, d)(w)).length]));
  const rarest = asked.reduce((a, b) => {
    const [da, db] = [df.get(a.w)!, df.get(b.w)!];
    return db < da || (db === da && weights[b.i]! > weights[a.i]!) ? b : a;
  });
  const idf = (w: string) => Math.log((documents.length + 1) / (df.get(w)! + 0.5));
  const askedWeights = words.map((w) => (df.has(w) ? idf(w) : 0));
  return {
    libRareMiss: inPassage(rarest.w) ? 0 : 1,
    libAbsent: asked.some(({ w }) => df.get(w) === 0) ? 1 : 0,
    libIdfMiss: 1 - heldShare(askedWeights, (i) => inPassage(words[i]!)),
  };
}
