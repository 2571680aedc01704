import { describe, expect, test } from 'bun:test';
import { runLlm, TRUNCATED_NOTE } from './run';
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
    // The gaps (40 ms) are a tenth of the idle limit and the reply lasts twice it: a loaded CI machine that stalls a
    // timer by a few hundred ms must not read as an idle model.
    const tokens = Array.from({ length: 20 }, (_, i) => `t${i} `);
    const steady: LlmProvider = {
      name: 'steady',
      async *stream() {
        for (const t of tokens) {
          await Bun.sleep(40);
          yield { delta: t };
        }
      },
    };
    expect((await runLlm(steady, [], { timeoutMs: 10_000, idleMs: 400 })).text).toBe(tokens.join(''));
    const endless = scripted(
      Array.from({ length: 1000 }, () => 'x'),
      10,
    );
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

describe('what the model sends is cleaned up', () => {
  const once = (chunks: LlmChunk[]): LlmProvider => ({
    name: 'once',
    async *stream() {
      for (const c of chunks) yield c;
    },
  });

  test("a reasoning model's <think> block is neither streamed nor kept", async () => {
    const shown: string[] = [];
    const r = await runLlm(once([{ delta: '<think>ข้อ ๕ ว่า' }, { delta: 'อย่างไร</th' }, { delta: 'ink>\n\n๓๐ ' }, { delta: 'วัน' }]), [], {
      timeoutMs: 2000,
      onToken: (t) => shown.push(t),
    });
    expect(r.text).toBe('๓๐ วัน');
    expect(shown.join('')).toBe('๓๐ วัน');
  });

  test('a reply cut at the token limit says so, streamed too; a title does not', async () => {
    const shown: string[] = [];
    const r = await runLlm(once([{ delta: 'ตามข้อ ๕ ให้เสนอ' }, { finish: 'length' }]), [], { timeoutMs: 2000, onToken: (t) => shown.push(t) });
    expect(r.truncated).toBe(true);
    expect(r.text).toBe(`ตามข้อ ๕ ให้เสนอ\n\n${TRUNCATED_NOTE}`);
    expect(shown.join('')).toBe(r.text);
    const title = await runLlm(once([{ delta: 'การเสนอโครง' }, { finish: 'length' }]), [], { timeoutMs: 2000, noteTruncation: false });
    expect(title).toMatchObject({ text: 'การเสนอโครง', truncated: true });
    expect((await runLlm(once([{ delta: 'ครบ' }, { finish: 'stop' }]), [], { timeoutMs: 2000 })).truncated).toBe(false);
  });
});
