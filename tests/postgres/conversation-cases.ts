// Saved conversations in the conformance table (issue 36 step 5): turn order by seq, quotas checked and written in
// one transaction, one answer per turn through the database's claim, start-up repair; on SQLite and on Postgres.
import { expect } from 'bun:test';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../src/context';
import { upsertUserAtSignIn } from '../../modules/auth/users';
import {
  answeredTurnsBefore,
  addTurn,
  cancelPendingTurns,
  completeDetail,
  createConversation,
  hasLaterTurns,
  listMessages,
  ownedDetail,
} from '../../modules/conversations/service';
import { DAILY_LIMIT_TEXT, storedBytes } from '../../modules/conversations/quota';
import { claimTurn, holdClaim, turnClaimed } from '../../modules/conversations/turn-claims';
import { reconcileConversations, sweepExpiredClaims } from '../../modules/conversations/reconcile';
import { listTopics } from '../../modules/conversations/topics';
import type { ServiceCase } from './service-cases';

const user = async (ctx: AppContext, email: string) => (await upsertUserAtSignIn(ctx, { email })).id;
/** the same context with other limits (the per-app state and the database stay the context's) */
const withConfig = (ctx: AppContext, config: Partial<AppContext['config']>): AppContext =>
  Object.assign(Object.create(ctx) as AppContext, { config: { ...ctx.config, ...config } });

