// Drafts' DOCX files are built in a worker thread, not on the server's event loop (#34): docx's layout and
// JSZip's packing are 15–60 ms of synchronous work a file, and 20 drafts at once held /healthz for
// 160–240 ms even one at a time (render-turns.ts). One thread, started on first use and ended after
// IDLE_MS without work; files are built in it in the order asked. Where a thread cannot be started (a build
// without the worker's file), files are built on the loop one at a time with a turn between two, and that
// is logged once.
import type { AppContext } from '../../../src/context';
import { renderDocx } from './docx';
import type { DocxReply, DocxRequest } from './docx-worker';
import type { DraftDoc } from './layout';
import { renderInTurn } from './render-turns';

const IDLE_MS = 60_000;

interface Pending {
  ctx: AppContext;
  doc: DraftDoc;
  extra: string[];
  resolve: (file: Buffer) => void;
  reject: (err: Error) => void;
}

// A single binary embeds the worker as a second entry point at a path of its own (scripts/build-binary.ts
// registers it); from the sources it sits beside this file.
let workerUrl = new URL('./docx-worker.ts', import.meta.url).href;

/** Where the DOCX worker's code is, for a build that moves it (the single binary). */
export function useDocxWorkerAt(url: string): void {
  workerUrl = url;
}

let worker: Worker | null = null;
let unavailable = false;
let idle: Timer | null = null;
let nextId = 1;
const pending = new Map<number, Pending>();

/** The thread the last file was built in (0: the server's own), for tests. */
export let lastDocxThread = -1;

const onLoop = (job: Pending) =>
  renderInTurn(job.ctx, () => renderDocx(job.doc, job.extra)).then((file) => {
    lastDocxThread = 0;
    job.resolve(file);
  }, job.reject);

/** The thread failed (it could not load, or crashed): what it held is built on the loop, and so is what follows. */
function giveUp(w: Worker, why: string, ctx: AppContext | undefined): void {
  if (worker !== w) return;
  worker = null;
  unavailable = true;
  w.terminate();
  ctx?.log.warn('drafts are built on the server thread: the DOCX worker thread failed', { error: why });
  const held = [...pending.values()];
  pending.clear();
  for (const job of held) void onLoop(job);
}

function start(ctx: AppContext): Worker {
  const w = new Worker(workerUrl);
  w.onmessage = (event: MessageEvent<DocxReply>) => {
    const reply = event.data;
    const job = pending.get(reply.id);
    if (!job) return;
    pending.delete(reply.id);
    lastDocxThread = reply.threadId;
    if ('bytes' in reply) job.resolve(Buffer.from(reply.bytes.buffer, reply.bytes.byteOffset, reply.bytes.byteLength));
    else job.reject(new Error(reply.error));
    if (!pending.size) rest(w);
  };
  w.onerror = (event) => giveUp(w, event.message, ctx);
  // an idle thread must not keep a CLI or a test process alive (Bun's Worker has unref; the DOM type lacks it)
  (w as Worker & { unref(): void }).unref();
  return w;
}

/** No work for IDLE_MS: the thread and the ~30 MB it holds go. */
function rest(w: Worker): void {
  if (idle) clearTimeout(idle);
  idle = setTimeout(() => {
    if (worker === w && !pending.size) {
      worker = null;
      w.terminate();
    }
  }, IDLE_MS);
  idle.unref();
}

/** The DOCX of `doc` (with `extra` lines before the review reminder), built off the event loop. */
export function buildDocx(ctx: AppContext, doc: DraftDoc, extra: string[] = []): Promise<Buffer> {
  return new Promise<Buffer>((resolve, reject) => {
    const job: Pending = { ctx, doc, extra, resolve, reject };
    if (unavailable) return void onLoop(job);
    let w: Worker;
    try {
      w = worker ??= start(ctx);
    } catch (err) {
      unavailable = true;
      ctx.log.warn('drafts are built on the server thread: the DOCX worker thread did not start', { error: (err as Error).message });
      return void onLoop(job);
    }
    if (idle) clearTimeout(idle);
    const id = nextId++;
    pending.set(id, job);
    w.postMessage({ id, doc, extra } satisfies DocxRequest);
  });
}

/** Tests: the next file is built as if the thread could not start (or, with false, tries a thread again). */
export function docxThreadUnavailable(value: boolean): void {
  unavailable = value;
}
