import { Elysia } from 'elysia';
import type { AppContext } from '../context';
import { metrics } from '../metrics';
import { clientIp } from './rate-limit';

interface Started {
  requestId: string;
  startedAt: number;
  /** the client's address as the rate limits see it (clientIp: the trusted proxy's, else the socket's) */
  ip: string;
}

/**
 * A request id per request (kept from `x-request-id` when a proxy sets one) and one log line per response.
 * The id and start time are taken in `onRequest`, which also runs for paths no route matches (derive does
 * not), so an unknown path is logged and counted as the 404 it answers, with its id. A streamed response
 * (SSE) is logged and timed when its last byte has gone (or the client went away), not when its headers
 * were sent.
 */
export function requestLog(ctx: AppContext) {
  const started = new WeakMap<Request, Started>();

  function record(request: Request, route: string | undefined, status: number, extra: Record<string, unknown> = {}) {
    const path = new URL(request.url).pathname;
    if (path.startsWith('/assets/')) return;
    const s = started.get(request);
    const ms = s ? performance.now() - s.startedAt : 0;
    // Only recorded when /metrics can be scraped: building label keys cost ~15 % of a cached page's CPU.
    if (ctx.config.metricsEnabled) {
      // label by the route pattern (/api/files/:id/get), never the raw path, to keep series bounded
      const labels = { method: request.method, route: route || 'unmatched', status: String(status) };
      metrics(ctx).inc('http_requests_total', labels, 1, 'HTTP requests by route and status');
      metrics(ctx).observe(
        'http_request_duration_seconds',
        ms / 1000,
        { method: request.method, route: route || 'unmatched' },
        'HTTP request latency (streamed responses until their last byte)',
      );
    }
    ctx.log.info('request', { requestId: s?.requestId, ip: s?.ip, method: request.method, path, status, ms: Math.round(ms * 10) / 10, ...extra });
  }

  const streamed = new WeakSet<Request>();

  return (
    new Elysia({ name: 'request-log', seed: ctx.id })
      .onRequest(({ request, set, server }) => {
        const incoming = request.headers.get('x-request-id');
        const requestId = incoming && /^[\w-]{1,64}$/.test(incoming) ? incoming : crypto.randomUUID();
        set.headers['x-request-id'] = requestId;
        const ip = clientIp(ctx, request, server?.requestIP(request)?.address ?? null);
        started.set(request, { requestId, startedAt: performance.now(), ip });
      })
      .derive({ as: 'global' }, ({ request }) => {
        const s = started.get(request);
        return { requestId: s?.requestId ?? '', startedAt: s?.startedAt ?? performance.now() };
      })
      // afterHandle, not mapResponse: a global mapResponse that leaves a response alone loses the body of
      // error responses (Elysia 1.4), and streams come from handlers anyway.
      .onAfterHandle({ as: 'global' }, (c) => {
        const { request } = c;
        const { responseValue, route } = c as unknown as { responseValue?: unknown; route?: string };
        if (!(responseValue instanceof Response) || !responseValue.body || !responseValue.headers.get('content-type')?.includes('text/event-stream')) return;
        // The body is handed on through a stream that notices its end or its cancellation.
        streamed.add(request);
        const reader = responseValue.body.getReader();
        let finished = false;
        const finish = (outcome: 'end' | 'cancelled' | 'error') => {
          if (finished) return;
          finished = true;
          record(request, route, responseValue.status, { stream: outcome });
        };
        const body = new ReadableStream<Uint8Array>({
          async pull(controller) {
            try {
              const chunk = await reader.read();
              if (chunk.done) {
                finish('end');
                controller.close();
              } else controller.enqueue(chunk.value);
            } catch (e) {
              finish('error');
              controller.error(e);
            }
          },
          cancel(reason) {
            finish('cancelled');
            return reader.cancel(reason);
          },
        });
        return new Response(body, { status: responseValue.status, statusText: responseValue.statusText, headers: responseValue.headers });
      })
      .onAfterResponse({ as: 'global' }, (c) => {
        const { request, set } = c;
        if (streamed.has(request)) return;
        const { responseValue, route, code } = c as unknown as { responseValue?: unknown; route?: string; code?: unknown };
        // The HTML 404 page is a Response made by the error handler, which this hook does not see.
        const status =
          responseValue instanceof Response ? responseValue.status : code === 'NOT_FOUND' ? 404 : typeof set.status === 'number' ? set.status : 200;
        record(request, route, status);
      })
  );
}
