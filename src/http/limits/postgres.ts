// The limits in Postgres (issue 36), so a budget spent on one instance is spent on all. A token bucket is one row and
// one statement per check (an UPSERT of the time the bucket is full again, GCRA); the longer windows, rarer, are checked
// and written in one short transaction under row locks; answer slots, taken once per answer by every chat turn, in one
// statement (a database function taking per-key advisory locks, so no lock is held across the app's round trips).
// An answer slot is a row leased by the instance that holds it and renewed while that instance lives: a killed
// instance's slots expire within SLOT_LEASE_MS and stop counting. Expired rows are swept every minute.
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { inTransaction, queryRows, txRows } from '../../db/client';
import type { Allowance, LimitStore } from './store';

export const SLOT_LEASE_MS = 30_000;
const SWEEP_MS = 60_000;

export function pgLimits(ctx: AppContext): LimitStore {
  const mine = new Set<string>(); // this instance's slot rows, renewed while it runs
  const timers = [
    setInterval(() => {
      if (!mine.size) return;
      const until = Date.now() + SLOT_LEASE_MS;
      queryRows(ctx, sql`update answer_slots set expires_at = ${until} where instance = ${ctx.id}`).catch((e: Error) =>
        ctx.log.warn('answer slots not renewed', { error: e.message }),
      );
    }, SLOT_LEASE_MS / 3),
    setInterval(() => {
      const now = Date.now();
      Promise.all([
        queryRows(ctx, sql`delete from rate_buckets where full_at < ${now}`),
        queryRows(ctx, sql`delete from rate_windows where expires_at < ${now}`),
        queryRows(ctx, sql`delete from answer_slots where expires_at < ${now}`),
      ]).catch((e: Error) => ctx.log.warn('expired limits not swept', { error: e.message }));
    }, SWEEP_MS),
  ];
  for (const t of timers) t.unref?.();
  ctx.onClose(() => timers.forEach(clearInterval));

  const held = async (keys: string[], now: number) => {
    const rows = await queryRows<{ key: string; n: number }>(
      ctx,
      sql`select key, count(*)::int as n from answer_slots where key in (${sql.join(
        keys.map((k) => sql`${k}`),
        sql`, `,
      )}) and expires_at > ${now} group by key`,
    );
    return new Map(rows.map((r) => [r.key, Number(r.n)]));
  };

  return {
    async takeToken(key, perMinute, now) {
      const interval = 60_000 / perMinute; // one token's worth of time
      const burst = (perMinute - 1) * interval; // how far ahead of now a full bucket may be pushed
      const [row] = await queryRows<{ taken: number | null; before: number | null }>(
        ctx,
        sql`with before as (select full_at from rate_buckets where key = ${key}),
          taken as (
            insert into rate_buckets (key, full_at) values (${key}, ${now + interval})
            on conflict (key) do update set full_at = greatest(rate_buckets.full_at, ${now}::float8) + ${interval}::float8
              where rate_buckets.full_at - ${now}::float8 <= ${burst}::float8
            returning full_at)
          select (select full_at from taken) as taken, (select full_at from before) as before`,
      );
      if (row?.taken != null) return 0;
      const waitMs = row?.before != null ? Number(row.before) - now - burst : interval;
      return Math.max(1, Math.ceil(waitMs / 1000));
    },

    async takeWindows(allowances: Allowance[], now) {
      const keys = [...new Set(allowances.map((a) => a.key))].sort(); // one lock order for every caller
      return await inTransaction(ctx, async (tx) => {
        await txRows(
          ctx,
          tx,
          sql`insert into rate_windows (key, times, expires_at) values ${sql.join(
            keys.map((k) => sql`(${k}, '[]'::jsonb, 0)`),
            sql`, `,
          )} on conflict (key) do nothing`,
        );
        const rows = await txRows<{ key: string; times: number[] | string }>(
          ctx,
          tx,
          sql`select key, times from rate_windows where key in (${sql.join(
            keys.map((k) => sql`${k}`),
            sql`, `,
          )}) order by key for update`,
        );
        const stored = new Map(rows.map((r) => [r.key, (typeof r.times === 'string' ? JSON.parse(r.times) : r.times) as number[]]));
        const recent = allowances.map(({ key, windowMs }) => (stored.get(key) ?? []).filter((t) => now - t < windowMs));
        const index = allowances.findIndex((a, i) => recent[i]!.length >= a.limit);
        if (index >= 0) {
          const { limit, windowMs } = allowances[index]!;
          const times = recent[index]!;
          return { index, wait: Math.max(1, Math.ceil((times[times.length - limit]! + windowMs - now) / 1000)) };
        }
        for (const [i, { key, limit, windowMs }] of allowances.entries()) {
          const times = [...recent[i]!, now].slice(-limit);
          await txRows(ctx, tx, sql`update rate_windows set times = ${JSON.stringify(times)}::text::jsonb, expires_at = ${now + windowMs} where key = ${key}`);
        }
        return null;
      });
    },

    async fullSlot(slots, now) {
      const counts = await held(
        slots.map(([k]) => k),
        now,
      );
      return slots.findIndex(([key, max]) => (counts.get(key) ?? 0) >= max);
    },

    async holdSlots(slots, now) {
      const ids = slots.map(() => crypto.randomUUID());
      const keys = slots.map(([k]) => k);
      // counted and taken one request at a time per key (two instances at once cannot both take the last slot), inside
      // the database in one statement: its locks are never held across a round trip (migration 0005_take_answer_slots)
      const list = (xs: Array<string | number>) =>
        sql.join(
          xs.map((x) => sql`${x}`),
          sql`, `,
        );
      const until = Math.max(Date.now() + SLOT_LEASE_MS, now + SLOT_LEASE_MS);
      const [row] = await queryRows<{ full: number }>(
        ctx,
        sql`select askreg_take_answer_slots(array[${list(keys)}]::text[], array[${list(slots.map(([, max]) => max))}]::int[],
          array[${list(ids)}]::text[], ${ctx.id}, ${until}::float8, ${now}::float8) as full`,
      );
      const full = Number(row!.full);
      if (full >= 0) return full;
      for (const id of ids) mine.add(id);
      let release: Promise<void> | null = null;
      return () =>
        (release ??= (async () => {
          for (const id of ids) mine.delete(id);
          await queryRows(
            ctx,
            sql`delete from answer_slots where id in (${sql.join(
              ids.map((id) => sql`${id}`),
              sql`, `,
            )})`,
          ).catch((e: Error) => ctx.log.warn('answer slots not released (their lease expires)', { error: e.message }));
        })());
    },

    async slotsHeld(key, now) {
      return (await held([key], now)).get(key) ?? 0;
    },
  };
}
