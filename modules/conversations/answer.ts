// Server-run answers for saved conversations. The work runs detached from the HTTP response: a browser
// that goes away mid-stream still gets its answer stored; only /api/cancel (same session) stops it.
import { perApp, type AppContext } from '../../src/context';
import type { Caller } from '../../src/http/auth-context';
import { AppError, conflict, isStorageFull, MESSAGES, storageFull } from '../../src/http/errors';
import { answer, registerConnection, releaseConnection, type AnswerResult } from '../assistant/service';
import { completeDetail, endDetail, hasLaterTurns, ownedDetail, parseScore } from './service';
import { historyBefore } from './history';
import { splitQuery } from './query-text';
import { runInBackground, shutdownSignal } from './background';
import { retitleInBackground } from './titles';
import { TEXTS } from './model';

export type RunEvent = { event: 'token'; data: { text: string } } | { event: 'done'; data: DonePayload } | { event: 'error'; data: { code: string; message: string } };

/** The `/api/chat` answer shape plus the turn it was stored on. */
export interface DonePayload {
  conversationDetailId: string;
  text: string;
  accuracy: number;
  references: AnswerResult['references'];
  documents: AnswerResult['documents'];
  confidence_band: AnswerResult['band'];
  fallback: boolean;
}

export type RunOutcome = { ok: true; data: DonePayload } | { ok: false; error: AppError };

export interface AnswerRun {
  connectionId: string;
  conversationDetailId: string;
  /** Replays what was sent so far, then follows live; returns an unsubscribe. */
  subscribe(fn: (e: RunEvent) => void): () => void;
  /** Settles once the outcome is stored; never rejects. */
  outcome: Promise<RunOutcome>;
}

export interface AnswerRequest {
  conversationId: string;
  detailId: string;
  showRegulation: boolean;
  connectionId?: string;
  regenerate: boolean;
  /** The assistant's requester owner ('session:<id>'): /api/cancel from the same session may stop this run. */
  owner: string;
}

/** One running answer per detail: a second request for the same turn is refused, not queued. */
const runningDetails = perApp(() => new Set<string>());

export function isAnswering(ctx: AppContext, detailId: string): boolean {
  return runningDetails(ctx).has(detailId);
}

export function startAnswer(ctx: AppContext, caller: Caller, req: AnswerRequest): AnswerRun {
  const { detail, position } = ownedDetail(ctx, caller.user.id, req.conversationId, req.detailId);
  const running = runningDetails(ctx);
  if (running.has(detail.id)) throw conflict(TEXTS.busy);
  if (req.regenerate && hasLaterTurns(ctx, req.conversationId, position)) throw conflict(TEXTS.regenerateLastOnly);
  if (!req.regenerate && detail.status === 'complete') throw conflict(TEXTS.alreadyAnswered);

  const connectionId = req.connectionId ?? crypto.randomUUID();
  const connection = registerConnection(ctx, connectionId, req.owner);
  running.add(detail.id);
  const shutdown = shutdownSignal(ctx);
  const signal = AbortSignal.any([connection, shutdown]);
  // A retry of a failed or cancelled turn shows as pending again; a regenerated answer stays visible
  // until its replacement is complete.
  if (!req.regenerate) endDetail(ctx, detail.id, 'pending');

  const log: RunEvent[] = [];
  const listeners = new Set<(e: RunEvent) => void>();
  const emit = (e: RunEvent) => {
    log.push(e);
    for (const fn of listeners) fn(e);
  };
  const question = splitQuery(detail.query);
  const history = historyBefore(ctx, req.conversationId, position);

  const work = async (): Promise<RunOutcome> => {
    try {
      const result = await answer(ctx, {
        message: question.text,
        history,
        showRegulation: req.showRegulation,
        attachments: question.attachments,
        signal,
        onToken: (text) => emit({ event: 'token', data: { text } }),
      });
      completeDetail(ctx, req.conversationId, detail.id, {
        response: result.text,
        confidence: result.accuracy,
        references: result.references,
        documents: result.documents,
      });
      retitleInBackground(ctx, req.conversationId);
      const data: DonePayload = {
        conversationDetailId: detail.id,
        text: result.text,
        accuracy: result.accuracy,
        references: result.references,
        documents: result.documents,
        confidence_band: result.band,
        fallback: result.fallback,
      };
      emit({ event: 'done', data });
      return { ok: true, data };
    } catch (err) {
      const error = asAppError(ctx, err, shutdown.aborted);
      // Never a half answer: the turn records why it has none (a regenerated one keeps its old answer).
      // If even that write fails (disk full), the outcome is still reported; start-up marks the turn failed.
      try {
        if (!req.regenerate) endDetail(ctx, detail.id, error.code === 'cancelled' ? 'cancelled' : 'failed');
      } catch (e) {
        ctx.log.error('could not mark the turn as ended', { detailId: detail.id, error: e instanceof Error ? e.message : String(e) });
      }
      emit({ event: 'error', data: { code: error.code, message: error.message } });
      return { ok: false, error };
    } finally {
      running.delete(detail.id);
      releaseConnection(ctx, connectionId, connection);
    }
  };

  return {
    connectionId,
    conversationDetailId: detail.id,
    subscribe(fn) {
      for (const e of log) fn(e);
      listeners.add(fn);
      return () => listeners.delete(fn);
    },
    outcome: runInBackground(ctx, work),
  };
}

function asAppError(ctx: AppContext, err: unknown, shuttingDown: boolean): AppError {
  if (shuttingDown) return new AppError('unavailable', MESSAGES.aiConnection);
  if (err instanceof AppError) return err;
  if (isStorageFull(err)) return storageFull();
  ctx.log.error('conversation answer failed', { error: err instanceof Error ? err.message : String(err), stack: (err as Error)?.stack });
  return new AppError('internal', MESSAGES.internal);
}

/** The spec's clients run the answer themselves and save it here (chat.md §7). */
export function saveClientAnswer(
  ctx: AppContext,
  caller: Caller,
  conversationId: string,
  detailId: string,
  body: { response: string; confidence?: number | string; accuracy?: number | string },
): { conversationDetailId: string } {
  ownedDetail(ctx, caller.user.id, conversationId, detailId);
  if (isAnswering(ctx, detailId)) throw conflict(TEXTS.busy);
  const confidence = parseScore(body.confidence ?? body.accuracy);
  completeDetail(ctx, conversationId, detailId, { response: body.response, confidence });
  retitleInBackground(ctx, conversationId);
  return { conversationDetailId: detailId };
}
