// The assistant's answers (chat.md §7; docs/api.md "Assistant"). Chat and draft answer with SSE (`done`
// carries the same body) or, without `Accept: text/event-stream`, with these bodies directly.
import { t } from 'elysia';
import { success } from './envelope';

/** A clause an answer rests on. */
export const Reference = t.Object({ documentId: t.String(), title: t.String(), headingPath: t.Array(t.String()), page: t.Number(), text: t.String() });
export type Reference = typeof Reference.static;

/** A library document (or blank template) offered for download beside an answer. */
export const RecommendedDocument = t.Object({
  id: t.String(),
  title: t.String(),
  category: t.Nullable(t.String()),
  fileType: t.String(),
  downloadUrl: t.String(),
  score: t.Number(),
});
export type RecommendedDocument = typeof RecommendedDocument.static;

export const ConfidenceBand = t.Union([t.Literal('high'), t.Literal('medium'), t.Literal('low')]);

/** POST /api/chat: the answer, its confidence (0–100) and what it rests on. */
export const ChatAnswer = t.Object({
  text: t.String(),
  accuracy: t.Number(),
  references: t.Array(Reference),
  documents: t.Array(RecommendedDocument),
  confidence_band: ConfidenceBand,
  fallback: t.Boolean(),
  connection_id: t.Optional(t.String()),
  /** the logged question a vote goes to (POST /api/questions/{id}/feedback); absent when QUESTION_LOG_DAYS=0 */
  question_id: t.Optional(t.String()),
});
export type ChatAnswer = typeof ChatAnswer.static;

export const DraftType = t.Union([t.Literal('internal_memo'), t.Literal('student_activity_project')]);

/** POST /api/draft: the draft's text, its completeness as `accuracy` (0–100) and the DOCX to download. */
export const DraftAnswer = t.Object({
  text: t.String(),
  accuracy: t.Number(),
  document_type: DraftType,
  with_sources: t.Boolean(),
  downloadUrl: t.String(),
  completeness: t.Object({ filled: t.Number(), total: t.Number(), missing: t.Array(t.String()) }),
});
export type DraftAnswer = typeof DraftAnswer.static;

export const AssistantResponses = {
  /** POST /api/chat (JSON variant) */
  chat: ChatAnswer,
  /** POST /api/draft (JSON variant) */
  draft: DraftAnswer,
  /** POST /api/cancel: whether something of the caller's was running under that id */
  cancelled: success(t.Object({ cancelled: t.Boolean() })),
  /** POST /api/generate-title: the spec's client reads `title` at the top level */
  title: t.Object({ title: t.String() }),
};
