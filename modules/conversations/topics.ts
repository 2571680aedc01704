// A conversation's topic: the user's rename (which locks it), the automatic title (which never
// overrides a rename) and the list of topics, newest activity first.
import { and, desc, eq } from 'drizzle-orm';
import { USER_TEXT_INVALID, userTextProblem } from '../../contracts/user-text';
import type { AppContext } from '../../src/context';
import { badRequest } from '../../src/http/errors';
import { TEXTS, TOPIC_MAX, type TopicItem } from './model';
import { ownedConversation } from './service';

export async function renameTopic(ctx: AppContext, userId: string, conversationId: string, raw: string): Promise<{ id: string; topic: string }> {
  const { conversations } = ctx.tables;
  await ownedConversation(ctx, userId, conversationId);
  const topic = raw.normalize('NFC').replace(/\s+/gu, ' ').trim();
  const problem = userTextProblem(topic);
  if (problem === 'invalid') throw badRequest(USER_TEXT_INVALID);
  if (problem === 'blank') throw badRequest(TEXTS.topicRequired);
  if (Array.from(topic).length > TOPIC_MAX) throw badRequest(TEXTS.topicTooLong);
  await ctx.db.update(conversations).set({ topic, topicLocked: true }).where(eq(conversations.id, conversationId));
  return { id: conversationId, topic };
}

/** Automatic titles lose to a user's rename, even one that lands while the title was being generated. */
export async function setAutoTopic(ctx: AppContext, conversationId: string, topic: string): Promise<boolean> {
  const { conversations } = ctx.tables;
  const changed = await ctx.db
    .update(conversations)
    .set({ topic })
    .where(and(eq(conversations.id, conversationId), eq(conversations.topicLocked, false)))
    .returning({ id: conversations.id });
  return changed.length > 0;
}

export async function listTopics(ctx: AppContext, userId: string): Promise<TopicItem[]> {
  const { conversations } = ctx.tables;
  const rows = await ctx.db
    .select({ id: conversations.id, topic: conversations.topic, updatedAt: conversations.updatedAt })
    .from(conversations)
    .where(eq(conversations.userId, userId))
    .orderBy(desc(conversations.updatedAt), desc(conversations.createdAt));
  return rows.map((r) => ({ id: r.id, topic: r.topic, updatedAt: r.updatedAt.toISOString() }));
}
