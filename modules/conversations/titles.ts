// Automatic conversation titles (chat.md §4, §9): after an answer, while the conversation has at most
// 6 messages, in the background so the answer never waits for it. A user's rename always wins.
import type { AppContext } from '../../src/context';
import { generateTitle } from '../assistant/service';
import { runInBackground } from './background';
import { allTurns, conversationById } from './service';
import { setAutoTopic } from './topics';
import { splitQuery } from './query-text';
import { DEFAULT_TOPIC, TITLE_MAX_MESSAGES } from './model';

/** Per conversation: a newer request waits for the running one instead of racing it to the write. */
const chains = new WeakMap<AppContext, Map<string, Promise<void>>>();

export function retitleInBackground(ctx: AppContext, conversationId: string): void {
  let byConversation = chains.get(ctx);
  if (!byConversation) chains.set(ctx, (byConversation = new Map()));
  const map = byConversation;
  const previous = map.get(conversationId) ?? Promise.resolve();
  const next = runInBackground(ctx, () => previous.then(() => retitle(ctx, conversationId)));
  map.set(conversationId, next);
  next.then(() => {
    if (map.get(conversationId) === next) map.delete(conversationId);
  });
}

async function retitle(ctx: AppContext, conversationId: string): Promise<void> {
  try {
    const conversation = await conversationById(ctx, conversationId);
    if (!conversation || conversation.topicLocked) return;
    const turns = await allTurns(ctx, conversationId);
    // Each turn is two messages (the question and its answer).
    if (turns.length * 2 > TITLE_MAX_MESSAGES) return;
    const answered = turns.filter((t) => t.status === 'complete');
    if (!answered.length) return;
    const questions = answered.map((t) => splitQuery(t.query).text || t.query).join('\n');
    const title = (await generateTitle(ctx, questions, answered.at(-1)!.response ?? '')).trim();
    await setAutoTopic(ctx, conversationId, title || DEFAULT_TOPIC);
  } catch (err) {
    // A title is cosmetic: a failure keeps the current one and must never surface as an error.
    ctx.log.warn('conversation title failed', { conversationId, error: err instanceof Error ? err.message : String(err) });
  }
}
