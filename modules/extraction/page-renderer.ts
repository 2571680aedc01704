// The server-side handle on a render worker (render-worker.ts): open a PDF there, ask for pages,
// get grey page images back. A crash or a hang of the worker fails the pages, never the server.
import { ExtractionError } from './errors.ts';
import type { RenderedPage } from './page-render.ts';
import type { RenderReply, RenderRequest } from './render-worker.ts';

// Generous: a 600 dpi A3 page decodes ~70 Mpx before scaling; a worker silent for this long is stuck.
const PAGE_TIMEOUT_MS = 120_000;

export interface PageRenderer {
  pages: number;
  /** `turn`: degrees clockwise beyond the page's /Rotate (a scan stored sideways). */
  render(page: number, signal?: AbortSignal, turn?: number): Promise<RenderedPage>;
  close(): void;
}

type Pending = { resolve: (p: RenderedPage) => void; reject: (e: Error) => void; timer: Timer };

/** Start a render worker on a copy of `data`. */
export async function openPageRenderer(data: Uint8Array): Promise<PageRenderer> {
  // In the single binary this module is bundled into the main entry, and scripts/build-binary.ts puts a
  // render-worker.ts entry beside it: the same relative URL finds it there.
  const worker = new Worker(new URL('./render-worker.ts', import.meta.url).href);
  const pending = new Map<number, Pending>();
  let opened: { resolve: (n: number) => void; reject: (e: Error) => void } | null = null;
  let closed = false;
  let nextId = 1;

  const failAll = (err: Error) => {
    opened?.reject(err);
    opened = null;
    for (const p of pending.values()) {
      clearTimeout(p.timer);
      p.reject(err);
    }
    pending.clear();
  };
  const close = () => {
    if (closed) return;
    closed = true;
    failAll(new ExtractionError('aborted', 'page rendering was stopped'));
    worker.terminate();
  };

  worker.onmessage = (event: MessageEvent<RenderReply>) => {
    const msg = event.data;
    if (msg.type === 'opened') {
      opened?.resolve(msg.pages);
      opened = null;
      return;
    }
    if (msg.type === 'failed' && msg.id === null) {
      const code = msg.password ? 'encrypted' : 'corrupt';
      opened?.reject(new ExtractionError(code, `cannot open the PDF for rendering: ${msg.message}`));
      opened = null;
      return;
    }
    const p = msg.id === null ? undefined : pending.get(msg.id);
    if (!p || msg.id === null) return;
    pending.delete(msg.id);
    clearTimeout(p.timer);
    if (msg.type === 'rendered') p.resolve({ pgm: msg.pgm, width: msg.width, height: msg.height, dpi: msg.dpi });
    else p.reject(new ExtractionError('ocr_failed', msg.message));
  };
  worker.onerror = (event) => {
    failAll(new ExtractionError('ocr_failed', `the page renderer crashed: ${event.message}`));
    close();
  };
  // Exited without an error event (killed, out of memory): pending pages fail instead of waiting.
  worker.addEventListener('close', () => {
    failAll(new ExtractionError('ocr_failed', 'the page renderer stopped'));
    closed = true;
  });

  const pages = await new Promise<number>((resolve, reject) => {
    opened = { resolve, reject };
    worker.postMessage({ type: 'open', data: data.slice() } satisfies RenderRequest);
  }).catch((err) => {
    close();
    throw err;
  });

  return {
    pages,
    close,
    render(page, signal, turn = 0) {
      if (closed) return Promise.reject(new ExtractionError('aborted', 'page rendering was stopped'));
      if (signal?.aborted) return Promise.reject(new ExtractionError('aborted', 'OCR aborted'));
      const id = nextId++;
      return new Promise<RenderedPage>((resolve, reject) => {
        const timer = setTimeout(() => {
          // A stuck worker blocks every later page of this document: stop it.
          failAll(new ExtractionError('ocr_failed', `rendering page ${page} took longer than ${PAGE_TIMEOUT_MS / 1000} s`));
          close();
        }, PAGE_TIMEOUT_MS);
        pending.set(id, { resolve, reject, timer });
        signal?.addEventListener(
          'abort',
          () => {
            if (!pending.delete(id)) return;
            clearTimeout(timer);
            reject(new ExtractionError('aborted', 'OCR aborted'));
          },
          { once: true },
        );
        worker.postMessage({ type: 'render', id, page, turn } satisfies RenderRequest);
      });
    },
  };
}
