// The anonymous question log and the votes on answers (issue 17 items 1 and 2). Callers hand over what
// was asked and how it was answered; nothing identifying the asker comes in.
import { createHmac } from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import type { AppContext } from '../../src/context';
import { installSecret } from '../../src/secrets';
import { badRequest, forbidden, notFound } from '../../src/http/errors';
import { stripUnsafeText, USER_TEXT_INVALID, userTextProblem } from '../../contracts/user-text';
import { maskPersonalData } from './mask';

const DAY_MS = 24 * 3600 * 1000;
/** longest question text kept: the log is for reading what people ask, not for storing pasted files */
const MAX_QUESTION_CHARS = 2000;

export interface AnsweredQuestion {
  question: string;
  accuracy: number;
  band: 'high' | 'medium' | 'low';
  fallback: boolean;
  references: Array<{ documentId: string; title: string; headingPath: string[]; page: number }>;
  answerText: string;
  provider: string;
  channel: 'chat' | 'conversation';
}

/** Logs an answered question; returns its id, or null when logging is off (QUESTION_LOG_DAYS=0) or it failed. */
export async function recordQuestion(ctx: AppContext, q: AnsweredQuestion, now = new Date()): Promise<string | null> {
  if (ctx.config.questionLogDays <= 0) return null;
  const id = crypto.randomUUID();
  const sources = q.references.map((r) => ({ documentId: r.documentId, title: r.title, clause: r.headingPath.at(-1) ?? '', page: r.page }));
  try {
    await ctx.db.insert(ctx.tables.questionLog).values({
      id,
      askedAt: now,
      question: maskPersonalData(stripUnsafeText(q.question).trim(), MAX_QUESTION_CHARS),
      confidence: q.accuracy,
      band: q.band,
      fallback: q.fallback,
      sources: JSON.stringify(sources),
      answerLength: q.answerText.length,
      provider: q.provider,
      channel: q.channel,
    });
    return id;
  } catch (err) {
    // the student still gets the answer; a full disk must not turn it into an error
    ctx.log.warn('could not log the question', { error: err instanceof Error ? err.message : String(err) });
    return null;
  }
}

/** Deletes questions (and their votes) older than QUESTION_LOG_DAYS; all of them when logging is off. */
export async function purgeQuestionLog(ctx: AppContext, now = Date.now()): Promise<number> {
  const days = ctx.config.questionLogDays;
  const { questionLog } = ctx.tables;
  // QUESTION_LOG_DAYS=0 keeps nothing: every row goes (Postgres refuses a far-future date as the cut)
  const purge = days > 0 ? ctx.db.delete(questionLog).where(lt(questionLog.askedAt, new Date(now - days * DAY_MS))) : ctx.db.delete(questionLog);
  return (await purge.returning({ id: questionLog.id })).length;
}

/** Purges at start and every 24 hours until the app closes. */
export function startDailyPurge(ctx: AppContext): void {
  const run = async () => {
    try {
      const removed = await purgeQuestionLog(ctx);
      if (removed) ctx.log.info('question log purged', { removed, days: ctx.config.questionLogDays });
    } catch (err) {
      ctx.log.warn('could not purge the question log', { error: err instanceof Error ? err.message : String(err) });
    }
  };
  void run();
  const timer = setInterval(run, DAY_MS);
  timer.unref?.();
  ctx.onClose(() => clearInterval(timer));
}

export const VOTE_NEEDS_REQUESTER = 'ให้คะแนนได้เฉพาะคำตอบที่ถามจากเบราว์เซอร์นี้ กรุณาเปิดคุกกี้แล้วถามใหม่อีกครั้ง';

export interface Vote {
  rating: 'up' | 'down';
  comment?: string;
}

/** Per question: the same browser's votes on two answers cannot be linked by their hashes. */
function voterHash(ctx: AppContext, questionId: string, voterKey: string): string {
  return createHmac('sha256', installSecret(ctx, 'feedback.secret')).update(`${questionId}\n${voterKey}`).digest('base64url');
}

/**
 * One vote per question per browser (guest) or account (signed in): voting again replaces the earlier
 * vote (a student who clicked the wrong thumb can correct it), so the question keeps one row per voter.
 * A comment only goes with a down vote.
 */
export async function voteOnQuestion(ctx: AppContext, questionId: string, voterKey: string, vote: Vote, opts: { newRequester?: boolean; now?: Date } = {}) {
  const now = opts.now ?? new Date();
  const { questionLog, questionFeedback } = ctx.tables;
  const [exists] = await ctx.db.select({ id: questionLog.id }).from(questionLog).where(eq(questionLog.id, questionId));
  if (!exists) throw notFound('ไม่พบคำถามนี้ อาจถูกลบตามระยะเวลาเก็บข้อมูลแล้ว');
  // The answer's question_id went to the browser that asked, which holds a guest cookie (or a session) since.
  if (opts.newRequester) throw forbidden(VOTE_NEEDS_REQUESTER);
  const typed = vote.rating === 'down' ? (vote.comment ?? '').trim() : '';
  // the names rule (contracts/user-text.ts): control and bidi characters refused, invisible-only text is no comment
  const problem = typed ? userTextProblem(typed) : 'blank';
  if (problem === 'invalid') throw badRequest(USER_TEXT_INVALID);
  const comment = problem === 'blank' ? null : maskPersonalData(typed);
  const voter = voterHash(ctx, questionId, voterKey);
  const [row] = await ctx.db
    .insert(questionFeedback)
    .values({ id: crypto.randomUUID(), questionId, voter, rating: vote.rating, comment, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({ target: [questionFeedback.questionId, questionFeedback.voter], set: { rating: vote.rating, comment, updatedAt: now } })
    .returning({ rating: questionFeedback.rating, comment: questionFeedback.comment });
  return { question_id: questionId, rating: row.rating, comment: row.comment };
}
