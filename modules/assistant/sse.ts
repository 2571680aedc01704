// Server-sent events for our front end: `event: <name>\ndata: <json>\n\n` (docs/api.md "Streaming").
import { AppError, isStorageFull, MESSAGES, storageFull } from '../../src/http/errors';

export interface SseSink {
  send(event: string, data: unknown): void;
}

export function sseFrame(event: string, data: unknown): string {
  return `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

/**
 * Runs `work` while streaming what it sends; its result becomes `done` and a thrown error becomes
 * `error {code, message}`. `onClose` runs when the stream ends or the browser goes away.
 */
export function streamToSse(work: (sink: SseSink) => Promise<unknown>, opts: { onClientGone?: () => void; onError?: (err: unknown) => void } = {}): Response {
  const enc = new TextEncoder();
  let open = true;
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      const sink: SseSink = {
        send(event, data) {
          if (!open) return;
          try {
            controller.enqueue(enc.encode(sseFrame(event, data)));
          } catch {
            open = false;
          }
        },
      };
      try {
        sink.send('done', await work(sink));
      } catch (err) {
        const e = err instanceof AppError ? err : isStorageFull(err) ? storageFull() : new AppError('internal', MESSAGES.internal);
        if (!(err instanceof AppError)) opts.onError?.(err);
        sink.send('error', { code: e.code, message: e.message });
      }
      if (open) {
        open = false;
        controller.close();
      }
    },
    cancel() {
      open = false;
      opts.onClientGone?.();
    },
  });
  return new Response(body, {
    headers: { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache, no-transform', 'x-accel-buffering': 'no' },
  });
}

export function wantsSse(request: Request): boolean {
  return (request.headers.get('accept') ?? '').includes('text/event-stream');
}
