// Guest chats live only on this device (chat.md §1, §3): localStorage under the product's chats key.
import { chatText } from '../../../strings/chat';
import type { ChatMessage, GuestChat } from './types';

export const GUEST_CHATS_KEY = 'askreg_guest_chats';
const MAX_CHATS = 50;
const TITLE_LENGTH = 30;

/** First 30 characters of the first message, plus an ellipsis when longer; default "New chat". */
export function guestTitle(firstMessage: string | undefined | null): string {
  const t = (firstMessage ?? '').replace(/\s+/g, ' ').trim();
  if (!t) return chatText.defaultGuestTitle;
  const chars = Array.from(t);
  return chars.length > TITLE_LENGTH ? chars.slice(0, TITLE_LENGTH).join('') + '…' : t;
}

function isChat(v: unknown): v is GuestChat {
  const c = v as GuestChat;
  return !!c && typeof c.id === 'string' && typeof c.title === 'string' && Array.isArray(c.messages);
}

/** Storage can be missing (private mode) or hold anything; a bad value means no history, not a crash. */
export function loadGuestChats(storage: Storage | undefined = globalThis.localStorage): GuestChat[] {
  try {
    const parsed = JSON.parse(storage?.getItem(GUEST_CHATS_KEY) ?? '[]') as unknown;
    return Array.isArray(parsed) ? parsed.filter(isChat) : [];
  } catch {
    return [];
  }
}

/** Only finished messages are kept: a reload never shows a reply "thinking" forever. */
function storable(m: ChatMessage): ChatMessage {
  if (!m.thinking && !m.streaming) return m;
  return { ...m, thinking: false, streaming: false, error: { text: chatText.errCancelled, tone: 'cancelled' } };
}

export function saveGuestChats(chats: GuestChat[], storage: Storage | undefined = globalThis.localStorage): void {
  const sorted = [...chats].sort((a, b) => b.updatedAt.localeCompare(a.updatedAt)).slice(0, MAX_CHATS);
  const data = sorted.map((c) => ({ ...c, messages: c.messages.map(storable) }));
  try {
    storage?.setItem(GUEST_CHATS_KEY, JSON.stringify(data));
  } catch {
    // full or unavailable storage: keep the session going without persistence
  }
}

/** Puts `chat` into the list (replacing by id), stamping the title from its first user message. */
export function upsertGuestChat(chats: GuestChat[], chat: GuestChat): GuestChat[] {
  const firstUser = chat.messages.find((m) => m.role !== 'assistant');
  const title = chat.title && chat.title !== chatText.defaultGuestTitle ? chat.title : guestTitle(firstUser?.text);
  const next = { ...chat, title };
  const i = chats.findIndex((c) => c.id === chat.id);
  return i >= 0 ? chats.map((c, j) => (j === i ? next : c)) : [next, ...chats];
}
