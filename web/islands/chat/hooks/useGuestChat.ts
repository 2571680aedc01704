// Guest chat (chat.md §2 "Guest chat", §4): /api/chat and /api/draft directly, history only in
// localStorage, never the server's conversation store.
import { useCallback, useEffect, useRef, useState } from 'react';
import { chatDrafting } from '../../../../contracts/drafting';
import { chatText } from '../../../strings/chat';
import { GUEST_CHATS_KEY, loadGuestChats, saveGuestChats, upsertGuestChat } from '../logic/guest-store';
import { newConnectionId } from '../logic/send';
import { formWith, streamAnswer, streamDraft } from '../logic/transport';
import { isBusy, type ChatMessage, type GuestChat } from '../logic/types';
import { useTurnRunner } from './useTurnRunner';
import type { ChatEngine, SendOptions } from './engine';

const now = () => new Date().toISOString();

export function useGuestChat(): ChatEngine & {
  chats: GuestChat[];
  select(id: string): void;
  rename(id: string, title: string): void;
  remove(id: string): void;
} {
  const [chats, setChats] = useState<GuestChat[]>([]);
  const [currentId, setCurrentId] = useState<string | null>(null);
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const files = useRef(new Map<string, { files: File[]; opts: SendOptions }>());
  const { run, stop, patch, isRunning } = useTurnRunner(setMessages, true);
  const busy = messages.some(isBusy);

  // Storage is read after hydration: the server rendered an empty chat.
  useEffect(() => {
    const stored = loadGuestChats();
    setChats(stored);
    const onStorage = (e: StorageEvent) => e.key === GUEST_CHATS_KEY && setChats(loadGuestChats());
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  // Persist finished turns (and the question as soon as it is asked), not every streamed token.
  const lastSaved = useRef('');
  useEffect(() => {
    if (!currentId || !messages.length) return;
    const streaming = messages.some((m) => m.streaming);
    if (streaming) return;
    const key = JSON.stringify(messages);
    if (key === lastSaved.current) return;
    lastSaved.current = key;
    setChats((list) => {
      const existing = list.find((c) => c.id === currentId);
      const chat: GuestChat = existing
        ? { ...existing, messages, updatedAt: now() }
        : { id: currentId, title: chatText.defaultGuestTitle, createdAt: now(), updatedAt: now(), messages };
      const next = upsertGuestChat(list, chat);
      saveGuestChats(next);
      return next;
    });
  }, [messages, currentId]);

  const ask = useCallback(
    (assistantMsgId: string, text: string, attached: File[], showRefs: boolean, opts: SendOptions = {}) =>
      run(assistantMsgId, 'chat', async (io) => {
        const d = chatDrafting(text, attached);
        if (d.drafting && !opts.check && !opts.intent) {
          io.setOp('draft');
          return streamDraft({ brief: text, documentType: d.documentType, withSources: showRefs, files: attached }, io);
        }
        // references come as a list beside the answer (not also inside its text): one presentation
        const fields = {
          message: text,
          show_regulation: String(showRefs),
          inline_references: 'false',
          connection_id: io.connectionId,
          ...(opts.intent ? { intent: opts.intent } : {}),
        };
        const json = {
          message: text,
          show_regulation: showRefs,
          inline_references: false,
          connection_id: io.connectionId,
          ...(opts.intent ? { intent: opts.intent } : {}),
        };
        const payload = attached.length
          ? await streamAnswer('/api/chat', { form: formWith(fields, attached), signal: io.signal, onToken: io.onToken })
          : await streamAnswer('/api/chat', { json, signal: io.signal, onToken: io.onToken });
        return { ...payload, show_regulation: showRefs };
      }),
    [run],
  );

  const send = useCallback(
    (text: string, attached: File[], showRefs: boolean, opts: SendOptions = {}) => {
      if (isRunning()) return;
      const id = currentId ?? `g_${newConnectionId()}`;
      if (!currentId) setCurrentId(id);
      const stamp = now();
      const userMsg: ChatMessage = {
        id: `user_${newConnectionId()}`,
        role: 'user',
        text: text.trim(),
        createdAt: stamp,
        files: attached.map((f) => ({ name: f.name, type: f.type })),
      };
      const placeholder: ChatMessage = { id: `assistant_${newConnectionId()}`, role: 'assistant', text: '', createdAt: stamp, thinking: true };
      files.current.set(userMsg.id, { files: attached, opts });
      setMessages((list) => [...list, userMsg, placeholder]);
      void ask(placeholder.id, userMsg.text, attached, showRefs, opts);
    },
    [ask, currentId, isRunning],
  );

  /** Guest regenerate: ask the same question again and replace the last answer once it arrives. */
  const regenerate = useCallback(
    (showRefs: boolean) => {
      if (isRunning()) return;
      const lastIdx = messages.length - 1;
      const last = messages[lastIdx];
      const question = messages[lastIdx - 1];
      if (!last || last.role !== 'assistant' || !question) return;
      patch(last.id, (m) => ({ ...m, thinking: true, text: '', error: undefined, draft: undefined }));
      const asked = files.current.get(question.id);
      void ask(last.id, question.text, asked?.files ?? [], showRefs, asked?.opts);
    },
    [ask, isRunning, messages, patch],
  );

  const reset = useCallback(() => {
    stop();
    setCurrentId(null);
    setMessages([]);
  }, [stop]);

  const select = useCallback(
    (id: string) => {
      const chat = chats.find((c) => c.id === id);
      if (!chat) return;
      stop();
      lastSaved.current = JSON.stringify(chat.messages);
      setCurrentId(id);
      setMessages(chat.messages);
    },
    [chats, stop],
  );

  const rename = useCallback((id: string, title: string) => {
    setChats((list) => {
      const next = list.map((c) => (c.id === id ? { ...c, title } : c));
      saveGuestChats(next);
      return next;
    });
  }, []);

  const remove = useCallback(
    (id: string) => {
      setChats((list) => {
        const next = list.filter((c) => c.id !== id);
        saveGuestChats(next);
        return next;
      });
      if (id === currentId) reset();
    },
    [currentId, reset],
  );

  return { messages, busy, loading: false, loadError: null, conversationId: currentId, send, stop, regenerate, reset, chats, select, rename, remove };
}
