// Multipart bodies (chat, draft and conversation attachments) spooled to disk while they stream (#34): the
// body parser used to hold every chunk and then a parsed copy in memory, so 50 chats with 5 × 1.9 MB PDFs
// each grew the server by 318–646 MB while they waited for a parse worker. Now each file part is written to
// DATA_DIR/tmp as it arrives and the route sees a File backed by that file (Bun reads it lazily).
// The files live as long as their request: removed after the response, or, when a cancellable job
// (cancellable.ts) holds them, when that job ends, whichever is later. Start-up removes any left by a crash.
import { rm } from 'node:fs/promises';
import { readMultipart } from './multipart';

/** Files a chat or draft carries (modules/assistant/attachments.ts says so in Thai when there are more). */
export const MAX_SPOOLED_FILES = 5;

interface Spool {
  paths: string[];
  holds: number;
}
const spools = new WeakMap<Request, Spool>();

/** The form's fields as Elysia shapes them (a repeated field becomes a list), file parts as disk-backed Files. */
export async function spoolMultipart(
  request: Request,
  body: ReadableStream<Uint8Array>,
  opts: { tmpDir: string; limit: number },
): Promise<Record<string, unknown>> {
  const form = await readMultipart(body, request.headers.get('content-type'), {
    tmpDir: opts.tmpDir,
    maxFileBytes: opts.limit,
    maxFieldBytes: opts.limit,
    fileField: () => true,
    maxFiles: MAX_SPOOLED_FILES,
    hash: false,
    signal: request.signal,
  });
  spools.set(request, { paths: form.files.map((f) => f.tmpPath), holds: 0 });
  const out: Record<string, unknown> = Object.create(null);
  for (const [key, part] of form.entries) {
    if (key === '__proto__' || key === 'constructor' || key === 'prototype') continue;
    const value = typeof part === 'string' ? part : new File([Bun.file(part.tmpPath)], part.clientName, { type: part.contentType });
    const seen = out[key];
    out[key] = seen === undefined ? value : Array.isArray(seen) ? [...seen, value] : [seen, value];
  }
  return { ...out };
}

function remove(request: Request): void {
  const spool = spools.get(request);
  if (!spool || spool.holds > 0) return;
  spools.delete(request);
  for (const path of spool.paths) void rm(path, { force: true });
}

/** Keeps the request's spooled files past its response until the returned release is called (a streamed answer). */
export function holdSpooled(request: Request): () => void {
  const spool = spools.get(request);
  if (!spool) return () => undefined;
  spool.holds++;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    spool.holds--;
    remove(request);
  };
}

/** After the response: the request's spooled files go, unless a job still holds them. */
export const releaseSpooled = remove;
