// Saved conversations' shapes shared by server and chat island (chat.md §3, §7; docs/api.md "Conversations").
import { t } from 'elysia';
import { ChatAnswer, DraftAnswer, RecommendedDocument, Reference } from './assistant';
import { success } from './envelope';

/** A turn cut off mid-way never looks like an answer: its status says what happened. */
export const TurnStatus = t.Union([t.Literal('pending'), t.Literal('complete'), t.Literal('failed'), t.Literal('cancelled')]);
export type TurnStatus = typeof TurnStatus.static;

/** One conversation in the recents list, newest activity first. */
export const TopicItem = t.Object({ id: t.String(), topic: t.String(), updatedAt: t.String() });
export type TopicItem = typeof TopicItem.static;

/** A file attached to a question (its text is inside the stored query). */
export const AttachmentInfo = t.Object({ name: t.String(), type: t.String() });
export type AttachmentInfo = typeof AttachmentInfo.static;

/** One saved turn: the question and, once complete, its answer (a draft's text for drafted turns). */
export const ConversationRecord = t.Object({
  conversationDetailId: t.String(),
  conversationId: t.String(),
  query: t.String(),
  /** '' until the turn is complete */
  response: t.String(),
  confidence: t.Number(),
  createdAt: t.String(),
  status: TurnStatus,
  attachments: t.Array(AttachmentInfo),
  references: t.Array(Reference),
  documents: t.Array(RecommendedDocument),
  /** the turn asked for references (Show References): only then are they shown */
  show_regulation: t.Boolean(),
  /** a drafted document's type and DOCX download, when the turn was a draft */
  documentType: t.Nullable(t.String()),
  downloadUrl: t.Nullable(t.String()),
});
export type ConversationRecord = typeof ConversationRecord.static;

/** GET /api/conversations/{id}/messages: a page of turns, oldest first; `nextCursor` reaches older ones. */
export const MessagesPage = t.Object({
  conversationId: t.String(),
  topic: t.String(),
  category: t.String(),
  records: t.Array(ConversationRecord),
  nextCursor: t.Nullable(t.String()),
});
export type MessagesPage = typeof MessagesPage.static;

/** `done` (or the JSON body) of /answer: the chat answer, the turn it was saved on, and whether references were asked for. */
export const TurnAnswer = t.Object({ ...ChatAnswer.properties, show_regulation: t.Boolean(), conversationDetailId: t.String() });
export type TurnAnswer = typeof TurnAnswer.static;

/** `done` (or the JSON body) of /draft: the draft and the turn it was saved on. */
export const TurnDraft = t.Object({ ...DraftAnswer.properties, conversationDetailId: t.String() });
export type TurnDraft = typeof TurnDraft.static;

const turnId = t.Object({ conversationDetailId: t.String() });

export const ConversationResponses = {
  created: success(t.Object({ conversationId: t.String(), conversationDetailId: t.String() })),
  /** POST …/query: the new turn; PATCH …/details/{detailId}: the turn whose answer was saved */
  turn: success(turnId),
  answered: success(TurnAnswer),
  drafted: success(TurnDraft),
  messages: success(MessagesPage),
  topics: success(t.Array(TopicItem)),
  renamed: success(t.Object({ id: t.String(), topic: t.String() })),
  deleted: success(t.Object({ id: t.String() })),
};
