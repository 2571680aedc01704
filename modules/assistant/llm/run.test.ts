import { describe, expect, test } from 'bun:test';
import { runLlm } from './run';
import type { LlmChunk, LlmProvider } from './types';

/** A provider that sends `tokens` at `gapMs` intervals, then stays silent until aborted. */
function scripted(tokens: string[], gapMs: number): LlmProvider & { aborted: () => boolean } {
  let aborted = false;
  return {
    name: 'test',
    aborted: () => aborted,
    async *stream(_messages, { signal }): AsyncIterable<LlmChunk> {
      signal.addEventListener('abort', () => (aborted = true), { once: true });
      for (const t of tokens) {
        await Bun.sleep(gapMs);
        yield { delta: t };
      }
      await new Promise((resolve) => signal.addEventListener('abort', resolve, { once: true }));
    },
  };
}

describe('runLlm deadlines', () => {
  test('a reply that stops mid-way ends at the idle limit, not the overall one, and the request is closed', async () => {
    const p = scripted(['ข้อ ', '๕'], 20);
    const t0 = Date.now();
    const err = await runLlm(p, [], { timeoutMs: 5000, idleMs: 150 }).catch((e) => e);
    expect(err.code).toBe('ai_timeout');
    expect(Date.now() - t0).toBeGreaterThanOrEqual(170);
    expect(Date.now() - t0).toBeLessThan(1500);
    expect(p.aborted()).toBe(true);
  });

  test('steady tokens never trip the idle limit; the overall budget still bounds a reply that never ends', async () => {
    const tokens = Array.from({ length: 12 }, (_, i) => `t${i} `);
    const steady: LlmProvider = {
      name: 'steady',
      async *stream() {
        for (const t of tokens) {
          await Bun.sleep(30);
          yield { delta: t };
        }
      },
    };
    expect((await runLlm(steady, [], { timeoutMs: 5000, idleMs: 100 })).text).toBe(tokens.join(''));
    const endless = scripted(Array.from({ length: 1000 }, () => 'x'), 10);
    const t0 = Date.now();
    const err = await runLlm(endless, [], { timeoutMs: 300, idleMs: 100 }).catch((e) => e);
    expect(err.code).toBe('ai_timeout');
    expect(Date.now() - t0).toBeLessThan(1500);
  });

  test('no first token: the whole budget applies', async () => {
    const silent = scripted([], 0);
    const t0 = Date.now();
    const err = await runLlm(silent, [], { timeoutMs: 250, idleMs: 50 }).catch((e) => e);
    expect(err.code).toBe('ai_timeout');
    expect(Date.now() - t0).toBeGreaterThanOrEqual(230);
  });
});
