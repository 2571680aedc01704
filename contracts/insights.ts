// The admin's insights (issue 17): the summary of the question log, the question list and its topic groups,
// and question testing. The CSV export (GET /api/insights/questions.csv) has the list's query and no JSON body.
import { t } from 'elysia';
import { cursorPage, success } from './envelope';

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
  /** the passage evidence the retrieval confidence came from (modules/knowledge/scoring/evidence.ts features) */
  evidence: t.Object({ confidence: t.Number(), top_score: t.Number(), margin: t.Number(), coverage: t.Number(), signals: t.Record(t.String(), t.Number()) }),
});
export type QuestionTestResult = typeof QuestionTestResult.static;

/** 1–365 days back from now; 30 by default */
const Days = t.Optional(t.Integer({ minimum: 1, maximum: 365 }));

export const QuestionFilter = t.Union([t.Literal('unanswered'), t.Literal('low'), t.Literal('down'), t.Literal('all')]);
export type QuestionFilter = typeof QuestionFilter.static;

export const SummaryQuery = t.Object({ days: Days });

export const QuestionListQuery = t.Object({
  filter: t.Optional(QuestionFilter),
  search: t.Optional(t.String({ maxLength: 200 })),
  cursor: t.Optional(t.String({ maxLength: 512 })),
  limit: t.Optional(t.Integer({ minimum: 1, maximum: 100 })),
});
export type QuestionListQuery = typeof QuestionListQuery.static;

export const GroupsQuery = t.Object({
  days: Days,
  cursor: t.Optional(t.String({ maxLength: 512 })),
  limit: t.Optional(t.Integer({ minimum: 1, maximum: 50 })),
});

const Count = t.Integer({ minimum: 0 });

export const InsightsSummary = t.Object({
  days: t.Integer(),
  /** the days in the university's time zone (TIME_ZONE), oldest first, every day present (zero included) */
  per_day: t.Array(t.Object({ date: t.String({ description: 'YYYY-MM-DD' }), questions: Count, fallbacks: Count })),
  total: Count,
  fallbacks: Count,
  /** fallbacks / total, 0–1; 0 when nothing was asked */
  fallback_rate: t.Number(),
  bands: t.Object({ high: Count, medium: Count, low: Count }),
  votes: t.Object({ up: Count, down: Count }),
  /** the documents and clauses the answers cited most, most cited first (at most 10 each) */
  top_documents: t.Array(t.Object({ document_id: t.String(), title: t.String(), count: Count })),
  top_clauses: t.Array(t.Object({ document_id: t.String(), title: t.String(), clause: t.String(), page: t.Number(), count: Count })),
});
export type InsightsSummary = typeof InsightsSummary.static;

/** One logged question as the admin sees it: what was asked (masked) and how it was answered; nothing about who asked. */
export const LoggedQuestion = t.Object({
  id: t.String(),
  asked_at: t.String(),
  question: t.String(),
  confidence: t.Number(),
  confidence_band: Band,
  fallback: t.Boolean(),
  sources: t.Array(t.Object({ documentId: t.String(), title: t.String(), clause: t.String(), page: t.Number() })),
  up: Count,
  down: Count,
  /** comments left with down votes (masked when written) */
  comments: t.Array(t.String()),
});
export type LoggedQuestion = typeof LoggedQuestion.static;

export const QuestionPage = cursorPage(LoggedQuestion, { total: Count });
export type QuestionPage = typeof QuestionPage.static;

/** Unanswered and low-confidence questions on one topic: similar questions together, most asked first. */
export const QuestionGroup = t.Object({
  /** the words most of the group's questions share (the topic at a glance) */
  top_words: t.Array(t.String()),
  count: Count,
  unanswered: Count,
  down: Count,
  last_asked_at: t.String(),
  /** a few of its questions, newest first (at most 5), and the id of the newest to test again */
  examples: t.Array(t.Object({ id: t.String(), question: t.String(), asked_at: t.String() })),
});
export type QuestionGroup = typeof QuestionGroup.static;

export const GroupPage = cursorPage(QuestionGroup, {
  /** how many groups and how many questions were grouped */
  total: Count,
  questions: Count,
});
export type GroupPage = typeof GroupPage.static;

export const InsightsResponses = {
  test: success(QuestionTestResult),
  summary: success(InsightsSummary),
  questions: QuestionPage,
  groups: GroupPage,
};
