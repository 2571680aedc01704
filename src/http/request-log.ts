import { Elysia } from 'elysia';
import type { AppContext } from '../context';

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
      const { requestId, startedAt, responseValue } = c as unknown as { requestId?: string; startedAt?: number; responseValue?: unknown };
      const path = new URL(request.url).pathname;
      if (path.startsWith('/assets/')) return;
      ctx.log.info('request', {
        requestId,
        method: request.method,
        path,
        status: responseValue instanceof Response ? responseValue.status : typeof set.status === 'number' ? set.status : 200,
        ms: startedAt ? Math.round((performance.now() - startedAt) * 10) / 10 : undefined,
      });
    });
}
