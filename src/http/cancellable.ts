// Running a cancellable job (an answer, a draft) as SSE or as one JSON body, under a connection id that
// /api/cancel or the browser leaving can abort.
import type { AppContext } from '../context';
import { cancelConnection, registerConnection, releaseConnection } from './cancel';
import type { Requester } from './requester';
import { streamToSse, wantsSse, type SseSink } from './sse';

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
