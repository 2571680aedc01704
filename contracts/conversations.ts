// Saved conversations' shapes shared by server and chat island (chat.md §3).
import { t } from 'elysia';
import { success } from './envelope';

/** A turn cut off mid-way never looks like an answer: its status says what happened. */
export type TurnStatus = 'pending' | 'complete' | 'failed' | 'cancelled';

/** One conversation in the recents list, newest activity first. */
export const TopicItem = t.Object({ id: t.String(), topic: t.String(), updatedAt: t.String() });
export type TopicItem = typeof TopicItem.static;

export const ConversationResponses = {
  topics: success(t.Array(TopicItem)),
  renamed: success(t.Object({ id: t.String(), topic: t.String() })),
  deleted: success(t.Object({ id: t.String() })),
};
