// Streaming calls of the chat: POST with `Accept: text/event-stream`, tokens as they come, and typed
// failures. The server may also answer plain JSON (same contract), which is handled the same way.
import { ApiError, apiFetch, TIMEOUTS } from '../../../lib/api';
import { readSse } from '../../../lib/sse';
import type { Failure } from './errors';
import type { AnswerPayload } from './types';

export class ChatFailure extends Error implements Failure {
  constructor(
    readonly code: string,
    message = code,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'ChatFailure';
  }
}

export function toFailure(e: unknown, signal?: AbortSignal): Failure {
  if (signal?.aborted) return { code: 'cancelled' };
  if (e instanceof ChatFailure) return { code: e.code, status: e.status, message: e.message };
  if (e instanceof ApiError) return { code: e.code, status: e.status, message: e.message };
  // our own signal was not aborted, so the client's timeout cut the stream
  if (e instanceof DOMException && e.name === 'AbortError') return { code: 'timeout' };
  if (e instanceof TypeError) return { code: 'network' };
  return { code: 'unknown' };
}

export interface StreamOptions {
  json?: unknown;
  form?: FormData;
  signal: AbortSignal;
  onToken: (delta: string) => void;
}

/** Runs one streaming request to its `done` payload; throws ChatFailure / ApiError otherwise. */
export async function streamAnswer(path: string, opts: StreamOptions): Promise<AnswerPayload> {
  const res = await apiFetch(path, {
    method: 'POST',
    json: opts.json,
    body: opts.form,
    signal: opts.signal,
    timeoutMs: TIMEOUTS.ai,
    headers: { accept: 'text/event-stream' },
  });
  if (!(res.headers.get('content-type') ?? '').includes('text/event-stream')) {
    const body = (await res.json().catch(() => null)) as ({ data?: AnswerPayload } & AnswerPayload) | null;
    const payload = body?.data ?? body;
    if (!payload) throw new ChatFailure('ai_empty');
    return payload;
  }
  for await (const ev of readSse(res)) {
    const data = (ev.data ?? {}) as Record<string, unknown>;
    if (ev.event === 'token' && typeof data.text === 'string') opts.onToken(data.text);
    else if (ev.event === 'done') return data as AnswerPayload;
    else if (ev.event === 'error') throw new ChatFailure(String(data.code ?? 'unknown'), String(data.message ?? ''), Number(data.status) || undefined);
  }
  if (opts.signal.aborted) throw new ChatFailure('cancelled');
  // the stream ended without `done`: the server or the connection went away mid-answer
  throw new ChatFailure('network');
}

/** Best effort: the answer is already aborted locally; the server frees the model when it hears this. */
export function cancelRequest(connectionId: string): void {
  apiFetch('/api/cancel', { method: 'POST', json: { connection_id: connectionId }, redirectOn401: false, timeoutMs: 10_000 }).catch(() => undefined);
}

export function formWith(fields: Record<string, string>, files: File[], fileField = 'files'): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  for (const f of files) form.append(fileField, f, f.name);
  return form;
}

export interface DraftRequest {
  brief: string;
  documentType: string;
  withSources: boolean;
  files: File[];
  /** signed-in chats send what was said before; guests send only the brief (chat.md §7) */
  history?: Array<{ role: string; content: string }>;
}

/** /api/draft as JSON, or multipart when documents are attached (their text shapes the draft). */
export function streamDraft(d: DraftRequest, io: { signal: AbortSignal; connectionId: string; onToken: (t: string) => void }) {
  const json = {
    brief: d.brief,
    document_type: d.documentType,
    with_sources: d.withSources,
    connection_id: io.connectionId,
    ...(d.history ? { conversation_history: d.history } : {}),
  };
  if (!d.files.length) return streamAnswer('/api/draft', { json, signal: io.signal, onToken: io.onToken });
  const fields: Record<string, string> = { brief: d.brief, document_type: d.documentType, with_sources: String(d.withSources), connection_id: io.connectionId };
  if (d.history) fields.conversation_history = JSON.stringify(d.history);
  return streamAnswer('/api/draft', { form: formWith(fields, d.files), signal: io.signal, onToken: io.onToken });
}
