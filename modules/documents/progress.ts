// GET /api/files/{id}/progress: the current state first (late subscribers see where the job is),
// then live events until ready or failed.
import type { AppContext } from '../../src/context';
import { getDocumentRow } from './service';
import { indexQueue } from './indexer';
import type { ProgressEvent } from './jobs';
import { SSE_HEADERS, sseFrame } from '../../src/http/sse';

const KEEPALIVE_MS = 15_000;

export async function progressResponse(ctx: AppContext, id: string, signal: AbortSignal): Promise<Response> {
  await getDocumentRow(ctx, id); // 404 before the stream starts
  const queue = indexQueue(ctx);
  const encoder = new TextEncoder();
  let cleanup = () => {};
  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      let closed = false;
      const send = (e: ProgressEvent) => {
        if (closed) return;
        controller.enqueue(encoder.encode(sseFrame('progress', e)));
        if (e.stage === 'ready' || e.stage === 'failed') finish();
      };
      const finish = () => {
        if (closed) return;
        closed = true;
        cleanup();
        controller.close();
      };
      // Subscribe before reading the state, so an event between the two is not lost.
      const unsubscribe = queue.subscribe(id, send);
      const keepalive = setInterval(() => !closed && controller.enqueue(encoder.encode(': keepalive\n\n')), KEEPALIVE_MS);
      const onAbort = () => finish();
      signal.addEventListener('abort', onAbort, { once: true });
      cleanup = () => {
        unsubscribe();
        clearInterval(keepalive);
        signal.removeEventListener('abort', onAbort);
      };
      const live = queue.current(id);
      if (live) return send(live);
      let row;
      try {
        row = await getDocumentRow(ctx, id);
      } catch {
        return send({ stage: 'failed', done: 0, total: 0, message: 'ไม่พบเอกสาร' });
      }
      if (row.status === 'ready') send({ stage: 'ready', done: row.chunkCount, total: row.chunkCount });
      else if (row.status === 'failed') send({ stage: 'failed', done: 0, total: 0, message: row.statusError ?? undefined });
      else send({ stage: 'indexing', done: 0, total: 0, message: 'queued' });
    },
    cancel() {
      cleanup();
    },
  });
  return new Response(stream, { headers: SSE_HEADERS });
}
