// Which text a failed request shows (chat.md §8), decided from the error's code, never from its wording.
import { chatText } from '../../../strings/chat';
import type { MessageError } from './types';

/** A failure from the API (ApiError) or from a stream's `error` event, reduced to what matters here. */
export interface Failure {
  code: string;
  status?: number;
  message?: string;
}

/** Codes of src/http/errors.ts whose message tells the user what to change. */
const USER_FIXABLE = new Set(['bad_request', 'validation', 'payload_too_large', 'unsupported_media_type']);

export type Operation = 'chat' | 'draft' | 'regenerate' | 'send';

export function failureText(f: Failure, op: Operation, guest: boolean): MessageError {
  const code = f.code;
  if (code === 'cancelled' || code === 'aborted') return { text: chatText.errCancelled, tone: 'cancelled' };
  if (code === 'rate_limited' || f.status === 429) return { text: chatText.errRateLimited, tone: 'error' };
  if (code === 'network' || code === 'ai_unavailable') return { text: guest ? chatText.errConnectionGuest : chatText.errConnection, tone: 'error' };
  if (code === 'ai_timeout' || code === 'timeout') return { text: chatText.errTimeout, tone: 'error' };
  // a refusal the user can act on (an unreadable file, a too-long text) is shown with the server's
  // words; server faults stay generic
  const refusal = USER_FIXABLE.has(code) || (op === 'send' && !!f.status && f.status >= 400 && f.status < 500);
  if (refusal && f.message) return { text: chatText.errSendWith(f.message), tone: 'error' };
  if (op === 'draft') return { text: code === 'ai_empty' || code === 'empty' ? chatText.errDraftEmpty : chatText.errDraft, tone: 'error' };
  if (code === 'ai_empty' || code === 'empty') return { text: chatText.errEmpty, tone: 'error' };
  if (op === 'regenerate') return { text: chatText.errRegenerate, tone: 'error' };
  if (code === 'invalid_create') return { text: chatText.errCreate, tone: 'error' };
  if (code === 'invalid_query') return { text: chatText.errInvalidQuery, tone: 'error' };
  if (op === 'send') return { text: chatText.errSend, tone: 'error' };
  return { text: chatText.errGeneric, tone: 'error' };
}
