import { describe, expect, test } from 'bun:test';
import { Metrics } from './metrics';

describe('Metrics', () => {
  test('renders counters, histograms and gauges in Prometheus text format', async () => {
    const m = new Metrics();
    m.inc('http_requests_total', { route: '/api/x', status: '200' }, 1, 'Requests');
    m.inc('http_requests_total', { route: '/api/x', status: '200' });
    m.observe('llm_seconds', 0.3, { provider: 'ollama' });
    m.gauge('index_chunks', () => 42);
    const text = await m.render();
    expect(text).toContain('# HELP http_requests_total Requests');
    expect(text).toContain('http_requests_total{route="/api/x",status="200"} 2');
    expect(text).toContain('llm_seconds_bucket{provider="ollama",le="0.25"} 0');
    expect(text).toContain('llm_seconds_bucket{provider="ollama",le="0.5"} 1');
    expect(text).toContain('llm_seconds_count{provider="ollama"} 1');
    expect(text).toContain('index_chunks 42');
  });

  test('escapes label values', async () => {
    const m = new Metrics();
    m.inc('x_total', { path: 'a"b\\c' });
    expect(await m.render()).toContain('x_total{path="a\\"b\\\\c"} 1');
  });
});
