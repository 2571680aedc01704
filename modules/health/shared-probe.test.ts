import { describe, expect, test } from 'bun:test';
import { sharedProbe } from './shared-probe';
import type { HealthCheck } from './service';

function counted(results: HealthCheck[]) {
  const calls: Array<() => void> = [];
  let n = 0;
  const probe = () => {
    const r = results[Math.min(n++, results.length - 1)]!;
    return new Promise<HealthCheck>((resolve) => calls.push(() => resolve(r)));
  };
  return { probe, calls, count: () => n, settle: () => calls.splice(0).forEach((c) => c()) };
}

/** A shared probe over `results` on a clock the test moves (`clock.t`), its first reading already taken at t = 0. */
async function afterFirstReading(results: HealthCheck[]) {
  const clock = { t: 0 };
  const p = counted(results);
  const check = sharedProbe(p.probe, { freshMs: 1000, maxStaleMs: 10_000, now: () => clock.t });
  const first = check();
  p.settle();
  await first;
  return { clock, p, check };
}

describe('a shared health probe', () => {
  test('fifty callers at once share one reading', async () => {
    let t = 0;
    const p = counted([{ ok: true, chunks: 3 }]);
    const check = sharedProbe(p.probe, { freshMs: 1000, maxStaleMs: 10_000, now: () => t });
    const all = Array.from({ length: 50 }, () => check());
    p.settle();
    const results = await Promise.all(all);
    expect(p.count()).toBe(1);
    expect(results.every((r) => r.ok && r.chunks === 3 && r.checkedAgoMs === 0)).toBe(true);
  });

  test('within the fresh interval no probe runs; after it the last reading is served while one refresh runs', async () => {
    const { clock, p, check } = await afterFirstReading([{ ok: true }, { ok: false, error: 'index gone' }]);
    clock.t = 900;
    expect(await check()).toMatchObject({ ok: true, checkedAgoMs: 900 });
    expect(p.count()).toBe(1);
    clock.t = 2000;
    // stale but young enough: answered at once from the last reading, one refresh started behind it
    const stale = await Promise.all([check(), check(), check()]);
    expect(stale.every((r) => r.ok)).toBe(true);
    expect(p.count()).toBe(2);
    p.settle();
    await Bun.sleep(0);
    expect(await check()).toMatchObject({ ok: false, error: 'index gone', checkedAgoMs: 0 });
  });

  test('a reading older than the stale limit is not served: the caller waits for a fresh one', async () => {
    const { clock, p, check } = await afterFirstReading([{ ok: true }, { ok: false, error: 'index gone' }]);
    clock.t = 60_000;
    const later = check();
    p.settle();
    expect(await later).toMatchObject({ ok: false, error: 'index gone' });
  });

  test('a probe that throws is a failed check, and the next caller may probe again', async () => {
    let t = 0;
    let n = 0;
    const check = sharedProbe(
      async () => {
        n++;
        throw new Error('table unreadable');
      },
      { freshMs: 0, maxStaleMs: 0, now: () => t },
    );
    expect(await check()).toMatchObject({ ok: false, error: 'table unreadable' });
    t = 1;
    expect(await check()).toMatchObject({ ok: false, error: 'table unreadable' });
    expect(n).toBe(2);
  });
});
