// Fourth-round near-miss candidates (modules/knowledge/scoring/near-miss-evidence.md): the question's qualifier of its
// subject (a degree level, a programme, a kind of term; subject-qualifiers.ts) against the shown passage's.
// Each bounded 0–1, and 0 when the question names no qualifier of any kind.
import type { SearchHit } from '../../modules/knowledge/index/search-hit';
import type { Question } from '../../modules/knowledge/question/question';
import { qualifiersNamed } from './subject-qualifiers';
import { fold } from '../../modules/knowledge/index/tokens';

export const QUALIFIER_CANDIDATES = ['qualifierConflict', 'qualifierAbsent', 'qualifierElsewhere'] as const;
export type QualifierCandidate = (typeof QUALIFIER_CANDIDATES)[number];

const NONE: Record<QualifierCandidate, number> = { qualifierConflict: 0, qualifierAbsent: 0, qualifierElsewhere: 0 };

export function qualifierCandidates(question: Question, passage: SearchHit): Record<QualifierCandidate, number> {
  const asked = qualifiersNamed(fold(question.wording), { askedOnly: true });
  if (asked.size === 0) return NONE;
  // a table row's heading is in its heading path, a document's subject in its title
  const shown = qualifiersNamed(fold(`${passage.title}\n${passage.headingPath.join(' ')}\n${passage.text}`));
  const inDocument = passage.documentText !== undefined ? qualifiersNamed(fold(passage.documentText)) : new Map<string, Set<string>>();
  let conflict = 0;
  let absent = 0;
  let elsewhere = 0;
  for (const [kind, members] of asked) {
    const there = shown.get(kind);
    if (!there) absent = 1;
    else if (![...members].some((m) => there.has(m))) conflict = 1;
    if ([...members].some((m) => !there?.has(m) && inDocument.get(kind)?.has(m))) elsewhere = 1;
  }
  return { qualifierConflict: conflict, qualifierAbsent: absent, qualifierElsewhere: elsewhere };
}
