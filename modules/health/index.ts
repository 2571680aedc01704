import { Elysia } from 'elysia';
import type { AppContext } from '../../src/context';
import { checkHealth } from './service';
import { metrics } from '../../src/metrics';
import { forbidden, notFound } from '../../src/http/errors';

const LOOPBACK = /^(127\.|::1$|::ffff:127\.)/;

/** Scrapes come from the same machine, or present METRICS_TOKEN; a proxy in front must not make them local. */
function mayScrape(ctx: AppContext, request: Request, ip: string | undefined): boolean {
  const auth = request.headers.get('authorization');
  if (ctx.config.metricsToken && auth === `Bearer ${ctx.config.metricsToken}`) return true;
  const proxied = request.headers.has('x-forwarded-for') || request.headers.has('forwarded');
  return !proxied && ip !== undefined && LOOPBACK.test(ip);
}

export function healthModule(ctx: AppContext) {
  return new Elysia({ name: 'health', seed: ctx.id })
    .get('/healthz', async ({ set }) => {
      const report = await checkHealth(ctx);
      set.status = report.ok ? 200 : 503;
      return report;
    })
    // Prometheus scrape endpoint, only when METRICS_ENABLED=true.
    .get('/metrics', async ({ set, request, server }) => {
      if (!ctx.config.metricsEnabled) throw notFound();
      if (!mayScrape(ctx, request, server?.requestIP(request)?.address)) throw forbidden('Metrics are available from this machine or with METRICS_TOKEN.');
      set.headers['content-type'] = 'text/plain; version=0.0.4; charset=utf-8';
      return metrics(ctx).render();
    });
}
