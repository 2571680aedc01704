// Saved conversations of signed-in users. Every function takes the owner's user id and treats another
// user's conversation exactly like a missing one (404), so ids leak nothing — admins included.
import type { ChatIntent } from '../../contracts/drafting';
import { and, asc, desc, eq, gt, lt, sql } from 'drizzle-orm';
import type { AppContext } from '../../src/context';
import { badRequest, notFound } from '../../src/http/errors';
import { stripUnsafeText } from '../../contracts/user-text';
import { conversations, conversationDetails } from './schema';
import { decodeCursor, encodeCursor } from './cursor';
import { draftIdOf } from '../assistant/drafting/store';
import { checkNewConversationQuota, checkStorageQuota } from './quota';
import { DEFAULT_TOPIC, PAGE_SIZE, QUERY_MAX, TEXTS, type AttachmentInfo, type MessageRecord, type MessagesPage } from './model';
import type { RecommendedDocument, Reference } from '../../contracts/assistant';

export type ConversationRow = typeof conversations.$inferSelect;
export type DetailRow = typeof conversationDetails.$inferSelect;

/** Insertion order: two turns saved in the same millisecond still keep their order. */
const rowid = sql<number>`${conversationDetails}.rowid`;

export function ownedConversation(ctx: AppContext, userId: string, id: string): ConversationRow {
  const row = ctx.db
    .select()
    .from(conversations)
    .where(and(eq(conversations.id, id), eq(conversations.userId, userId)))
    .get();
  if (!row) throw notFound(TEXTS.notFound);
  return row;
}

/** Internal lookups only (background titles): callers facing a user go through ownedConversation. */
export function conversationById(ctx: AppContext, id: string): ConversationRow | undefined {
  return ctx.db.select().from(conversations).where(eq(conversations.id, id)).get();
}

export function ownedDetail(
  ctx: AppContext,
  userId: string,
  conversationId: string,
  detailId: string,
): { conversation: ConversationRow; detail: DetailRow; position: number } {
  const conversation = ownedConversation(ctx, userId, conversationId);
  const found = ctx.db
    .select({ detail: conversationDetails, position: rowid })
    .from(conversationDetails)
    .where(and(eq(conversationDetails.id, detailId), eq(conversationDetails.conversationId, conversationId)))
    .get();
  if (!found) throw notFound(TEXTS.detailNotFound);
  return { conversation, ...found };
}

