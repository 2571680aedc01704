// The chat's view of messages and of what the API returns (docs/api.md "Assistant", "Conversations").

export interface Reference {
  documentId?: string;
  title: string;
  headingPath?: string[] | string;
  page?: number | null;
  text?: string;
}

export interface RecommendedDoc {
  id: string;
  title: string;
  category?: string | null;
  fileType?: string | null;
  downloadUrl: string;
  score?: number;
}

export interface AttachedFile {
  name: string;
  type?: string;
}

export type MessageError = { text: string; tone: 'error' | 'cancelled' };

export interface ChatMessage {
  id: string;
  role: 'user' | 'admin' | 'assistant';
  text: string;
  createdAt: string;
  accuracy?: number | null;
  /** waiting for the first token */
  thinking?: boolean;
  /** tokens are arriving */
  streaming?: boolean;
  error?: MessageError;
  files?: AttachedFile[];
  references?: Reference[];
  documents?: RecommendedDoc[];
  draft?: { downloadUrl?: string | null; documentType: string };
  /** the logged question this answer went to: thumbs up/down vote on it */
  questionId?: string;
}

/** `done` of /api/chat and /answer. */
export interface AnswerPayload {
  text?: string;
  response?: string;
  accuracy?: number | null;
  references?: Reference[];
  documents?: RecommendedDoc[];
  confidence_band?: 'high' | 'medium' | 'low';
  fallback?: boolean;
  conversationDetailId?: string;
  /** the question log's id for votes (absent when the log is off) */
  question_id?: string;
  /** drafts */
  document_type?: string;
  downloadUrl?: string | null;
  /** the question asked for references (Show References): only then is the list shown */
  show_regulation?: boolean;
}

/** One saved turn as GET /api/conversations/{id}/messages sends it. */
export type { ConversationRecord } from '../../../../contracts/conversations';

export interface GuestChat {
  id: string;
  title: string;
  createdAt: string;
  updatedAt: string;
  messages: ChatMessage[];
}

export const isBusy = (m: ChatMessage) => !!(m.thinking || m.streaming);
