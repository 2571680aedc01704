// The worker thread that builds drafts' DOCX files (docx-thread.ts starts it): the layout's blocks come in,
// the file's bytes go back (transferred, not copied). Nothing here touches the database or the network.
import { setPriority } from 'node:os';
import { threadId } from 'node:worker_threads';
import { renderDocx } from './docx.ts';
import type { DraftDoc } from './layout.ts';

export type DocxRequest = { id: number; doc: DraftDoc; extra: string[] };
export type DocxReply = { id: number; threadId: number } & ({ bytes: Uint8Array } | { error: string });

declare const self: Worker;

// Background work, like the parse workers: on a busy machine the scheduler prefers the server's own thread.
// (On Linux a thread's niceness is its own: this lowers this thread only.)
try {
  setPriority(10);
} catch {
  // not permitted here: the thread runs at the server's priority
}

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
