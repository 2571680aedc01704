// The admin's insights (issue 17): question testing now; the summary, question list and export come later.
import { t } from 'elysia';
import { success } from './envelope';

export const QUESTION_TEST_MAX = 2000;

export const QuestionTestBody = t.Object({ question: t.String({ minLength: 1, maxLength: QUESTION_TEST_MAX }) });

const Band = t.Union([t.Literal('high'), t.Literal('medium'), t.Literal('low')]);

export const QuestionTestResult = t.Object({
  /** what a student asking this would get (nothing is logged) */
  answer: t.Object({
    text: t.String(),
    accuracy: t.Number(),
    confidence_band: Band,
    fallback: t.Boolean(),
    provider: t.String(),
    references: t.Array(t.Object({ documentId: t.String(), title: t.String(), headingPath: t.Array(t.String()), page: t.Number() })),
  }),
  /** the retrieved clauses, best first, each with its search score and the confidence it alone would give */
  clauses: t.Array(
    t.Object({
      rank: t.Number(),
      document_id: t.String(),
      title: t.String(),
      heading_path: t.Array(t.String()),
      page: t.Number(),
      score: t.Number(),
      lexical_score: t.Nullable(t.Number()),
      vector_score: t.Nullable(t.Number()),
      confidence: t.Number(),
      text: t.String(),
    }),
  ),
  /** the passage evidence the retrieval confidence came from (modules/knowledge/evidence.ts features) */
  evidence: t.Object({ confidence: t.Number(), top_score: t.Number(), margin: t.Number(), coverage: t.Number(), signals: t.Record(t.String(), t.Number()) }),
});
export type QuestionTestResult = typeof QuestionTestResult.static;

export const InsightsResponses = {
  test: success(QuestionTestResult),
};
