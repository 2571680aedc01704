// The admin's synonym groups (settings page): words that mean the same thing in questions and documents.
// The rules are shared so the editor refuses what the server would before sending.
import { t } from 'elysia';
import { success } from './envelope';

export { SYNONYM_GROUPS_MAX, SYNONYM_TERM_MAX_CHARS, SYNONYM_TERMS_MAX, SYNONYM_TERMS_MIN, SYNONYM_TERMS_TOTAL_MAX } from './synonym-limits';

export const SynonymGroup = t.Object({ id: t.String(), terms: t.Array(t.String()), createdAt: t.String() });
export type SynonymGroup = typeof SynonymGroup.static;

export const SynonymResponses = {
  /** GET /api/synonyms: newest first, a page at a time (nextCursor fetches the next page). */
  list: t.Object({ status: t.Literal('success'), data: t.Array(SynonymGroup), hasNext: t.Boolean(), nextCursor: t.Nullable(t.String()) }),
  created: success(SynonymGroup),
  deleted: success(t.Object({ id: t.String() })),
};
