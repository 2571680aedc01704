import type { ChatIntent } from '../../../../contracts/drafting';
import type { ChatMessage } from '../logic/types';

export interface SendOptions {
  /** a proposal check or a regulations question: answered, never drafted, even with a document attached */
  check?: boolean;
  /** a quick button's typed request: 'templates' lists the forms to download, 'proposal_check' checks the
   * attached or pasted proposal section by section against the regulations */
  intent?: ChatIntent;
}

/** What the screen needs from a chat, guest or signed in. */
export interface ChatEngine {
  messages: ChatMessage[];
  /** a reply is being awaited */
  busy: boolean;
  loading: boolean;
  loadError: string | null;
  conversationId: string | null;
  /** `check`: a proposal check — answered against the regulations even with a document attached */
  send(text: string, files: File[], showRefs: boolean, opts?: SendOptions): void;
  stop(): void;
  regenerate(showRefs: boolean): void;
  reset(): void;
}
