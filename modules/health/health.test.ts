import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { createTestApp, startTestServer, type TestApp } from '../../tests/helpers/server';
import { startFakeOllama, tokenize, type FakeOllama } from '../../tests/helpers/fake-ollama';
import { addRegulation } from '../assistant/test-corpus';
import { metrics } from '../../src/metrics';
import { diskReads } from './disk';

const QUESTION = 'ต้องเสนอโครงการต่อกองพัฒนานักศึกษาล่วงหน้ากี่วัน';
const REPLY = 'ตามข้อ ๕ องค์กรนักศึกษาที่ประสงค์จะจัดกิจกรรม ให้เสนอโครงการต่อกองพัฒนานักศึกษาล่วงหน้าไม่น้อยกว่า ๓๐ วันก่อนวันเริ่มกิจกรรม';

let ollama: FakeOllama;
let t: TestApp;
let withMetrics: TestApp;
beforeAll(async () => {
  ollama = startFakeOllama({ reply: REPLY });
  t = await createTestApp({ OLLAMA_HOST: ollama.url });
  withMetrics = await createTestApp({ METRICS_ENABLED: 'true', METRICS_TOKEN: 'scrape-secret', OLLAMA_HOST: ollama.url });
});
afterAll(async () => {
  await t.close();
  await withMetrics.close();
  await ollama.close();
});

