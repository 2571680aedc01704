// One answer per turn across instances (issue 36): the instance that runs a turn's answer claims the turn in the
// database first (a conditional UPDATE, atomic on either database) and holds the claim while it runs, renewing
// it; a second instance, or a second request on this one, finds it claimed and is refused. A claim left by an
// instance that died expires (CLAIM_MS) and the turn can be answered again.
import { and, eq, isNull, lt, ne, or } from 'drizzle-orm';
import type { AppContext } from '../../src/context';

/** how long a claim holds without renewal; renewed every third of it while the answer runs */
export const CLAIM_MS = 60_000;

/**
 * Claims the turn for this instance; false when another instance holds a live claim on it. This instance's own
 * claim (left when its release failed, e.g. on a full disk) is its to take again: within one instance the
 * running set (turn-run.ts) keeps a turn to one answer. A first answer claims only a turn that is not complete, in
 * the same statement: the caller read the turn before claiming it, and an answer that completed in between (its
 * claim released) must not be answered a second time.
 */
export async function claimTurn(ctx: AppContext, detailId: string, opts: { regenerate?: boolean } = {}): Promise<boolean> {
  const { conversationDetails: d } = ctx.tables;
  const now = new Date();
  const free = or(isNull(d.claimedBy), lt(d.claimExpiresAt, now), eq(d.claimedBy, ctx.id));
  const claimed = await ctx.db
    .update(d)
    .set({ claimedBy: ctx.id, claimExpiresAt: new Date(now.getTime() + CLAIM_MS) })
    .where(and(eq(d.id, detailId), free, opts.regenerate ? undefined : ne(d.status, 'complete')))
    .returning({ id: d.id });
  return claimed.length > 0;
}

/** Keeps this instance's claim alive until the returned stop() (which also releases the claim). */
export function holdClaim(ctx: AppContext, detailId: string): () => Promise<void> {
  const { conversationDetails: d } = ctx.tables;
  const mine = and(eq(d.id, detailId), eq(d.claimedBy, ctx.id));
  const renew = setInterval(() => {
    ctx.db
      .update(d)
      .set({ claimExpiresAt: new Date(Date.now() + CLAIM_MS) })
      .where(mine)
      .catch((e: Error) => ctx.log.warn('turn claim not renewed', { detailId, error: e.message }));
  }, CLAIM_MS / 3);
  renew.unref?.();
  return async () => {
    clearInterval(renew);
    await ctx.db.update(d).set({ claimedBy: null, claimExpiresAt: null }).where(mine);
  };
}

/** Some instance is answering the turn now (a live claim). */
export async function turnClaimed(ctx: AppContext, detailId: string): Promise<boolean> {
  const { conversationDetails: d } = ctx.tables;
  const [row] = await ctx.db.select({ by: d.claimedBy, until: d.claimExpiresAt }).from(d).where(eq(d.id, detailId));
  return !!row?.by && !!row.until && row.until.getTime() > Date.now();
}
