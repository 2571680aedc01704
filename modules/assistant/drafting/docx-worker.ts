// The worker thread that builds drafts' DOCX files (docx-thread.ts starts it): the layout's blocks come in,
// the file's bytes go back (transferred, not copied). Nothing here touches the database or the network.
import { threadId } from 'node:worker_threads';
import { renderDocx } from './docx.ts';
import type { DraftDoc } from './layout.ts';

export type DocxRequest = { id: number; doc: DraftDoc; extra: string[] };
export type DocxReply = { id: number; threadId: number } & ({ bytes: Uint8Array } | { error: string });

declare const self: Worker;

// Not niced as the parse workers are: at load 27 on 2 cores a niced thread took over 5 s to start and build a
// draft (a student waits for it); at the server's priority it is one more runnable thread beside the loop.

self.onmessage = async (event: MessageEvent<DocxRequest>) => {
  const { id, doc, extra } = event.data;
  try {
    const built = await renderDocx(doc, extra);
    const bytes = new Uint8Array(built.buffer.slice(built.byteOffset, built.byteOffset + built.byteLength));
    self.postMessage({ id, threadId, bytes } satisfies DocxReply, [bytes.buffer]);
  } catch (err) {
    self.postMessage({ id, threadId, error: err instanceof Error ? err.message : String(err) } satisfies DocxReply);
  }
};
