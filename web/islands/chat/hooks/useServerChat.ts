// Signed-in chat (chat.md §4): conversations live on the server. A new conversation is created,
// the URL moves to /{mode}/chat/{id}, and the server stores every answer it streams.
import { useCallback, useEffect, useRef, useState } from 'react';
import { api } from '../../../lib/api';
import { chatDrafting, type ChatIntent } from '../../../../contracts/drafting';
import { chatText } from '../../../strings/chat';
import { assistantId, detailIdOf, recordToMessages, userId } from '../logic/messages';
import { newConnectionId } from '../logic/send';
import { ChatFailure, formWith, streamAnswer } from '../logic/transport';
import { giveUpPending, pendingAction, PENDING_POLL_MS } from '../logic/pending';
import { isBusy, type ChatMessage, type ConversationRecord } from '../logic/types';
import { useTurnRunner, type TurnIO } from './useTurnRunner';
import type { ChatEngine, SendOptions } from './engine';

interface MessagesPage {
  conversationId: string;
  topic?: string;
  records: ConversationRecord[];
  nextCursor?: string | null;
}

const enc = encodeURIComponent;

export async function fetchConversation(id: string, role: 'user' | 'admin'): Promise<ChatMessage[]> {
  const records: ConversationRecord[] = [];
  let cursor: string | null | undefined = null;
  // pages are followed to the end (bounded): a conversation is shown whole
  for (let i = 0; i < 50; i++) {
    const page: MessagesPage = await api<MessagesPage>(`/api/conversations/${enc(id)}/messages${cursor ? `?cursor=${enc(cursor)}` : ''}`);
    records.push(...(page.records ?? []));
    cursor = page.nextCursor;
    if (!cursor) break;
  }
  const sorted = records.sort((a, b) => new Date(a.createdAt).getTime() - new Date(b.createdAt).getTime());
  return sorted.flatMap((r) => recordToMessages(r, role));
}

