// Turning API payloads into chat messages (chat.md §3: each record is a user_ and an assistant_ message).
import { chatText } from '../../../strings/chat';
import { parseSections } from '../../../../contracts/attachment-sections';
import { answerView, stripContentSections } from './text';
import type { AnswerPayload, AttachedFile, ChatMessage, ConversationRecord } from './types';

export const userId = (detailId: string) => `user_${detailId}`;
export const assistantId = (detailId: string) => `assistant_${detailId}`;
/** The parent id sent to /query is the detail id without its user_/assistant_ prefix (chat.md §7). */
export const detailIdOf = (messageId: string) => messageId.replace(/^(user|assistant)_/, '');

/** Stored attachments, or the names of the query's "Content from" sections (spec clients store only those). */
function attachments(list: ConversationRecord['attachments'], query: string): AttachedFile[] | undefined {
  if (!list?.length) {
    const names = parseSections(query).sections.map((s) => ({ name: s.name.trim() }));
    return names.length ? names : undefined;
  }
  return list.map((a) => (typeof a === 'string' ? { name: a } : { name: a.name, type: a.type }));
}

export function recordToMessages(r: ConversationRecord, userRole: 'user' | 'admin'): ChatMessage[] {
  const createdAt = new Date(r.createdAt).toISOString();
  const user: ChatMessage = {
    id: userId(r.conversationDetailId),
    role: userRole,
    text: stripContentSections(r.query),
    createdAt,
    files: attachments(r.attachments, r.query),
  };
  const assistant: ChatMessage = { id: assistantId(r.conversationDetailId), role: 'assistant', text: '', createdAt };
  if (r.status === 'pending') return [user, { ...assistant, thinking: true }];
  if (r.status === 'cancelled' && !r.response) return [user, { ...assistant, error: { text: chatText.errCancelled, tone: 'cancelled' } }];
  if (!r.response) return [user, { ...assistant, error: { text: chatText.errNoReply, tone: 'error' } }];
  const view = answerView(r.response, r.confidence);
  const draft = r.documentType ? { documentType: r.documentType, downloadUrl: r.downloadUrl ?? null } : undefined;
  const references = r.show_regulation && r.references?.length ? r.references : undefined;
  return [user, { ...assistant, text: view.text, accuracy: view.accuracy, references, documents: r.documents ?? undefined, draft }];
}

/**
 * A finished answer applied to its placeholder. An empty text is a failure (chat.md §8): for a draft
 * the cannot-draft text, else the empty-response one. References show only when they were asked for.
 */
export function applyAnswer(m: ChatMessage, p: AnswerPayload, drafting = false): ChatMessage {
  const raw = p.text ?? p.response ?? '';
  const view = answerView(raw, p.accuracy);
  const base: ChatMessage = { ...m, thinking: false, streaming: false, error: undefined };
  const isDraft = drafting || !!p.document_type;
  if (!view.text) return { ...base, text: '', error: { text: isDraft ? chatText.errDraftEmpty : chatText.errEmpty, tone: 'error' } };
  const draft = p.document_type ? { documentType: p.document_type, downloadUrl: p.downloadUrl ?? null } : isDraft ? m.draft : undefined;
  const references = p.show_regulation && p.references?.length ? p.references : undefined;
  return { ...base, text: view.text, accuracy: view.accuracy, references, documents: p.documents, draft, questionId: p.question_id };
}

/** Conversation history for /api/draft: the visible texts, oldest first. */
export function historyOf(messages: ChatMessage[]): Array<{ role: 'user' | 'assistant'; content: string }> {
  return messages
    .filter((m) => !m.thinking && !m.streaming && !m.error && m.text)
    .map((m) => ({ role: m.role === 'assistant' ? 'assistant' : 'user', content: m.text }));
}
