// Saved conversations of signed-in users. Every function takes the owner's user id and treats another
// user's conversation exactly like a missing one (404), so ids leak nothing — admins included.
// Turns are ordered by `seq`, their place in the conversation (conversations.turnSeq hands out the next one).
import type { ChatIntent } from '../../contracts/drafting';
import { and, asc, desc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { AppContext } from '../../src/context';
import { firstRow, inTransaction, type Db } from '../../src/db/client';
import { badRequest, notFound } from '../../src/http/errors';
import { isBlankText, stripUnsafeText } from '../../contracts/user-text';
import type { conversations, conversationDetails } from './schema';
import { decodeCursor, encodeCursor } from './cursor';
import { draftIdOf } from '../assistant/drafting/store';
import { checkNewConversationQuota, checkStorageQuota, lockAccount } from './quota';
import { DEFAULT_TOPIC, PAGE_SIZE, QUERY_MAX, TEXTS, type AttachmentInfo, type MessageRecord, type MessagesPage } from './model';
import type { RecommendedDocument, Reference } from '../../contracts/assistant';

export type ConversationRow = typeof conversations.$inferSelect;
export type DetailRow = typeof conversationDetails.$inferSelect;

export async function ownedConversation(ctx: AppContext, userId: string, id: string): Promise<ConversationRow> {
  const { conversations } = ctx.tables;
  const row = await firstRow(
    ctx.db
      .select()
      .from(conversations)
      .where(and(eq(conversations.id, id), eq(conversations.userId, userId))),
  );
  if (!row) throw notFound(TEXTS.notFound);
  return row;
}

/** Internal lookups only (background titles): callers facing a user go through ownedConversation. */
export async function conversationById(ctx: AppContext, id: string): Promise<ConversationRow | undefined> {
  const { conversations } = ctx.tables;
  return firstRow(ctx.db.select().from(conversations).where(eq(conversations.id, id)));
}

/** The turn and its place (`position`: its seq) in the user's conversation. */
export async function ownedDetail(
  ctx: AppContext,
  userId: string,
  conversationId: string,
  detailId: string,
): Promise<{ conversation: ConversationRow; detail: DetailRow; position: number }> {
  const { conversationDetails } = ctx.tables;
  const conversation = await ownedConversation(ctx, userId, conversationId);
  const detail = await firstRow(
    ctx.db
      .select()
      .from(conversationDetails)
      .where(and(eq(conversationDetails.id, detailId), eq(conversationDetails.conversationId, conversationId))),
  );
  if (!detail) throw notFound(TEXTS.detailNotFound);
  return { conversation, detail, position: detail.seq };
}

function cleanQuery(raw: string, hasFiles: boolean): string {
  const query = stripUnsafeText(raw).normalize('NFC').trim();
  if (isBlankText(query) && !hasFiles) throw badRequest(TEXTS.queryRequired);
  if (query.length > QUERY_MAX) throw badRequest(TEXTS.queryTooLong);
  return query;
}

export interface NewTurn {
  query: string;
  parentId?: string | null;
  showRegulation?: boolean;
  attachments?: AttachmentInfo[];
  /** the client's id for this turn's requests (see the cancel hook in index.ts) */
  connectionId?: string | null;
  /** a cancel for that id already arrived: the turn is stored as cancelled, never left pending */
  cancelled?: boolean;
}

async function insertDetail(ctx: AppContext, db: Db, conversationId: string, seq: number, turn: NewTurn, now: Date): Promise<string> {
  const id = crypto.randomUUID();
  await db.insert(ctx.tables.conversationDetails).values({
    id,
    conversationId,
    seq,
    parentId: turn.parentId ?? null,
    query: turn.query,
    showRegulation: turn.showRegulation ?? false,
    attachments: turn.attachments?.length ? turn.attachments : null,
    connectionId: turn.connectionId ?? null,
    status: turn.cancelled ? 'cancelled' : 'pending',
    createdAt: now,
    updatedAt: now,
  });
  return id;
}

/** The quotas are checked and the rows written in one transaction, one at a time per account (lockAccount). */
export async function createConversation(
  ctx: AppContext,
  userId: string,
  first: string | Omit<NewTurn, 'parentId'>,
): Promise<{ conversationId: string; conversationDetailId: string }> {
  const turn = typeof first === 'string' ? { query: first } : first;
  const query = cleanQuery(turn.query, Boolean(turn.attachments?.length));
  const now = new Date();
  const conversationId = crypto.randomUUID();
  return inTransaction(ctx, async (tx) => {
    await lockAccount(ctx, tx, userId);
    await checkNewConversationQuota(ctx, userId, tx);
    await checkStorageQuota(ctx, userId, Buffer.byteLength(query), tx);
    await tx.insert(ctx.tables.conversations).values({ id: conversationId, userId, topic: DEFAULT_TOPIC, turnSeq: 1, createdAt: now, updatedAt: now });
    return { conversationId, conversationDetailId: await insertDetail(ctx, tx, conversationId, 1, { ...turn, query }, now) };
  });
}

/** The spec's client sends the id of the last message shown, with its `user_`/`assistant_` prefix. */
export function stripMessagePrefix(id: string | null | undefined): string | null {
  const v = (id ?? '').trim().replace(/^(user_|assistant_)/, '');
  return v || null;
}

export async function addTurn(ctx: AppContext, userId: string, conversationId: string, turn: NewTurn): Promise<{ conversationDetailId: string }> {
  const { conversations, conversationDetails } = ctx.tables;
  await ownedConversation(ctx, userId, conversationId);
  const query = cleanQuery(turn.query, Boolean(turn.attachments?.length));
  // A parent from elsewhere (another conversation, a client-side id) is dropped, not trusted.
  const parent = stripMessagePrefix(turn.parentId);
  const parentOk =
    parent !== null &&
    (await firstRow(
      ctx.db
        .select({ id: conversationDetails.id })
        .from(conversationDetails)
        .where(and(eq(conversationDetails.id, parent), eq(conversationDetails.conversationId, conversationId))),
    )) !== undefined;
  const now = new Date();
  return inTransaction(ctx, async (tx) => {
    await lockAccount(ctx, tx, userId);
    await checkStorageQuota(ctx, userId, Buffer.byteLength(query), tx);
    // the next place in the conversation: an atomic increment, so two turns added at once get two places
    const [next] = await tx
      .update(conversations)
      .set({ turnSeq: sql`${conversations.turnSeq} + 1`, updatedAt: now })
      .where(eq(conversations.id, conversationId))
      .returning({ seq: conversations.turnSeq });
    if (!next) throw notFound(TEXTS.notFound);
    return { conversationDetailId: await insertDetail(ctx, tx, conversationId, next.seq, { ...turn, query, parentId: parentOk ? parent : null }, now) };
  });
}

export async function touch(ctx: AppContext, conversationId: string, now = new Date()): Promise<void> {
  const { conversations } = ctx.tables;
  await ctx.db.update(conversations).set({ updatedAt: now }).where(eq(conversations.id, conversationId));
}

/** Accuracy as the clients send it: a number or numeric string from 0 to 100. */
export function parseScore(v: number | string | undefined): number | null {
  if (v === undefined || v === '') return null;
  const n = typeof v === 'number' ? v : Number(String(v).replace('%', '').trim());
  if (!Number.isFinite(n) || n < 0 || n > 100) throw badRequest('ค่าความมั่นใจต้องเป็นตัวเลขตั้งแต่ 0 ถึง 100');
  return n;
}

export interface StoredAnswer {
  response: string;
  confidence: number | null;
  references?: Reference[] | null;
  documents?: RecommendedDocument[] | null;
  /** a drafted document: its type and where its DOCX is downloaded */
  documentType?: string | null;
  downloadUrl?: string | null;
}

export async function completeDetail(ctx: AppContext, conversationId: string, detailId: string, answer: StoredAnswer): Promise<void> {
  const { conversationDetails } = ctx.tables;
  const now = new Date();
  await ctx.db
    .update(conversationDetails)
    .set({
      response: stripUnsafeText(answer.response),
      confidence: answer.confidence,
      references: answer.references ?? null,
      documents: answer.documents ?? null,
      documentType: answer.documentType ?? null,
      downloadUrl: answer.downloadUrl ?? null,
      status: 'complete',
      updatedAt: now,
    })
    .where(eq(conversationDetails.id, detailId));
  await touch(ctx, conversationId, now);
}

/** Marks a turn as a quick button's typed request (see conversationDetails.intent). */
export async function recordIntent(ctx: AppContext, detailId: string, intent: ChatIntent): Promise<void> {
  const { conversationDetails } = ctx.tables;
  await ctx.db.update(conversationDetails).set({ intent }).where(eq(conversationDetails.id, detailId));
}

/** A turn that did not finish keeps no text, so it can never be mistaken for an answer. */
export async function endDetail(ctx: AppContext, detailId: string, status: 'failed' | 'cancelled' | 'pending'): Promise<void> {
  const { conversationDetails } = ctx.tables;
  await ctx.db
    .update(conversationDetails)
    .set({ status, response: null, confidence: null, references: null, documents: null, documentType: null, downloadUrl: null, updatedAt: new Date() })
    .where(eq(conversationDetails.id, detailId));
}

/**
 * The cancel of a turn whose answer is not running (Stop pressed before it started): its pending
 * turns bound to that connection id, in the user's own conversations, become cancelled. A turn some
 * instance is answering (a live claim, turn-claims.ts) is left to that answer's own cancel.
 */
export async function cancelPendingTurns(ctx: AppContext, userId: string, connectionId: string, isRunning: (detailId: string) => boolean): Promise<string[]> {
  const { conversations, conversationDetails } = ctx.tables;
  const unclaimed = or(isNull(conversationDetails.claimedBy), lt(conversationDetails.claimExpiresAt, new Date()));
  const rows = (
    await ctx.db
      .select({ id: conversationDetails.id })
      .from(conversationDetails)
      .innerJoin(conversations, eq(conversations.id, conversationDetails.conversationId))
      .where(and(eq(conversationDetails.connectionId, connectionId), eq(conversationDetails.status, 'pending'), eq(conversations.userId, userId), unclaimed))
  ).filter((r) => !isRunning(r.id));
  for (const r of rows) await endDetail(ctx, r.id, 'cancelled');
  return rows.map((r) => r.id);
}

function toRecord(row: DetailRow): MessageRecord {
  return {
    conversationDetailId: row.id,
    conversationId: row.conversationId,
    query: row.query,
    response: row.status === 'complete' ? (row.response ?? '') : '',
    confidence: row.status === 'complete' ? (row.confidence ?? 0) : 0,
    createdAt: row.createdAt.toISOString(),
    status: row.status,
    attachments: row.attachments ?? [],
    references: row.references ?? [],
    documents: row.documents ?? [],
    show_regulation: row.showRegulation,
    documentType: row.status === 'complete' ? row.documentType : null,
    downloadUrl: row.status === 'complete' ? row.downloadUrl : null,
  };
}

export async function listMessages(ctx: AppContext, userId: string, conversationId: string, cursor?: string): Promise<MessagesPage> {
  const { conversationDetails: d } = ctx.tables;
  const conversation = await ownedConversation(ctx, userId, conversationId);
  const before = cursor ? decodeCursor(ctx, conversationId, cursor) : null;
  // Newest first to cut the page (one extra row tells whether older turns remain), shown oldest first.
  const rows = await ctx.db
    .select()
    .from(d)
    .where(and(eq(d.conversationId, conversationId), before === null ? undefined : lt(d.seq, before)))
    .orderBy(desc(d.seq))
    .limit(PAGE_SIZE + 1);
  const page = rows.slice(0, PAGE_SIZE).reverse();
  const nextCursor = rows.length > PAGE_SIZE ? encodeCursor(ctx, conversationId, page[0].seq) : null;
  return { conversationId, topic: conversation.topic, category: conversation.category, records: page.map(toRecord), nextCursor };
}

/** Turns are after `position`: used to tell whether a detail is the conversation's last one. */
export async function hasLaterTurns(ctx: AppContext, conversationId: string, position: number): Promise<boolean> {
  const { conversationDetails: d } = ctx.tables;
  return (
    (await firstRow(
      ctx.db
        .select({ id: d.id })
        .from(d)
        .where(and(eq(d.conversationId, conversationId), gt(d.seq, position)))
        .limit(1),
    )) !== undefined
  );
}

/** Answered turns before `position`, oldest first: the history a new answer is given. */
export async function answeredTurnsBefore(ctx: AppContext, conversationId: string, position: number, limit: number): Promise<DetailRow[]> {
  const { conversationDetails: d } = ctx.tables;
  const rows = await ctx.db
    .select()
    .from(d)
    .where(and(eq(d.conversationId, conversationId), lt(d.seq, position), eq(d.status, 'complete')))
    .orderBy(desc(d.seq))
    .limit(limit);
  return rows.reverse();
}

export async function allTurns(ctx: AppContext, conversationId: string): Promise<DetailRow[]> {
  const { conversationDetails: d } = ctx.tables;
  return ctx.db.select().from(d).where(eq(d.conversationId, conversationId)).orderBy(asc(d.seq));
}

/** Deletes the conversation; returns the ids of its drafted documents, for the caller to remove. */
export async function deleteConversation(ctx: AppContext, userId: string, conversationId: string): Promise<{ id: string; draftIds: string[] }> {
  const { conversations, conversationDetails } = ctx.tables;
  await ownedConversation(ctx, userId, conversationId);
  const draftIds = (
    await ctx.db.select({ url: conversationDetails.downloadUrl }).from(conversationDetails).where(eq(conversationDetails.conversationId, conversationId))
  )
    .map((r) => draftIdOf(r.url))
    .filter((id): id is string => id !== null);
  await ctx.db.delete(conversations).where(eq(conversations.id, conversationId));
  return { id: conversationId, draftIds };
}
