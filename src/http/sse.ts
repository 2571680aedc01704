// Server-sent events for our front end (request plumbing shared by every module): `event: <name>\ndata: <json>\n\n` (docs/api.md "Streaming").
import type { SseEventName } from '../../contracts/sse';
import { AppError, isStorageFull, MESSAGES, storageFull } from './errors';

export interface SseSink {
  send(event: SseEventName, data: unknown): void;
}

/** The one SSE framing of the app (assistant streams, extraction and indexing progress). */
export function sseFrame(event: string, data: unknown): string {
  return `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

export const SSE_HEADERS = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-cache, no-transform',
  'x-accel-buffering': 'no',
} as const;

/**
 * Consecutive `token` events are merged into one frame per this many ms. A frame per token meant one
 * socket write per token per open chat: at 500 chats streaming 30 tokens/s that is 15,000 writes/s for
 * text no one reads faster than ~10 updates/s. The first token still goes out at once.
 */
export const TOKEN_FRAME_MS = 80;

/**
 * Runs `work` while streaming what it sends; its result becomes `done` and a thrown error becomes
 * `error {code, message}`. `onClientGone` runs when the browser goes away first, or, with `stallMs`, when it
 * has left what was sent unread that long (issue 34 finding 6: unread streams were buffered and their model
 * requests kept running): the stream is ended and the work told to stop.
 */
export function streamToSse(
  work: (sink: SseSink) => Promise<unknown>,
  opts: { onClientGone?: () => void; onError?: (err: unknown) => void; stallMs?: number } = {},
): Response {
  const enc = new TextEncoder();
  let open = true;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let watchdog: ReturnType<typeof setInterval> | null = null;
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      if (opts.stallMs)
        watchdog = watchReader(controller, opts.stallMs, () => {
          if (!open) return;
          open = false;
          if (timer) clearTimeout(timer);
          controller.error(new Error('the client stopped reading'));
          opts.onClientGone?.();
        });
      const write = (event: string, data: unknown) => {
        if (!open) return;
        try {
          controller.enqueue(enc.encode(sseFrame(event, data)));
        } catch {
          open = false;
        }
      };
      // Token text waiting for its frame, and when the last token frame went out; `timer` sends what
      // is waiting if no further token comes within the window.
      let pending = '';
      let lastFrame = -Infinity;
      const flush = () => {
        if (timer) clearTimeout(timer);
        timer = null;
        if (!pending) return;
        write('token', { text: pending });
        pending = '';
        lastFrame = performance.now();
      };
      const sink: SseSink = {
        send(event, data) {
          if (event !== 'token') {
            flush();
            write(event, data);
            return;
          }
          pending += (data as { text: string }).text;
          const wait = lastFrame + TOKEN_FRAME_MS - performance.now();
          if (wait <= 0) flush();
          else timer ??= setTimeout(flush, wait);
        },
      };
      try {
        sink.send('done', await work(sink));
      } catch (err) {
        const e = err instanceof AppError ? err : isStorageFull(err) ? storageFull() : new AppError('internal', MESSAGES.internal);
        if (!(err instanceof AppError)) opts.onError?.(err);
        sink.send('error', { code: e.code, message: e.message });
      }
      if (watchdog) clearInterval(watchdog);
      if (open) {
        open = false;
        controller.close();
      }
    },
    cancel() {
      open = false;
      if (watchdog) clearInterval(watchdog);
      if (timer) clearTimeout(timer);
      opts.onClientGone?.();
    },
  });
  return new Response(body, { headers: SSE_HEADERS });
}

/**
 * Calls `onStall` once what was sent has waited unread for `stallMs`: the server takes a chunk as soon as the
 * socket has room (Bun's backpressure), so a queue that stays full means a client that does not read.
 */
function watchReader(controller: ReadableStreamDefaultController<Uint8Array>, stallMs: number, onStall: () => void) {
  let since: number | null = null;
  const watch = setInterval(
    () => {
      if ((controller.desiredSize ?? 1) > 0) {
        since = null;
        return;
      }
      since ??= performance.now();
      if (performance.now() - since < stallMs) return;
      clearInterval(watch);
      onStall();
    },
    Math.max(20, Math.min(1000, stallMs / 5)),
  );
  return watch;
}

export function wantsSse(request: Request): boolean {
  return (request.headers.get('accept') ?? '').includes('text/event-stream');
}

/**
 * A route that answers SSE or JSON resolves to a stream Response or to its schema's body. Elysia types a handler's
 * result as either kind in a promise, not a promise of either: this states the same thing in its terms (the JSON
 * body is still checked against the route's response schema; a Response is sent as it is).
 */
export const sseOrJson = <T>(answer: Promise<T | Response>) => answer as Promise<T> | Promise<Response>;