export function useServerChat(mode: 'user' | 'admin', urlChatId: string | null, go: (id: string | null) => void, onChanged: () => void): ChatEngine {
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  // an existing conversation renders as loading from the server's HTML on, not as an empty greeting
  const [loading, setLoading] = useState(urlChatId !== null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [conversationId, setConversationId] = useState<string | null>(null);
  const current = useRef<string | null>(null);
  const { run, stop, isRunning, patch } = useTurnRunner(setMessages, false);

  const load = useCallback(
    async (id: string, quiet = false) => {
      if (!quiet) setLoading(true);
      try {
        const list = await fetchConversation(id, mode);
        if (current.current === id) setMessages(list), setLoadError(null);
      } catch {
        if (current.current === id && !quiet) setMessages([]), setLoadError(chatText.errLoad);
      } finally {
        if (!quiet) setLoading(false);
      }
    },
    [mode],
  );

  // The URL decides which conversation is open; our own navigation after creating one is no change.
  useEffect(() => {
    if (urlChatId === current.current) return;
    stop();
    current.current = urlChatId;
    setConversationId(urlChatId);
    setLoadError(null);
    setMessages([]);
    if (urlChatId) void load(urlChatId);
  }, [urlChatId, load, stop]);

  // An answer still running on the server (page reloaded mid-answer): look again shortly, for a
  // bounded time (logic/pending.ts), then show the missing-reply text.
  const pending = messages.some((m) => m.thinking) && !isRunning();
  const pendingSince = useRef<number | null>(null);
  useEffect(() => {
    if (!pending || !current.current) {
      pendingSince.current = null;
      return;
    }
    pendingSince.current ??= Date.now();
    if (pendingAction(pendingSince.current, Date.now()) === 'give-up') {
      setMessages(giveUpPending);
      return;
    }
    const t = setTimeout(() => current.current && void load(current.current, true), PENDING_POLL_MS);
    return () => clearTimeout(t);
  }, [pending, messages, load]);

  /** The server runs the turn and stores it: a draft (text, type, DOCX link) or an answer. */
  const answer = useCallback(
    async (
      io: TurnIO,
      convId: string,
      detailId: string,
      how: { text: string; files: File[]; showRefs: boolean; regenerate?: boolean; check?: boolean; intent?: ChatIntent; draftType?: string },
    ) => {
      const base = `/api/conversations/${enc(convId)}/details/${enc(detailId)}`;
      const d = chatDrafting(how.text, how.files);
      const draftType = how.draftType ?? (d.drafting && !how.check && !how.intent ? d.documentType : null);
      const regenerate = how.regenerate ? { regenerate: true } : {};
      if (draftType) {
        io.setOp('draft');
        return streamAnswer(`${base}/draft`, {
          json: { document_type: draftType, with_sources: how.showRefs, connection_id: io.connectionId, ...regenerate },
          signal: io.signal,
          onToken: io.onToken,
        });
      }
      io.setOp(how.regenerate ? 'regenerate' : 'chat');
      const payload = await streamAnswer(`${base}/answer`, {
        json: { show_regulation: how.showRefs, connection_id: io.connectionId, ...regenerate, ...(how.intent ? { intent: how.intent } : {}) },
        signal: io.signal,
        onToken: io.onToken,
      });
      return { show_regulation: how.showRefs, ...payload };
    },
    [],
  );

  const send = useCallback(
    (raw: string, files: File[], showRefs: boolean, opts: SendOptions = {}) => {
      if (isRunning()) return;
      const text = raw.trim();
      const temp = newConnectionId();
      const stamp = new Date().toISOString();
      const prior = messages;
      const userMsg: ChatMessage = { id: userId(temp), role: mode, text, createdAt: stamp, files: files.map((f) => ({ name: f.name, type: f.type })) };
      const placeholder: ChatMessage = { id: assistantId(temp), role: 'assistant', text: '', createdAt: stamp, thinking: true };
      setMessages((list) => [...list, userMsg, placeholder]);
      void run(placeholder.id, 'send', async (io) => {
        let convId = current.current;
        let detailId: string | undefined;
        if (!convId) {
          // the connection id goes with the turn: Stop before its answer starts still cancels it on the server
          const fields = { query: text, show_regulation: String(showRefs), connection_id: io.connectionId };
          const created = await api<{ conversationId?: string; conversationDetailId?: string }>('/api/conversations/create', {
            ...(files.length ? { body: formWith(fields, files) } : { json: { query: text, show_regulation: showRefs, connection_id: io.connectionId } }),
            signal: io.signal,
          });
          if (!created?.conversationId || !created.conversationDetailId) throw new ChatFailure('invalid_create');
          convId = created.conversationId;
          detailId = created.conversationDetailId;
          current.current = convId;
          setConversationId(convId);
          go(convId);
        } else {
          const parentId = prior.length ? detailIdOf(prior[prior.length - 1]!.id) : null;
          const fields = { query: text, parentId: parentId ?? '', show_regulation: String(showRefs), connection_id: io.connectionId };
          const added = await api<{ conversationDetailId?: string }>(`/api/conversations/${enc(convId)}/query`, {
            ...(files.length
              ? { body: formWith(fields, files) }
              : { json: { query: text, parentId, show_regulation: showRefs, connection_id: io.connectionId } }),
            signal: io.signal,
          });
          if (!added?.conversationDetailId) throw new ChatFailure('invalid_query');
          detailId = added.conversationDetailId;
        }
        // from now on the bubbles carry the server's ids (the next question's parentId)
        const ids = { user: userId(detailId), assistant: assistantId(detailId) };
        setMessages((list) => list.map((m) => (m.id === userMsg.id ? { ...m, id: ids.user } : m.id === placeholder.id ? { ...m, id: ids.assistant } : m)));
        io.setPlaceholderId(ids.assistant);
        return answer(io, convId, detailId, { text, files, showRefs, check: opts.check, intent: opts.intent });
      }).then(onChanged);
    },
    [answer, go, isRunning, messages, mode, onChanged, run],
  );

  /** Marks the last answer as thinking, runs it again on the server, then reloads the conversation. */
  const regenerate = useCallback(
    (showRefs: boolean) => {
      const convId = current.current;
      const last = messages[messages.length - 1];
      const question = messages[messages.length - 2];
      if (isRunning() || !convId || !last || last.role !== 'assistant' || !question) return;
      const detailId = detailIdOf(last.id);
      patch(last.id, (m) => ({ ...m, thinking: true, text: '', error: undefined }));
      // a draft is drafted again (same document type); an answer is answered again
      const how = { text: question.text, files: [], showRefs, regenerate: true, check: !last.draft, draftType: last.draft?.documentType };
      void run(last.id, 'regenerate', (io) => answer(io, convId, detailId, how)).then((ok) => {
        if (ok && current.current === convId) void load(convId, true);
        onChanged();
      });
    },
    [answer, isRunning, load, messages, onChanged, patch, run],
  );

  const reset = useCallback(() => {
    stop();
    // already on the new-chat URL (e.g. creating failed): nothing will navigate, so clear here
    if (current.current === null) setMessages([]), setLoadError(null);
    go(null);
  }, [go, stop]);

  return { messages, busy: messages.some(isBusy) || isRunning(), loading, loadError, conversationId, send, stop, regenerate, reset };
}
