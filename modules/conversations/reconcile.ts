// Start-up repair for conversations: a turn still 'pending' that no instance holds a live claim on
// (turn-claims.ts) was cut off by a crash or kill mid-answer, or never started. It is marked failed (no text,
// so it can never pass for an answer; the user may ask again, which answers it) and what was fixed is reported.
// A turn another instance is answering right now keeps its claim and is left alone; a turn claimed by the previous
// server on this DATA_DIR (`previous`, src/cluster/previous-instance.ts) was cut off by its death and is repaired at
// once, its lease not waited out.
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { AppContext } from '../../src/context';
import { CLAIM_MS } from './turn-claims';

export interface ConversationsReport {
  /** turns left 'pending' by a process that died mid-answer, now 'failed' */
  interruptedTurns: string[];
}

export async function reconcileConversations(ctx: AppContext, previous: string | null = null): Promise<ConversationsReport> {
  const { conversationDetails: d } = ctx.tables;
  const now = new Date();
  const dead = or(isNull(d.claimedBy), lt(d.claimExpiresAt, now), previous ? eq(d.claimedBy, previous) : undefined);
  const interrupted = (
    await ctx.db
      .update(d)
      .set({ status: 'failed', response: null, confidence: null, references: null, documents: null, claimedBy: null, claimExpiresAt: null, updatedAt: now })
      // SQLite: this process holds the data directory's lock (src/ops/data-lock.ts), so every pending turn was left
      // by a process that is gone, claim or not; Postgres: other instances may be answering theirs right now
      .where(ctx.dialect === 'sqlite' ? eq(d.status, 'pending') : and(eq(d.status, 'pending'), dead))
      .returning({ id: d.id })
  ).map((r) => r.id);
  const report: ConversationsReport = { interruptedTurns: interrupted };
  if (interrupted.length) ctx.log.warn('conversations reconciled', { interruptedTurns: interrupted.length, ids: interrupted.slice(0, 50) });
  else ctx.log.info('conversations consistent');
  return report;
}

/**
 * Turns whose claim ran out (the instance answering them stopped renewing it: killed, and perhaps never restarted)
 * are marked failed, so they stop showing as being answered. Only expired claims: a pending turn nobody has claimed
 * may be about to be answered, and a live claim is an answer running on some instance.
 */
export async function sweepExpiredClaims(ctx: AppContext): Promise<string[]> {
  const { conversationDetails: d } = ctx.tables;
  const now = new Date();
  const swept = (
    await ctx.db
      .update(d)
      .set({ status: 'failed', response: null, confidence: null, references: null, documents: null, claimedBy: null, claimExpiresAt: null, updatedAt: now })
      .where(and(eq(d.status, 'pending'), lt(d.claimExpiresAt, now)))
      .returning({ id: d.id })
  ).map((r) => r.id);
  if (swept.length) ctx.log.warn('turns of a dead instance repaired', { turns: swept.length, ids: swept.slice(0, 50) });
  return swept;
}

/** Postgres: sweeps expired claims every CLAIM_MS on every instance (idempotent); SQLite has one process and start-up repair. */
export function startClaimSweep(ctx: AppContext): void {
  if (ctx.dialect !== 'postgres') return;
  const timer = setInterval(() => {
    sweepExpiredClaims(ctx).catch((e: Error) => ctx.log.warn('expired turn claims not swept', { error: e.message }));
  }, CLAIM_MS);
  timer.unref?.();
  ctx.onClose(() => clearInterval(timer));
}
