import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { createTestApp, startTestServer, type TestApp } from '../../tests/helpers/server';

let t: TestApp;
let withMetrics: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  withMetrics = await createTestApp({ METRICS_ENABLED: 'true', METRICS_TOKEN: 'scrape-secret' });
});
afterAll(async () => {
  await t.close();
  await withMetrics.close();
});

describe('health and metrics', () => {
  test('/healthz reports the database and answers 200 when all checks pass', async () => {
    const res = await t.request('/healthz');
    const body = await res.json();
    expect(body.checks.database.ok).toBe(true);
    expect(res.status).toBe(body.ok ? 200 : 503);
    expect(body.version).toBe('3.0.0');
  });

  test('/healthz turns red (503) when the database is gone', async () => {
    const broken = await createTestApp();
    broken.ctx.sqlite.close();
    const res = await broken.request('/healthz');
    expect(res.status).toBe(503);
    expect((await res.json()).checks.database.ok).toBe(false);
  });

  test('every response carries a request id; a sane incoming one is kept', async () => {
    const a = await t.request('/healthz');
    expect(a.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const b = await t.request('/healthz', { headers: { 'x-request-id': 'proxy-123' } });
    expect(b.headers.get('x-request-id')).toBe('proxy-123');
    const c = await t.request('/healthz', { headers: { 'x-request-id': 'bad id with spaces' } });
    expect(c.headers.get('x-request-id')).not.toContain('bad');
  });

  test('/metrics is off by default and Prometheus text when enabled', async () => {
    expect((await t.request('/metrics')).status).toBe(404);
    await withMetrics.request('/healthz');
    await Bun.sleep(20); // after-response hooks run once the response is handed over
    expect((await withMetrics.request('/metrics')).status).toBe(403); // not local, no token
    const res = await withMetrics.request('/metrics', { headers: { authorization: 'Bearer scrape-secret' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    const text = await res.text();
    expect(text).toContain('# TYPE http_requests_total counter');
    expect(text).toMatch(/http_requests_total\{method="GET",route="\/healthz",status="200"\} \d+/);
  });

  test('/metrics answers scrapers on this machine, but not requests relayed by a proxy', async () => {
    const server = await startTestServer({ METRICS_ENABLED: 'true' });
    try {
      expect((await server.request('/metrics')).status).toBe(200);
      expect((await server.request('/metrics', { headers: { 'x-forwarded-for': '203.0.113.9' } })).status).toBe(403);
    } finally {
      await server.close();
    }
  });
});
