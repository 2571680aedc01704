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
    // The producer sends 'b' inside the window of 'a' and then waits for the reader to receive 'b' (up to 5 s): only
    // the window's timer can send it, since the stream's end (which also flushes) comes after that wait. No clock margin
    // is asserted, so a loaded machine cannot fail it.
    let receivedB = () => {};
    const bReceived = new Promise<void>((resolve) => (receivedB = resolve));
    const res = streamToSse(async (sink) => {
      sink.send('token', { text: 'a' });
      sink.send('token', { text: 'b' });
      const waitedInVain = await Promise.race([bReceived.then(() => false), Bun.sleep(5000).then(() => true)]);
      return { waitedInVain };
    });
    const got: { event: string; data: any }[] = [];
    for await (const e of readSse(res)) {
      got.push(e);
      if (e.event === 'token' && (e.data as { text?: string }).text === 'b') receivedB();
    }
    expect(got.filter((f) => f.event === 'token').map((t) => t.data.text)).toEqual(['a', 'b']);
    expect(got.at(-1)).toMatchObject({ event: 'done', data: { waitedInVain: false } });
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