const scrape = async (app: TestApp) => (await app.request('/metrics', { headers: { authorization: 'Bearer scrape-secret' } })).text();
/** The value of one series line, e.g. `llm_prompt_tokens_total{provider="ollama",purpose="answer"}`. */
const sample = (text: string, series: string) => {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
};

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
    if (broken.ctx.dialect === 'sqlite') broken.ctx.sqlite.close();
    else await (broken.ctx.database as unknown as { $client: { close(): Promise<void> } }).$client.close();
    const res = await broken.request('/healthz');
    expect(res.status).toBe(503);
    expect((await res.json()).checks.database.ok).toBe(false);
  });

  test('/healthz reports free disk: degraded (still 200) below DISK_FREE_MIN_MB, healthy above it', async () => {
    const body = await (await t.request('/healthz')).json();
    expect(body.checks.disk).toMatchObject({ ok: true, degraded: false });
    expect(body.checks.disk.freeBytes).toBeGreaterThan(0);
    expect(body.status).toBe('ok');
    // a threshold above what any disk here has left
    const tight = await createTestApp({ DISK_FREE_MIN_MB: '10000000' });
    try {
      const res = await tight.request('/healthz');
      const report = await res.json();
      expect(res.status).toBe(200);
      expect(report.checks.disk).toMatchObject({ ok: true, degraded: true });
      expect(report.status).toBe('degraded');
    } finally {
      await tight.close();
    }
  });

  test('a load balancer polling /healthz in a burst reads the free disk space once, not once a call', async () => {
    await t.request('/healthz');
    const before = diskReads(t.ctx);
    for (let i = 0; i < 20; i++) expect((await t.request('/healthz')).status).toBe(200);
    const body = await (await t.request('/healthz')).json();
    expect(body.checks.disk.ok).toBe(true);
    expect(diskReads(t.ctx) - before).toBeLessThanOrEqual(1);
  });

  test('/metrics has process, runtime and build-info series', async () => {
    const text = await scrape(withMetrics);
    expect(sample(text, 'process_resident_memory_bytes')).toBeGreaterThan(10_000_000);
    expect(sample(text, 'process_heap_bytes{kind="used"}')).toBeGreaterThan(0);
    expect(sample(text, 'process_cpu_seconds_total')).toBeGreaterThan(0);
    expect(sample(text, 'process_start_time_seconds')).toBeGreaterThan(1.7e9);
    expect(sample(text, 'event_loop_delay_seconds{quantile="0.99"}')).toBeGreaterThanOrEqual(0);
    expect(text).toMatch(/^ask_reg_build_info\{runtime="bun",runtime_version="[\d.]+",version="3\.0\.0"\} 1$/m);
  });

  test("/healthz reports the model server's reachability: degraded (still 200) when it is down, no check without one", async () => {
    const report = await (await t.request('/healthz')).json();
    expect(report.checks.model).toMatchObject({ ok: true, configured: true, provider: 'ollama', reachable: true, degraded: false });
    const down = await createTestApp({ OLLAMA_HOST: 'http://127.0.0.1:9' }); // nothing listens on the discard port
    const none = await createTestApp();
    try {
      const res = await down.request('/healthz');
      const body = await res.json();
      expect(res.status).toBe(200);
      expect(body.checks.model).toMatchObject({ ok: true, reachable: false, degraded: true });
      expect(body.status).toBe('degraded');
      expect((await (await none.request('/healthz')).json()).checks.model).toEqual({ ok: true, configured: false });
    } finally {
      await down.close();
      await none.close();
    }
  });

  test('every response carries a request id; a sane incoming one is kept', async () => {
    const a = await t.request('/healthz');
    expect(a.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const b = await t.request('/healthz', { headers: { 'x-request-id': 'proxy-123' } });
    expect(b.headers.get('x-request-id')).toBe('proxy-123');
    // a refused id is replaced by a fresh one (a random uuid may itself contain "bad", so the shape is what is checked)
    const c = await t.request('/healthz', { headers: { 'x-request-id': 'bad id with spaces' } });
    expect(c.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
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
      // a proxy that sets only X-Real-IP (or Forwarded) relays a remote client: not local
      expect((await server.request('/metrics', { headers: { 'x-real-ip': '203.0.113.9' } })).status).toBe(403);
      expect((await server.request('/metrics', { headers: { forwarded: 'for=203.0.113.9' } })).status).toBe(403);
    } finally {
      await server.close();
    }
  });

  test('/metrics behind TRUST_PROXY: local only when the trusted hop is this machine, whatever the client prepends', async () => {
    const server = await startTestServer({ METRICS_ENABLED: 'true', TRUST_PROXY: 'true' });
    try {
      expect((await server.request('/metrics', { headers: { 'x-forwarded-for': '127.0.0.1, 203.0.113.9' } })).status).toBe(403);
      expect((await server.request('/metrics', { headers: { 'x-forwarded-for': '203.0.113.9, 127.0.0.1' } })).status).toBe(200);
      expect((await server.request('/metrics', { headers: { 'x-forwarded-for': '127.0.0.1', 'x-real-ip': '127.0.0.1' } })).status).toBe(403);
    } finally {
      await server.close();
    }
  });

  test('/metrics reports model time and tokens per provider and purpose, and the index size', async () => {
    const empty = await scrape(withMetrics);
    expect(sample(empty, 'knowledge_index_chunks')).toBe(0);
    expect(sample(empty, 'documents{status="ready"}')).toBe(0);
    await addRegulation(withMetrics.ctx);
    expect((await withMetrics.request('/api/chat', { json: { message: QUESTION } })).status).toBe(200);
    expect(ollama.requests.filter((r) => r.path === '/api/chat')).toHaveLength(1);
    expect((await withMetrics.request('/api/generate-title', { json: { user_message: QUESTION, ai_response: REPLY } })).status).toBe(200);

    const text = await scrape(withMetrics);
    expect(text).toContain('# TYPE llm_request_duration_seconds histogram');
    expect(sample(text, 'llm_request_duration_seconds_count{outcome="ok",provider="ollama",purpose="answer"}')).toBe(1);
    expect(sample(text, 'llm_request_duration_seconds_count{outcome="ok",provider="ollama",purpose="title"}')).toBe(1);
    // what the fake reports in its last NDJSON line: prompt_eval_count 42, eval_count = tokens sent
    expect(sample(text, 'llm_prompt_tokens_total{provider="ollama",purpose="answer"}')).toBe(42);
    expect(sample(text, 'llm_completion_tokens_total{provider="ollama",purpose="answer"}')).toBe(tokenize(REPLY).length);
    expect(sample(text, 'llm_prompt_tokens_total{provider="ollama",purpose="title"}')).toBe(42);
    expect(sample(text, 'knowledge_index_chunks')).toBeGreaterThan(0);
    expect(sample(text, 'knowledge_index_size_bytes')).toBeGreaterThan(0);
    expect(sample(text, 'documents{status="ready"}')).toBe(1);
    expect(sample(text, 'documents{status="failed"}')).toBe(0);
  });

  test('a model failure is counted with its outcome', async () => {
    ollama.behave({ status: 500 });
    try {
      expect((await withMetrics.request('/api/chat', { json: { message: QUESTION } })).status).toBeGreaterThanOrEqual(500);
    } finally {
      ollama.reset();
    }
    expect(sample(await scrape(withMetrics), 'llm_request_duration_seconds_count{outcome="error",provider="ollama",purpose="answer"}')).toBe(1);
  });

  test('with METRICS_ENABLED unset nothing is recorded', async () => {
    await addRegulation(t.ctx);
    expect((await t.request('/api/chat', { json: { message: QUESTION } })).status).toBe(200);
    expect(ollama.requests.some((r) => r.path === '/api/chat')).toBe(true); // the model did answer
    await Bun.sleep(20);
    expect(await metrics(t.ctx).render()).toBe('\n');
  });
});
