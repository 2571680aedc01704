// Server-run work on one saved turn (an answer or a drafted document). The work runs detached from the
// HTTP response: a browser that goes away mid-stream still gets the result stored; only /api/cancel
// (same session, same connection id) stops it. The turn ends complete, failed or cancelled, never pending.
import { perApp, type AppContext } from '../../src/context';
import type { Caller } from '../../src/http/auth-context';
import { AppError, conflict, isStorageFull, MESSAGES, storageFull } from '../../src/http/errors';
import { registerConnection, releaseConnection } from '../../src/http/cancel';
import { holdAnswerSlot } from '../../src/http/in-flight';
import type { Requester } from '../../src/http/requester';
import { cancelledError } from '../assistant/llm/run';
import { completeDetail, endDetail, hasLaterTurns, ownedDetail, type DetailRow, type StoredAnswer } from './service';
import { runInBackground, shutdownSignal } from './background';
import { retitleInBackground } from './titles';
import { TEXTS } from './model';
import { claimTurn, holdClaim, turnClaimed } from './turn-claims';

/** What the turn's `done` carries: the route's own answer shape plus the turn it was stored on. */
export type DonePayload = { conversationDetailId: string } & Record<string, unknown>;

export type RunEvent =
  | { event: 'token'; data: { text: string } }
  | { event: 'done'; data: DonePayload }
  | { event: 'error'; data: { code: string; message: string } };

export type RunOutcome = { ok: true; data: DonePayload } | { ok: false; error: AppError };

export interface TurnRun {
  connectionId: string;
  conversationDetailId: string;
  /** Replays what was sent so far, then follows live; returns an unsubscribe. */
  subscribe(fn: (e: RunEvent) => void): () => void;
  /** Settles once the outcome is stored; never rejects. */
  outcome: Promise<RunOutcome>;
}

export interface TurnRequest {
  conversationId: string;
  detailId: string;
  connectionId?: string;
  regenerate: boolean;
  /** The assistant's requester owner ('session:<id>'): /api/cancel from the same session may stop this run. */
  owner: string;
  /** the admitted requester: its answers in flight are counted (src/http/in-flight.ts) */
  requester?: Requester;
}

export interface TurnContext {
  detail: DetailRow;
  position: number;
  signal: AbortSignal;
  onToken(text: string): void;
}

/** What a job produced: what is stored on the turn, and what the client is sent in `done`. */
export interface TurnResult {
  stored: StoredAnswer;
  payload: Record<string, unknown>;
}

/** One running job per detail: a second request for the same turn is refused, not queued. */
const runningDetails = perApp(() => new Set<string>());

/** This instance runs the turn's answer (synchronous: the cancel hook asks it per turn). */
export function isAnswering(ctx: AppContext, detailId: string): boolean {
  return runningDetails(ctx).has(detailId);
}

/** This instance or another one runs the turn's answer. */
export async function isAnsweringAnywhere(ctx: AppContext, detailId: string): Promise<boolean> {
  return isAnswering(ctx, detailId) || (await turnClaimed(ctx, detailId));
}

export async function startTurn(ctx: AppContext, caller: Caller, req: TurnRequest, job: (t: TurnContext) => Promise<TurnResult>): Promise<TurnRun> {
  const { detail, position } = await ownedDetail(ctx, caller.user.id, req.conversationId, req.detailId);
  const running = runningDetails(ctx);
  if (req.regenerate && (await hasLaterTurns(ctx, req.conversationId, position))) throw conflict(TEXTS.regenerateLastOnly);
  if (!req.regenerate && detail.status === 'complete') throw conflict(TEXTS.alreadyAnswered);
  // this instance: checked and taken at once; the database's claim decides between instances
  if (running.has(detail.id)) throw conflict(TEXTS.busy);
  running.add(detail.id);
  const connectionId = req.connectionId ?? crypto.randomUUID();
  let releaseClaim = async () => {};
  let releaseSlot = () => {};
  let connection: AbortSignal | undefined;
  try {
    if (!(await claimTurn(ctx, detail.id, { regenerate: req.regenerate })))
      throw conflict((await answeredSince(ctx, caller, req)) ? TEXTS.alreadyAnswered : TEXTS.busy);
    releaseClaim = holdClaim(ctx, detail.id);
    releaseSlot = req.requester ? await holdAnswerSlot(ctx, req.requester) : () => {};
    connection = registerConnection(ctx, connectionId, req.owner);
    // A retry of a failed or cancelled turn shows as pending again; a regenerated answer stays visible
    // until its replacement is complete.
    if (!req.regenerate) await endDetail(ctx, detail.id, 'pending');
  } catch (err) {
    running.delete(detail.id);
    releaseSlot();
    if (connection) releaseConnection(ctx, connectionId, connection);
    await releaseClaim().catch(() => {});
    throw err;
  }
  const shutdown = shutdownSignal(ctx);
  const signal = AbortSignal.any([connection, shutdown]);

  const log: RunEvent[] = [];
  const listeners = new Set<(e: RunEvent) => void>();
  const emit = (e: RunEvent) => {
    log.push(e);
    for (const fn of listeners) fn(e);
  };

  const work = async (): Promise<RunOutcome> => {
    try {
      const result = await job({ detail, position, signal, onToken: (text) => emit({ event: 'token', data: { text } }) });
      if (signal.aborted) throw cancelledError(); // stopped just as it finished: still a cancel
      await completeDetail(ctx, req.conversationId, detail.id, result.stored);
      retitleInBackground(ctx, req.conversationId);
      const data: DonePayload = { ...result.payload, conversationDetailId: detail.id };
      emit({ event: 'done', data });
      return { ok: true, data };
    } catch (err) {
      const error = asAppError(ctx, err, shutdown.aborted);
      // Never a half answer: the turn records why it has none (a regenerated one keeps its old answer).
      // If even that write fails (disk full), the outcome is still reported; start-up marks the turn failed.
      try {
        if (!req.regenerate) await endDetail(ctx, detail.id, error.code === 'cancelled' ? 'cancelled' : 'failed');
      } catch (e) {
        ctx.log.error('could not mark the turn as ended', { detailId: detail.id, error: e instanceof Error ? e.message : String(e) });
      }
      emit({ event: 'error', data: { code: error.code, message: error.message } });
      return { ok: false, error };
    } finally {
      running.delete(detail.id);
      releaseSlot();
      releaseConnection(ctx, connectionId, connection);
      await releaseClaim().catch((e: Error) => ctx.log.warn('turn claim not released (it expires)', { detailId: detail.id, error: e.message }));
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

/** The turn was answered after this request read it (the claim refused it for that, or for a live run). */
async function answeredSince(ctx: AppContext, caller: Caller, req: TurnRequest): Promise<boolean> {
  if (req.regenerate) return false;
  const { detail } = await ownedDetail(ctx, caller.user.id, req.conversationId, req.detailId);
  return detail.status === 'complete';
}

function asAppError(ctx: AppContext, err: unknown, shuttingDown: boolean): AppError {
  if (shuttingDown) return new AppError('unavailable', MESSAGES.aiConnection);
  if (err instanceof AppError) return err;
  if (isStorageFull(err)) return storageFull();
  ctx.log.error('conversation turn failed', { error: err instanceof Error ? err.message : String(err), stack: (err as Error)?.stack });
  return new AppError('internal', MESSAGES.internal);
}
