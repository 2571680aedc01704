import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { Elysia } from 'elysia';
import { createApp } from '../app';
import { createContext, type AppContext } from '../context';
import { createLogger } from '../logger';
import { metrics } from '../metrics';
import { ensureWebBuilt, testConfig } from '../../tests/helpers/server';
import { requestLog } from './request-log';

const lines: string[] = [];
let ctx: AppContext;
beforeAll(async () => {
  await ensureWebBuilt();
  ctx = createContext(
    testConfig({ METRICS_ENABLED: 'true', LOG_LEVEL: 'info' }),
    createLogger('info', 'json', {}, (l) => void lines.push(l)),
  );
});
afterAll(() => ctx.close());

const logged = (path: string) => lines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => l.msg === 'request' && l.path === path);

describe('request log', () => {
  test('an unknown path is logged and counted as the 404 it answers, with the request id it sent', async () => {
    const app = createApp(ctx);
    for (const path of ['/no-such-page', '/api/no-such-route']) {
      const res = await app.handle(new Request(`${ctx.config.publicUrl}${path}`));
      expect(res.status).toBe(404);
      const id = res.headers.get('x-request-id');
      expect(id).toMatch(/^[\w-]{36}$/);
      for (let i = 0; i < 50 && logged(path).length === 0; i++) await Bun.sleep(10); // logged after the response
      expect(logged(path)).toEqual([expect.objectContaining({ status: 404, requestId: id })]);
    }
    const scraped = await metrics(ctx).render();
    expect(scraped).toContain('http_requests_total{method="GET",route="unmatched",status="404"} 2');
  });

  test('a streamed response is timed to its last byte, and a cancelled one is logged when the client goes away', async () => {
    const slowStream = (chunks: number) =>
      new Response(
        new ReadableStream({
          async pull(c) {
            if (chunks-- <= 0) return c.close();
            await Bun.sleep(120);
            c.enqueue(new TextEncoder().encode('data: x\n\n'));
          },
        }),
        { headers: { 'content-type': 'text/event-stream' } },
      );
    const app = new Elysia().use(requestLog(ctx)).get('/sse-test', () => slowStream(3));
    const res = await app.handle(new Request('http://localhost/sse-test'));
    expect(logged('/sse-test')).toEqual([]); // headers are out, the answer is not
    expect(await res.text()).toBe('data: x\n\n'.repeat(3));
    const [done] = logged('/sse-test');
    expect(done).toMatchObject({ status: 200, stream: 'end' });
    expect(done!.ms as number).toBeGreaterThanOrEqual(300);

    const cut = await app.handle(new Request('http://localhost/sse-test'));
    const reader = cut.body!.getReader();
    await reader.read();
    await reader.cancel();
    expect(logged('/sse-test').at(-1)).toMatchObject({ status: 200, stream: 'cancelled' });
  });
});

test('the log names the client address the rate limits use: the trusted hop, not what the client prepended', async () => {
  const proxied = createContext(
    testConfig({ TRUST_PROXY: 'true', LOG_LEVEL: 'info' }),
    createLogger('info', 'json', {}, (l) => void lines.push(l)),
  );
  try {
    const res = await createApp(proxied).handle(
      new Request(`${proxied.config.publicUrl}/no-such-ip-page`, { headers: { 'x-forwarded-for': '6.6.6.6, 203.0.113.7', 'x-real-ip': '6.6.6.6' } }),
    );
    expect(res.status).toBe(404);
    for (let i = 0; i < 50 && logged('/no-such-ip-page').length === 0; i++) await Bun.sleep(10);
    expect(logged('/no-such-ip-page')).toEqual([expect.objectContaining({ ip: '203.0.113.7' })]);
  } finally {
    proxied.close();
  }
});
