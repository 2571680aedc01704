// The limits in this process's memory: the embedded SQLite default, where one process serves everything. Token
// buckets per key, sliding windows as the times each allowance was used, and counters of answers in flight.
import type { AppContext } from '../../context';
import { rateLimitMaxKeys, type Allowance, type LimitStore } from './store';

interface Bucket {
  tokens: number;
  at: number;
  /** this bucket's own rate: one map holds buckets of several limits (chat, IP, sign-in, uploads) */
  perMinute: number;
}

const MAX_BUCKETS = 50_000;
/** windows kept before those that are empty are dropped */
const MAX_WINDOWS = 20_000;

export function memoryLimits(ctx: AppContext): LimitStore {
  const buckets = new Map<string, Bucket>();
  const windows = new Map<string, { times: number[]; windowMs: number }>();
  const running = new Map<string, number>();

  /**
   * Full buckets carry no information: drop them when the map grows. Each is judged by its own rate, so a chat call
   * never refills a looser IP bucket early by dropping it.
   */
  const prune = (now: number) => {
    if (buckets.size < (rateLimitMaxKeys.get(ctx) ?? MAX_BUCKETS)) return;
    for (const [k, b] of buckets) if (b.tokens + ((now - b.at) * b.perMinute) / 60_000 >= b.perMinute) buckets.delete(k);
  };

  const fullSlot = (slots: Array<[string, number]>) => slots.findIndex(([key, max]) => (running.get(key) ?? 0) >= max);

  return {
    takeToken(key, perMinute, now) {
      prune(now);
      const rate = perMinute / 60_000;
      const b = buckets.get(key) ?? { tokens: perMinute, at: now, perMinute };
      b.tokens = Math.min(perMinute, b.tokens + (now - b.at) * rate);
      b.at = now;
      b.perMinute = perMinute;
      buckets.set(key, b);
      if (b.tokens < 1) return Math.max(1, Math.ceil((1 - b.tokens) / rate / 1000));
      b.tokens -= 1;
      return 0;
    },
    takeWindows(allowances: Allowance[], now) {
      if (windows.size > MAX_WINDOWS) for (const [k, w] of windows) if (now - w.times[w.times.length - 1]! >= w.windowMs) windows.delete(k);
      const recent = allowances.map(({ key, windowMs }) => (windows.get(key)?.times ?? []).filter((t) => now - t < windowMs));
      const index = allowances.findIndex((a, i) => recent[i]!.length >= a.limit);
      if (index >= 0) {
        const { limit, windowMs } = allowances[index]!;
        const times = recent[index]!;
        return { index, wait: Math.max(1, Math.ceil((times[times.length - limit]! + windowMs - now) / 1000)) };
      }
      allowances.forEach(({ key, limit, windowMs }, i) => windows.set(key, { times: [...recent[i]!, now].slice(-limit), windowMs }));
      return null;
    },
    fullSlot,
    holdSlots(slots) {
      const full = fullSlot(slots);
      if (full >= 0) return full;
      for (const [key] of slots) running.set(key, (running.get(key) ?? 0) + 1);
      let held = true;
      return () => {
        if (!held) return;
        held = false;
        for (const [key] of slots) {
          const n = (running.get(key) ?? 1) - 1;
          if (n > 0) running.set(key, n);
          else running.delete(key);
        }
      };
    },
    slotsHeld: (key) => running.get(key) ?? 0,
  };
}
