// Quotas on what one account may store: questions stored per minute, new
// conversations per day and the total size of its saved conversations. Without them one signed-in
// script filled the database at ~30 MB/s (300 conversations of 19,000 characters in half a second).
// Guests store nothing (their conversations stay in the browser); their turns are rate limited as chats.
import { and, count, eq, gt, sql } from 'drizzle-orm';
import type { AppContext } from '../../src/context';
import { AppError } from '../../src/http/errors';
import { checkLimit } from '../../src/http/rate-limit';
import { conversationDetails, conversations } from './schema';

const DAY_MS = 24 * 3600_000;

export const DAILY_LIMIT_TEXT = (n: number) => `วันนี้คุณสร้างบทสนทนาใหม่ครบ ${n} รายการแล้ว กรุณาถามต่อในบทสนทนาเดิม หรือรอวันถัดไป`;
export const STORAGE_FULL_TEXT = 'พื้นที่เก็บบทสนทนาของคุณเต็มแล้ว กรุณาลบบทสนทนาเก่าที่ไม่ใช้แล้วก่อนถามต่อ';

/** Bytes an account's saved conversations hold (questions, answers and their stored lists). */
export function storedBytes(ctx: AppContext, userId: string): number {
  const row = ctx.db
    .select({
      bytes: sql<number>`coalesce(sum(length(cast(${conversationDetails.query} as blob)) + coalesce(length(cast(${conversationDetails.response} as blob)), 0) + coalesce(length(cast(${conversationDetails.references} as blob)), 0) + coalesce(length(cast(${conversationDetails.documents} as blob)), 0)), 0)`,
    })
    .from(conversationDetails)
    .innerJoin(conversations, eq(conversations.id, conversationDetails.conversationId))
    .where(eq(conversations.userId, userId))
    .get();
  return Number(row?.bytes ?? 0);
}

/**
 * Questions an account may save per minute (checked by the routes, before any file is read). Its own
 * budget, not the chat's: saving is not model work, and answering the saved turn spends the chat budget.
 */
export function limitSavedTurns(ctx: AppContext, userId: string): void {
  checkLimit(ctx, `turns:${userId}`, ctx.config.conversationTurnsPerMinute);
}

/** Before a question is stored: the storage quota (`incoming` = the new question's bytes). */
export function checkStorageQuota(ctx: AppContext, userId: string, incoming: number): void {
  const limit = ctx.config.conversationStorageMb * 1024 * 1024;
  if (storedBytes(ctx, userId) + incoming > limit) throw new AppError('rate_limited', STORAGE_FULL_TEXT, { retryAfter: 3600 });
}

/** Before a new conversation: the per-day count, with Retry-After until the oldest of today's ages out. */
export function checkNewConversationQuota(ctx: AppContext, userId: string): void {
  const perDay = ctx.config.conversationsPerDay;
  const since = new Date(Date.now() - DAY_MS);
  const recent = ctx.db
    .select({ n: count(), oldest: sql<number>`min(${conversations.createdAt})` })
    .from(conversations)
    .where(and(eq(conversations.userId, userId), gt(conversations.createdAt, since)))
    .get();
  if ((recent?.n ?? 0) < perDay) return;
  const retryAfter = Math.max(1, Math.ceil((Number(recent!.oldest) + DAY_MS - Date.now()) / 1000));
  throw new AppError('rate_limited', DAILY_LIMIT_TEXT(perDay), { retryAfter });
}
