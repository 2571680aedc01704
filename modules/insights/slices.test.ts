// Sliced insights work rests between its slices (slices.ts): the server's thread sleeps as long as it works,
// so on loaded cores it is woken first when a request comes instead of queueing behind every runnable thread.
import { describe, expect, test } from 'bun:test';
import { REST_MS, runSliced, SLICE_MS } from './slices';

describe('sliced work', () => {
  test('after each slice of work the thread rests, and the result is the generator’s', async () => {
    const SLICES = 6;
    // each step works a whole slice, so every step ends one
    function* steps(): Generator<void, string> {
      for (let i = 0; i < SLICES; i++) {
        const until = performance.now() + SLICE_MS;
        while (performance.now() < until) {}
        if (i < SLICES - 1) yield;
      }
      return 'done';
    }
    const ticks: number[] = [];
    const timer = setInterval(() => ticks.push(performance.now()), 1);
    const t0 = performance.now();
    const result = await runSliced(steps());
    const elapsed = performance.now() - t0;
    clearInterval(timer);
    expect(result).toBe('done');
    // the rests come on top of the work: a turn of the loop alone would end in about SLICES × SLICE_MS
    expect(elapsed).toBeGreaterThanOrEqual(SLICES * SLICE_MS + (SLICES - 1) * REST_MS);
    // and other timers run during them
    expect(ticks.length).toBeGreaterThanOrEqual(SLICES - 1);
  });
});
