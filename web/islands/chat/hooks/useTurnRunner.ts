// Runs one assistant turn into its placeholder bubble: thinking → streamed text → answer, error or
// cancelled. Owns the in-flight request so Stop can abort it and tell the server (chat.md §4 "Stop").
import { useCallback, useRef, type Dispatch, type SetStateAction } from 'react';
import { failureText, type Operation } from '../logic/errors';
import { applyAnswer } from '../logic/messages';
import { newConnectionId } from '../logic/send';
import { cleanAnswer } from '../logic/text';
import { cancelRequest, toFailure } from '../logic/transport';
import type { AnswerPayload, ChatMessage } from '../logic/types';

export interface TurnIO {
  signal: AbortSignal;
  connectionId: string;
  onToken: (delta: string) => void;
  /** which failure text applies if this turn fails from here on */
  setOp: (op: Operation) => void;
  /** the placeholder's id changes once the server names the detail */
  setPlaceholderId: (id: string) => void;
}

export function useTurnRunner(setMessages: Dispatch<SetStateAction<ChatMessage[]>>, guest: boolean) {
  const inflight = useRef<{ ctrl: AbortController; connectionId: string; cancelled: boolean } | null>(null);

  const patch = useCallback(
    (id: string, f: (m: ChatMessage) => ChatMessage) => setMessages((list) => list.map((m) => (m.id === id ? f(m) : m))),
    [setMessages],
  );

  const run = useCallback(
    async (placeholderId: string, op: Operation, exec: (io: TurnIO) => Promise<AnswerPayload>): Promise<AnswerPayload | null> => {
      const ctrl = new AbortController();
      const flight = { ctrl, connectionId: newConnectionId(), cancelled: false };
      inflight.current = flight;
      let id = placeholderId;
      let raw = '';
      const io: TurnIO = {
        signal: ctrl.signal,
        connectionId: flight.connectionId,
        onToken: (delta) => {
          raw += delta;
          const text = cleanAnswer(raw);
          patch(id, (m) => ({ ...m, thinking: !text, streaming: !!text, text }));
        },
        setOp: (o) => (op = o),
        setPlaceholderId: (next) => (id = next),
      };
      try {
        const payload = await exec(io);
        if (flight.cancelled) throw new Error('cancelled');
        patch(id, (m) => applyAnswer(m, payload, op === 'draft'));
        return payload;
      } catch (e) {
        const error = failureText(flight.cancelled ? { code: 'cancelled' } : toFailure(e, ctrl.signal), op, guest);
        patch(id, (m) => ({ ...m, thinking: false, streaming: false, text: '', error }));
        return null;
      } finally {
        if (inflight.current === flight) inflight.current = null;
      }
    },
    [patch, guest],
  );

  /** Aborts the request and asks the server to cancel that request's work. */
  const stop = useCallback(() => {
    const f = inflight.current;
    if (!f) return;
    f.cancelled = true;
    f.ctrl.abort();
    cancelRequest(f.connectionId);
  }, []);

  const isRunning = useCallback(() => inflight.current !== null, []);

  return { run, stop, patch, isRunning };
}