function cleanQuery(raw: string, hasFiles: boolean): string {
  const query = stripUnsafeText(raw).normalize('NFC').trim();
  if (!query && !hasFiles) throw badRequest(TEXTS.queryRequired);
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

type Inserter = Pick<AppContext['db'], 'insert'>;

function insertDetail(db: Inserter, conversationId: string, turn: NewTurn, now: Date): string {
  const id = crypto.randomUUID();
  db.insert(conversationDetails)
    .values({
      id,
      conversationId,
      parentId: turn.parentId ?? null,
      query: turn.query,
      showRegulation: turn.showRegulation ?? false,
      attachments: turn.attachments?.length ? turn.attachments : null,
      connectionId: turn.connectionId ?? null,
      status: turn.cancelled ? 'cancelled' : 'pending',
      createdAt: now,
      updatedAt: now,
    })
    .run();
  return id;
}

export function createConversation(
  ctx: AppContext,
  userId: string,
  first: string | Omit<NewTurn, 'parentId'>,
): { conversationId: string; conversationDetailId: string } {
  const turn = typeof first === 'string' ? { query: first } : first;
  const query = cleanQuery(turn.query, Boolean(turn.attachments?.length));
  checkNewConversationQuota(ctx, userId);
  checkStorageQuota(ctx, userId, Buffer.byteLength(query));
  const now = new Date();
  const conversationId = crypto.randomUUID();
  return ctx.db.transaction((tx) => {
    tx.insert(conversations).values({ id: conversationId, userId, topic: DEFAULT_TOPIC, createdAt: now, updatedAt: now }).run();
    return { conversationId, conversationDetailId: insertDetail(tx, conversationId, { ...turn, query }, now) };
  });
}

/** The spec's client sends the id of the last message shown, with its `user_`/`assistant_` prefix. */
export function stripMessagePrefix(id: string | null | undefined): string | null {
  const v = (id ?? '').trim().replace(/^(user_|assistant_)/, '');
  return v || null;
}

export function addTurn(ctx: AppContext, userId: string, conversationId: string, turn: NewTurn): { conversationDetailId: string } {
  ownedConversation(ctx, userId, conversationId);
  const query = cleanQuery(turn.query, Boolean(turn.attachments?.length));
  checkStorageQuota(ctx, userId, Buffer.byteLength(query));
  // A parent from elsewhere (another conversation, a client-side id) is dropped, not trusted.
  const parent = stripMessagePrefix(turn.parentId);
  const parentOk =
    parent !== null &&
    ctx.db
      .select({ id: conversationDetails.id })
      .from(conversationDetails)
      .where(and(eq(conversationDetails.id, parent), eq(conversationDetails.conversationId, conversationId)))
      .get() !== undefined;
  const now = new Date();
  const id = insertDetail(ctx.db, conversationId, { ...turn, query, parentId: parentOk ? parent : null }, now);
  touch(ctx, conversationId, now);
  return { conversationDetailId: id };
}

export function touch(ctx: AppContext, conversationId: string, now = new Date()): void {
  ctx.db.update(conversations).set({ updatedAt: now }).where(eq(conversations.id, conversationId)).run();
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

export function completeDetail(ctx: AppContext, conversationId: string, detailId: string, answer: StoredAnswer): void {
  const now = new Date();
  ctx.db
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
    .where(eq(conversationDetails.id, detailId))
    .run();
  touch(ctx, conversationId, now);
}

/** Marks a turn as a quick button's typed request (see conversationDetails.intent). */
export function recordIntent(ctx: AppContext, detailId: string, intent: ChatIntent): void {
  ctx.db.update(conversationDetails).set({ intent }).where(eq(conversationDetails.id, detailId)).run();
}

/** A turn that did not finish keeps no text, so it can never be mistaken for an answer. */
export function endDetail(ctx: AppContext, detailId: string, status: 'failed' | 'cancelled' | 'pending'): void {
  ctx.db
    .update(conversationDetails)
    .set({ status, response: null, confidence: null, references: null, documents: null, documentType: null, downloadUrl: null, updatedAt: new Date() })
    .where(eq(conversationDetails.id, detailId))
    .run();
}

/**
 * The cancel of a turn whose answer is not running (Stop pressed before it started): its pending
 * turns bound to that connection id, in the user's own conversations, become cancelled.
 */
export function cancelPendingTurns(ctx: AppContext, userId: string, connectionId: string, isRunning: (detailId: string) => boolean): string[] {
  const rows = ctx.db
    .select({ id: conversationDetails.id })
    .from(conversationDetails)
    .innerJoin(conversations, eq(conversations.id, conversationDetails.conversationId))
    .where(and(eq(conversationDetails.connectionId, connectionId), eq(conversationDetails.status, 'pending'), eq(conversations.userId, userId)))
    .all()
    .filter((r) => !isRunning(r.id));
  for (const r of rows) endDetail(ctx, r.id, 'cancelled');
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

export function listMessages(ctx: AppContext, userId: string, conversationId: string, cursor?: string): MessagesPage {
  const conversation = ownedConversation(ctx, userId, conversationId);
  const before = cursor ? decodeCursor(ctx, conversationId, cursor) : null;
  // Newest first to cut the page (one extra row tells whether older turns remain), shown oldest first.
  const rows = ctx.db
    .select({ detail: conversationDetails, position: rowid })
    .from(conversationDetails)
    .where(and(eq(conversationDetails.conversationId, conversationId), before === null ? undefined : lt(rowid, before)))
    .orderBy(desc(rowid))
    .limit(PAGE_SIZE + 1)
    .all();
  const page = rows.slice(0, PAGE_SIZE).reverse();
  const nextCursor = rows.length > PAGE_SIZE ? encodeCursor(ctx, conversationId, page[0].position) : null;
  return { conversationId, topic: conversation.topic, category: conversation.category, records: page.map((r) => toRecord(r.detail)), nextCursor };
}

/** Turns are at or after `position`: used to tell whether a detail is the conversation's last one. */
export function hasLaterTurns(ctx: AppContext, conversationId: string, position: number): boolean {
  return (
    ctx.db
      .select({ id: conversationDetails.id })
      .from(conversationDetails)
      .where(and(eq(conversationDetails.conversationId, conversationId), gt(rowid, position)))
      .get() !== undefined
  );
}

/** Answered turns before `position`, oldest first: the history a new answer is given. */
export function answeredTurnsBefore(ctx: AppContext, conversationId: string, position: number, limit: number): DetailRow[] {
  return ctx.db
    .select({ detail: conversationDetails })
    .from(conversationDetails)
    .where(and(eq(conversationDetails.conversationId, conversationId), lt(rowid, position), eq(conversationDetails.status, 'complete')))
    .orderBy(desc(rowid))
    .limit(limit)
    .all()
    .map((r) => r.detail)
    .reverse();
}

export function allTurns(ctx: AppContext, conversationId: string): DetailRow[] {
  return ctx.db.select().from(conversationDetails).where(eq(conversationDetails.conversationId, conversationId)).orderBy(asc(rowid)).all();
}

/** Deletes the conversation; returns the ids of its drafted documents, for the caller to remove. */
export function deleteConversation(ctx: AppContext, userId: string, conversationId: string): { id: string; draftIds: string[] } {
  ownedConversation(ctx, userId, conversationId);
  const draftIds = ctx.db
    .select({ url: conversationDetails.downloadUrl })
    .from(conversationDetails)
    .where(eq(conversationDetails.conversationId, conversationId))
    .all()
    .map((r) => draftIdOf(r.url))
    .filter((id): id is string => id !== null);
  ctx.db.delete(conversations).where(eq(conversations.id, conversationId)).run();
  return { id: conversationId, draftIds };
}
