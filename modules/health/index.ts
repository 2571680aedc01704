import { Elysia } from 'elysia';
import type { AppContext } from '../../src/context';
import { checkHealth } from './service';
import { metrics } from '../../src/metrics';
import { notFound } from '../../src/http/errors';

export function healthModule(ctx: AppContext) {
  return new Elysia({ name: 'health', seed: ctx.id }).get('/healthz', async ({ set }) => {
    const report = await checkHealth(ctx);
    set.status = report.ok ? 200 : 503;
    return report;
  })
    // Prometheus scrape endpoint, only when METRICS_ENABLED=true (keep it off the public proxy).
    .get('/metrics', async ({ set }) => {
      if (!ctx.config.metricsEnabled) throw notFound();
      set.headers['content-type'] = 'text/plain; version=0.0.4; charset=utf-8';
      return metrics(ctx).render();
    });
}
