import { Elysia } from 'elysia';
import type { AppContext } from '../context';
import { metrics } from '../metrics';

/** A request id per request (kept from `x-request-id` when a proxy sets one) and one log line per response. */
export function requestLog(ctx: AppContext) {
  return new Elysia({ name: 'request-log', seed: ctx.id })
    .derive({ as: 'global' }, ({ request, set }) => {
      const incoming = request.headers.get('x-request-id');
      const requestId = incoming && /^[\w-]{1,64}$/.test(incoming) ? incoming : crypto.randomUUID();
      set.headers['x-request-id'] = requestId;
      return { requestId, startedAt: performance.now() };
    })
    .onAfterResponse({ as: 'global' }, (c) => {
      const { request, set } = c;
      const { requestId, startedAt, responseValue, route } = c as unknown as { requestId?: string; startedAt?: number; responseValue?: unknown; route?: string };
      const path = new URL(request.url).pathname;
      if (path.startsWith('/assets/')) return;
      const status = responseValue instanceof Response ? responseValue.status : typeof set.status === 'number' ? set.status : 200;
      const ms = startedAt ? performance.now() - startedAt : 0;
      // Only recorded when /metrics can be scraped: building label keys cost ~15 % of a cached page's CPU.
      if (ctx.config.metricsEnabled) {
        // label by the route pattern (/api/files/:id/get), never the raw path, to keep series bounded
        const labels = { method: request.method, route: route || 'unmatched', status: String(status) };
        metrics(ctx).inc('http_requests_total', labels, 1, 'HTTP requests by route and status');
        metrics(ctx).observe('http_request_duration_seconds', ms / 1000, { method: request.method, route: route || 'unmatched' }, 'HTTP request latency (until the handler returned)');
      }
      ctx.log.info('request', {
        requestId,
        method: request.method,
        path,
        status,
        ms: Math.round(ms * 10) / 10,
      });
    });
}
