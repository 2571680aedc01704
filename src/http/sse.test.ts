import { describe, expect, test } from 'bun:test';
import { readSse } from '../../web/lib/sse';
import { streamToSse, TOKEN_FRAME_MS } from './sse';

async function frames(res: Response) {
  const out: { event: string; data: any; at: number }[] = [];
  const t0 = performance.now();
  for await (const e of readSse(res)) out.push({ ...e, at: performance.now() - t0 });
  return out;
}

describe('streamToSse', () => {
  test('sends the first token at once and merges the tokens that follow within the frame window', async () => {
    const res = streamToSse(async (sink) => {
      sink.send('meta', { n: 1 });
      for (let i = 0; i < 20; i++) {
        sink.send('token', { text: `t${i} ` });
        await Bun.sleep(5);
      }
      return { ok: true };
    });
    const got = await frames(res);
    const tokens = got.filter((f) => f.event === 'token');
    expect(got[0].event).toBe('meta');
    expect(tokens[0].data.text).toBe('t0 ');
    // ~100 ms of tokens every 5 ms: a frame per window instead of 20 frames, nothing lost or reordered
    expect(tokens.length).toBeGreaterThan(1);
    expect(tokens.length).toBeLessThan(8);
    expect(tokens.map((t) => t.data.text).join('')).toBe(Array.from({ length: 20 }, (_, i) => `t${i} `).join(''));
    expect(got.at(-1)).toMatchObject({ event: 'done', data: { ok: true } });
  });

  test('a waiting token goes out after the window even when no further token comes', async () => {
    const res = streamToSse(async (sink) => {
      sink.send('token', { text: 'a' });
      sink.send('token', { text: 'b' });
      await Bun.sleep(TOKEN_FRAME_MS * 4);
      return null;
    });
    const got = await frames(res);
    const tokens = got.filter((f) => f.event === 'token');
    expect(tokens.map((t) => t.data.text)).toEqual(['a', 'b']);
    // 'b' arrived well before `done` (which waits 4 windows), i.e. its timer sent it
    expect(tokens[1].at).toBeLessThan(got.at(-1)!.at - TOKEN_FRAME_MS);
  });

  test('waiting tokens are sent before a later event, and before an error', async () => {
    const res = streamToSse(async (sink) => {
      sink.send('token', { text: 'x' });
      sink.send('token', { text: 'y' });
      sink.send('token', { text: 'z' });
      throw new Error('boom');
    });
    const got = await frames(res);
    expect(got.map((f) => [f.event, f.event === 'token' ? f.data.text : f.data.code])).toEqual([
      ['token', 'x'],
      ['token', 'yz'],
      ['error', 'internal'],
    ]);
  });
});
