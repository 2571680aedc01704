// Worker thread that renders PDF pages for OCR: pdf.js parsing and drawing of untrusted files stay
// off the server's event loop (a 500 dpi page takes about a second of CPU). One worker per document
// being OCR'd; pages are rendered one after another and sent back as grey PGM (transferred, not copied).
import { openRenderDocument, renderPageGrey } from './page-render.ts';

declare const self: Worker;

export type RenderRequest = { type: 'open'; data: Uint8Array } | { type: 'render'; id: number; page: number; turn: number };
export type RenderReply =
  | { type: 'opened'; pages: number }
  | { type: 'rendered'; id: number; pgm: Uint8Array; width: number; height: number; dpi: number }
  | { type: 'failed'; id: number | null; message: string; password?: boolean };

let doc: Awaited<ReturnType<typeof openRenderDocument>> | null = null;
// Requests are handled in arrival order: pdf.js holds one page's decoded images at a time.
let queue: Promise<void> = Promise.resolve();

function reply(message: RenderReply, transfer: Transferable[] = []): void {
  self.postMessage(message, transfer);
}

async function handle(req: RenderRequest): Promise<void> {
  if (req.type === 'open') {
    try {
      doc = await openRenderDocument(req.data);
      reply({ type: 'opened', pages: doc.numPages });
    } catch (err) {
      const e = err as Error;
      reply({ type: 'failed', id: null, message: e.message ?? String(err), password: e.name === 'PasswordException' });
    }
    return;
  }
  try {
    if (!doc) throw new Error('no document is open');
    const page = await renderPageGrey(doc, req.page, req.turn);
    reply({ type: 'rendered', id: req.id, ...page }, [page.pgm.buffer as ArrayBuffer]);
  } catch (err) {
    reply({ type: 'failed', id: req.id, message: (err as Error).message ?? String(err) });
  }
}

self.onmessage = (event: MessageEvent<RenderRequest>) => {
  queue = queue.then(() => handle(event.data));
};
