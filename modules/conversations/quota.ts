// Quotas on what one account may store: questions stored per minute, new
// conversations per day and the total size of its saved conversations. Without them one signed-in
// script filled the database at ~30 MB/s (300 conversations of 19,000 characters in half a second).
// Guests store nothing (their conversations stay in the browser); their turns are rate limited as chats.
import { and, count, eq, gt, min, sql } from 'drizzle-orm';
import type { AppContext } from '../../src/context';
import { firstRow, txRows, type Db } from '../../src/db/client';
import { AppError } from '../../src/http/errors';
import { checkLimit } from '../../src/http/rate-limit';

const DAY_MS = 24 * 3600_000;

export const DAILY_LIMIT_TEXT = (n: number) => `วันนี้คุณสร้างบทสนทนาใหม่ครบ ${n} รายการแล้ว กรุณาถามต่อในบทสนทนาเดิม หรือรอวันถัดไป`;
export const STORAGE_FULL_TEXT = 'พื้นที่เก็บบทสนทนาของคุณเต็มแล้ว กรุณาลบบทสนทนาเก่าที่ไม่ใช้แล้วก่อนถามต่อ';

/** Bytes an account's saved conversations hold (questions, answers and their stored lists). */
export async function storedBytes(ctx: AppContext, userId: string, db: Db = ctx.db): Promise<number> {
  const { conversationDetails: d, conversations } = ctx.tables;
  // bytes of UTF-8: SQLite counts a blob's, Postgres has octet_length (its JSON columns are jsonb: their text)
  const bytes =
    ctx.dialect === 'postgres'
      ? sql<number>`coalesce(sum(octet_length(${d.query}) + coalesce(octet_length(${d.response}), 0) + coalesce(octet_length(${d.references}::text), 0) + coalesce(octet_length(${d.documents}::text), 0)), 0)`
      : sql<number>`coalesce(sum(length(cast(${d.query} as blob)) + coalesce(length(cast(${d.response} as blob)), 0) + coalesce(length(cast(${d.references} as blob)), 0) + coalesce(length(cast(${d.documents} as blob)), 0)), 0)`;
  const row = await firstRow(
    db.select({ bytes }).from(d).innerJoin(conversations, eq(conversations.id, d.conversationId)).where(eq(conversations.userId, userId)),
  );
  return Number(row?.bytes ?? 0);
}

/**
 * Inside a transaction: what one account stores is checked and written one request at a time, so two
 * requests at once cannot both pass a quota only one of them fits. SQLite's BEGIN IMMEDIATE already serialises
 * writers; on Postgres a transaction-scoped advisory lock per account does.
 */
export async function lockAccount(ctx: AppContext, tx: Db, userId: string): Promise<void> {
  if (ctx.dialect === 'postgres') await txRows(ctx, tx, sql`select pg_advisory_xact_lock(hashtext(${`conversations:${userId}`}))`);
}

/**
 * Questions an account may save per minute (checked by the routes, before any file is read). Its own
 * budget, not the chat's: saving is not model work, and answering the saved turn spends the chat budget.
 */
export function limitSavedTurns(ctx: AppContext, userId: string): void | Promise<void> {
  return checkLimit(ctx, `turns:${userId}`, ctx.config.conversationTurnsPerMinute);
}

/** Before a question is stored: the storage quota (`incoming` = the new question's bytes). */
export async function checkStorageQuota(ctx: AppContext, userId: string, incoming: number, db: Db = ctx.db): Promise<void> {
  const limit = ctx.config.conversationStorageMb * 1024 * 1024;
  if ((await storedBytes(ctx, userId, db)) + incoming > limit) throw new AppError('rate_limited', STORAGE_FULL_TEXT, { retryAfter: 3600 });
}

/** Before a new conversation: the per-day count, with Retry-After until the oldest of today's ages out. */
export async function checkNewConversationQuota(ctx: AppContext, userId: string, db: Db = ctx.db): Promise<void> {
  const { conversations } = ctx.tables;
  const perDay = ctx.config.conversationsPerDay;
  const since = new Date(Date.now() - DAY_MS);
  const recent = await firstRow(
    db
      .select({ n: count(), oldest: min(conversations.createdAt) })
      .from(conversations)
      .where(and(eq(conversations.userId, userId), gt(conversations.createdAt, since))),
  );
  if ((recent?.n ?? 0) < perDay) return;
  const retryAfter = Math.max(1, Math.ceil((Number(recent!.oldest) + DAY_MS - Date.now()) / 1000));
  throw new AppError('rate_limited', DAILY_LIMIT_TEXT(perDay), { retryAfter });
}
