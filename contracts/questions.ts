// Votes on answers (issue 17 item 2): POST /api/questions/{id}/feedback. Answers carry the `question_id`
// to vote on (the /api/chat body, a saved turn's `done`); it is absent when the question log is off.
import { t } from 'elysia';
import { success } from './envelope';

export const FEEDBACK_COMMENT_MAX = 500;

export const FeedbackBody = t.Object({
  rating: t.Union([t.Literal('up'), t.Literal('down')]),
  comment: t.Optional(t.String({ maxLength: FEEDBACK_COMMENT_MAX })),
});
export type FeedbackBody = typeof FeedbackBody.static;

export const QuestionResponses = {
  /** the caller's vote as stored (a second vote replaces the first) */
  feedback: success(t.Object({ question_id: t.String(), rating: t.Union([t.Literal('up'), t.Literal('down')]), comment: t.Nullable(t.String()) })),
};
