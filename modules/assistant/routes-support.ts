// Shared steps of the assistant routes: who is calling, the rate limit (with Retry-After), and running
// a cancellable job as SSE or as one JSON body.
import type { AppContext } from '../../src/context';
import type { Caller } from '../../src/http/auth-context';
import { AppError } from '../../src/http/errors';
import { cancelConnection, registerConnection, releaseConnection } from './cancel';
import { identify, type Requester } from './guest';
import { checkRateLimit, clientIp } from './rate-limit';
import { streamToSse, wantsSse, type SseSink } from './sse';

type Headers = Record<string, string | number>;

interface RequestBits {
  request: Request;
  me: Caller | null;
  set: { headers: Headers | Record<string, unknown> };
  server: { requestIP(req: Request): { address: string } | null } | null;
}

/** Identifies the caller (issuing a guest cookie when needed) and applies the rate limits. */
export function admit(ctx: AppContext, { request, me, set, server }: RequestBits, limited = true): Requester {
  const who = identify(ctx, request, me);
  if (who.setCookie) (set.headers as Headers)['set-cookie'] = who.setCookie;
  if (limited) {
    try {
      checkRateLimit(ctx, who.limitKey, clientIp(ctx, request, server?.requestIP(request)?.address ?? null));
    } catch (err) {
      if (err instanceof AppError && err.code === 'rate_limited') (set.headers as Headers)['retry-after'] = String(err.details?.retryAfter ?? 60);
      throw err;
    }
  }
  return who;
}

/**
 * Runs `job` under a registered connection id: /api/cancel (same owner) or the browser leaving the
 * stream aborts it. SSE sends `meta` first, then what the job sends, then `done`/`error`.
 */
export async function runCancellable<T>(
  ctx: AppContext,
  request: Request,
  who: Requester,
  connectionId: string | undefined,
  job: (signal: AbortSignal, sink: SseSink | null) => Promise<T>,
): Promise<T | Response> {
  const id = connectionId || crypto.randomUUID();
  const signal = registerConnection(ctx, id, who.owner);
  const release = () => releaseConnection(ctx, id, signal);
  if (!wantsSse(request)) {
    try {
      return await job(signal, null);
    } finally {
      release();
    }
  }
  const response = streamToSse(
    async (sink) => {
      sink.send('meta', { connection_id: id });
      try {
        return await job(signal, sink);
      } finally {
        release();
      }
    },
    {
      // Nobody is left to read a guest answer: stop generating it.
      onClientGone: () => cancelConnection(ctx, id, who.owner),
      onError: (err) => ctx.log.error('assistant stream failed', { error: err instanceof Error ? err.message : String(err) }),
    },
  );
  if (who.setCookie) response.headers.append('set-cookie', who.setCookie);
  return response;
}