export const conversationCases: ServiceCase[] = [
  {
    name: 'conversations: turns added at once each get their own place; pages, history and "last turn" follow it',
    async run(ctx) {
      const me = await user(ctx, 'turns@uni.ac.th');
      const { conversationId, conversationDetailId } = await createConversation(ctx, me, 'ข้อหนึ่ง');
      await completeDetail(ctx, conversationId, conversationDetailId, { response: 'ตอบหนึ่ง', confidence: 80 });
      const added = await Promise.all(['สอง', 'สาม', 'สี่', 'ห้า'].map((q) => addTurn(ctx, me, conversationId, { query: q })));
      const places = await Promise.all(added.map(async (a) => (await ownedDetail(ctx, me, conversationId, a.conversationDetailId)).position));
      expect([...places].sort()).toEqual([2, 3, 4, 5]);
      const page = await listMessages(ctx, me, conversationId);
      expect(page.records.map((r) => r.conversationDetailId)).toEqual(
        [conversationDetailId, ...added.map((a) => a.conversationDetailId)].sort((a, b) => order(a) - order(b)),
      );
      function order(id: string) {
        return id === conversationDetailId ? 1 : places[added.findIndex((a) => a.conversationDetailId === id)]!;
      }
      expect(await hasLaterTurns(ctx, conversationId, 4)).toBe(true);
      expect(await hasLaterTurns(ctx, conversationId, 5)).toBe(false);
      expect((await answeredTurnsBefore(ctx, conversationId, 5, 6)).map((t) => t.response)).toEqual(['ตอบหนึ่ง']);
      expect((await listTopics(ctx, me)).map((t) => t.id)).toEqual([conversationId]);
    },
  },
  {
    name: 'conversations: the daily quota holds for requests at once; stored bytes count UTF-8 the same on both',
    async run(ctx) {
      const me = await user(ctx, 'quota@uni.ac.th');
      const limited = withConfig(ctx, { conversationsPerDay: 2 });
      const results = await Promise.allSettled(Array.from({ length: 6 }, (_, i) => createConversation(limited, me, `คำถาม ${i}`)));
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(2);
      for (const r of results) if (r.status === 'rejected') expect((r.reason as Error).message).toBe(DAILY_LIMIT_TEXT(2));
      const other = await user(ctx, 'bytes@uni.ac.th');
      const { conversationId, conversationDetailId } = await createConversation(ctx, other, 'กขค');
      await completeDetail(ctx, conversationId, conversationDetailId, { response: 'ab', confidence: 1 });
      expect(await storedBytes(ctx, other)).toBe(11);
    },
  },
  {
    name: 'conversations: a turn is claimed by one run at a time; a released or expired claim can be taken again',
    async run(ctx) {
      const me = await user(ctx, 'claim@uni.ac.th');
      const { conversationDetailId: id } = await createConversation(ctx, me, { query: 'ตอบทีละครั้ง', connectionId: 'conn-claim' });
      // another instance on the same database: its own id
      const other = Object.assign(Object.create(ctx) as AppContext, { id: 'other-instance' });
      const both = await Promise.all([claimTurn(ctx, id), claimTurn(other, id)]);
      expect(both.filter(Boolean)).toHaveLength(1);
      const [holder, rival] = both[0] ? [ctx, other] : [other, ctx];
      expect(await turnClaimed(ctx, id)).toBe(true);
      expect(await claimTurn(rival, id)).toBe(false);
      // its own claim, left by a release that failed, is the holder's to take again
      expect(await claimTurn(holder, id)).toBe(true);
      // a claimed turn is some run's: a Stop before the start leaves it to that run's own cancel
      expect(await cancelPendingTurns(ctx, me, 'conn-claim', () => false)).toEqual([]);
      await holdClaim(holder, id)();
      expect(await turnClaimed(ctx, id)).toBe(false);
      expect(await claimTurn(rival, id)).toBe(true);
      const { conversationDetails: d } = ctx.tables;
      await ctx.db
        .update(d)
        .set({ claimedBy: 'dead-instance', claimExpiresAt: new Date(Date.now() - 1000) })
        .where(eq(d.id, id));
      expect(await turnClaimed(ctx, id)).toBe(false);
      expect(await claimTurn(ctx, id)).toBe(true);
    },
  },
  {
    name: 'conversations: a turn answered since it was read is not claimed for a first answer again; a regenerate may claim it',
    async run(ctx) {
      const me = await user(ctx, 'answered@uni.ac.th');
      const { conversationId, conversationDetailId: id } = await createConversation(ctx, me, 'ตอบไปแล้ว');
      // a request read the turn as pending; the running answer then completed and released its claim
      expect(await claimTurn(ctx, id)).toBe(true);
      await completeDetail(ctx, conversationId, id, { response: 'คำตอบ', confidence: 1 });
      await holdClaim(ctx, id)();
      expect(await claimTurn(ctx, id)).toBe(false);
      const other = Object.assign(Object.create(ctx) as AppContext, { id: 'other-instance' });
      expect(await claimTurn(other, id)).toBe(false);
      expect(await claimTurn(ctx, id, { regenerate: true })).toBe(true);
    },
  },
  {
    name: 'conversations: start-up repair fails the pending turns nobody answers (on Postgres a live claim is left alone)',
    async run(ctx) {
      const me = await user(ctx, 'repair@uni.ac.th');
      const left = await createConversation(ctx, me, 'ค้างอยู่');
      const live = await createConversation(ctx, me, 'กำลังตอบที่อื่น');
      expect(await claimTurn(ctx, live.conversationDetailId)).toBe(true);
      const { interruptedTurns } = await reconcileConversations(ctx);
      expect(interruptedTurns).toContain(left.conversationDetailId);
      const status = async (c: { conversationId: string }) => (await listMessages(ctx, me, c.conversationId)).records[0]!.status;
      expect(await status(left)).toBe('failed');
      // SQLite holds the data directory's lock: no other process can be answering
      expect(await status(live)).toBe(ctx.dialect === 'postgres' ? 'pending' : 'failed');
    },
  },
  {
    name: "conversations: repair takes a dead instance's turns (its previous run's claims at start, expired claims by sweep), never a live one's",
    async run(ctx) {
      const me = await user(ctx, 'sweep@uni.ac.th');
      const { conversationDetails: d } = ctx.tables;
      const claim = async (by: string | null, inMs: number) => {
        const c = await createConversation(ctx, me, `ข้อ ${by} ${inMs}`);
        const until = by ? new Date(Date.now() + inMs) : null;
        await ctx.db.update(d).set({ claimedBy: by, claimExpiresAt: until }).where(eq(d.id, c.conversationDetailId));
        return c;
      };
      const status = async (c: { conversationId: string }) => (await listMessages(ctx, me, c.conversationId)).records[0]!.status;
      const expired = await claim('gone-instance', -1000);
      const live = await claim('live-instance', 60_000);
      const unclaimed = await claim(null, 0);
      expect(await sweepExpiredClaims(ctx)).toEqual([expired.conversationDetailId]);
      expect([await status(expired), await status(live), await status(unclaimed)]).toEqual(['failed', 'pending', 'pending']);
      if (ctx.dialect !== 'postgres') return; // SQLite's start-up repair takes every pending turn (one process)
      const previousRun = await claim('previous-run', 60_000); // leased, but its instance is this DATA_DIR's previous run
      const { interruptedTurns } = await reconcileConversations(ctx, 'previous-run');
      expect(interruptedTurns).toContain(previousRun.conversationDetailId);
      expect(interruptedTurns).not.toContain(live.conversationDetailId);
      expect(await status(live)).toBe('pending');
    },
  },
];
