// Running a cancellable job (an answer, a draft) as SSE or as one JSON body, under a connection id that
// /api/cancel or the browser leaving can abort.
import type { AppContext } from '../context';
import { cancelConnection, registerConnection, releaseConnection } from './cancel';
import { holdAnswerSlot } from './in-flight';
import { holdSpooled } from './spooled-body';
import type { Requester } from './requester';
import { streamToSse, wantsSse, type SseSink } from './sse';

/**
 * Runs `job` under a registered connection id: /api/cancel (same owner), the browser leaving, or a stream
 * its browser stopped reading (config.inFlight.stallMs) aborts it. It holds one of the requester's and the
 * address's answer slots while it runs (in-flight.ts: 429 when they are full). SSE sends `meta` first, then
 * what the job sends, then `done`/`error`.
 */
export async function runCancellable<T>(
  ctx: AppContext,
  request: Request,
  who: Requester,
  connectionId: string | undefined,
  job: (signal: AbortSignal, sink: SseSink | null) => Promise<T>,
): Promise<T | Response> {
  const id = connectionId || crypto.randomUUID();
  const releaseSlot = await holdAnswerSlot(ctx, who);
  let signal: AbortSignal;
  try {
    signal = registerConnection(ctx, id, who.owner);
  } catch (err) {
    releaseSlot();
    throw err;
  }
  // the request's attached files (spooled-body.ts) stay on disk while the job may still read them
  const releaseFiles = holdSpooled(request);
  // A client that goes away (the connection closed, JSON or SSE) stops the model request too.
  const gone = () => cancelConnection(ctx, id, who.owner);
  request.signal.addEventListener('abort', gone, { once: true });
  const release = () => {
    request.signal.removeEventListener('abort', gone);
    releaseSlot();
    releaseConnection(ctx, id, signal);
    releaseFiles();
  };
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
      // Nobody is left to read a guest answer, or nobody reads it: stop generating it.
      onClientGone: gone,
      stallMs: ctx.config.inFlight.stallMs,
      onError: (err) => ctx.log.error('assistant stream failed', { error: err instanceof Error ? err.message : String(err) }),
    },
  );
  if (who.setCookie) response.headers.append('set-cookie', who.setCookie);
  return response;
}
