// A turn the server still shows as pending (the page was reloaded mid-answer) is polled, but not for
// ever: an answer is bounded by the AI timeout (chat.md §9: 120 s), so past that plus a margin the turn
// is shown as a missing reply (chat.md §8) instead of a spinner that never ends.
import { chatText } from '../../../strings/chat';
import type { ChatMessage } from './types';

export const PENDING_POLL_MS = 2000;
export const PENDING_GIVE_UP_MS = 150_000;

/** Whether to look again, given when the pending turn was first seen. */
export function pendingAction(firstSeenAt: number, now: number, giveUpMs = PENDING_GIVE_UP_MS): 'poll' | 'give-up' {
  return now - firstSeenAt >= giveUpMs ? 'give-up' : 'poll';
}

/** The still-thinking bubbles become the missing-reply error. */
export function giveUpPending(messages: ChatMessage[]): ChatMessage[] {
  return messages.map((m) =>
    m.role === 'assistant' && m.thinking ? { ...m, thinking: false, streaming: false, error: { text: chatText.errNoReply, tone: 'error' as const } } : m,
  );
}
