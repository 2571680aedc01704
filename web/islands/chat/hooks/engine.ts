import type { ChatMessage } from '../logic/types';

/** What the screen needs from a chat, guest or signed in. */
export interface ChatEngine {
  messages: ChatMessage[];
  /** a reply is being awaited */
  busy: boolean;
  loading: boolean;
  loadError: string | null;
  conversationId: string | null;
  send(text: string, files: File[], showRefs: boolean): void;
  stop(): void;
  regenerate(showRefs: boolean): void;
  reset(): void;
}
