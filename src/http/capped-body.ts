// Request bodies read with a byte cap that holds while they stream: a chunked body (no Content-Length)
// is stopped at the cap with 413 instead of being read whole (a 500 MB chunked body to /api/chat was
// read into memory before a 400). Parsed here, after the caller was checked (guards.ts), so a stranger
// never makes the server read, parse or validate a body.
import { open } from 'node:fs/promises';
import { AppError, badRequest } from './errors';
import { BODY_TOO_LARGE } from './body-limits';
import { spoolMultipart } from './spooled-body';

/** Largest JSON body: a document's reviewed text (20 M characters) is the biggest field. */
export const MAX_JSON_BYTES = 64 * 1024 * 1024;
/** Chat and draft attachments (5 files of at most 20 MB, and the fields); library uploads stream to disk instead. */
export const MAX_MULTIPART_BYTES = 5 * 20 * 1024 * 1024 + 1024 * 1024;

const tooLarge = () => new AppError('payload_too_large', BODY_TOO_LARGE);

/** The body's chunks as they come, refused past `limit` bytes (declared or streamed) without reading further. */
async function* cappedChunks(request: Request, limit: number): AsyncGenerator<Uint8Array<ArrayBuffer>> {
  const declared = Number(request.headers.get('content-length') ?? NaN);
  if (declared > limit) throw tooLarge();
  if (!request.body) return;
  const reader = request.body.getReader();
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge();
    }
    yield value as Uint8Array<ArrayBuffer>;
  }
}

/** The same chunks as a stream (for the multipart reader). */
function cappedStream(request: Request, limit: number): ReadableStream<Uint8Array> {
  const chunks = cappedChunks(request, limit);
  return new ReadableStream({
    async pull(controller) {
      const { done, value } = await chunks.next();
      if (done) controller.close();
      else controller.enqueue(value);
    },
    async cancel() {
      await chunks.return(undefined);
    },
  });
}

/** The body's chunks as they came, at most `limit` bytes in all. */
async function readParts(request: Request, limit: number): Promise<{ parts: Uint8Array<ArrayBuffer>[]; size: number }> {
  const parts: Uint8Array<ArrayBuffer>[] = [];
  let size = 0;
  for await (const part of cappedChunks(request, limit)) {
    parts.push(part);
    size += part.byteLength;
  }
  return { parts, size };
}

export async function readCapped(request: Request, limit: number): Promise<Uint8Array<ArrayBuffer>> {
  const { parts, size } = await readParts(request, limit);
  const out = new Uint8Array(new ArrayBuffer(size));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.byteLength;
  }
  return out;
}

/** Streams the body to `path` under the same cap (a body read elsewhere, e.g. in a parse worker); the file is the caller's to remove. */
export async function writeCapped(request: Request, path: string, limit: number): Promise<number> {
  const declared = Number(request.headers.get('content-length') ?? NaN);
  if (declared > limit) throw tooLarge();
  const file = await open(path, 'w');
  let size = 0;
  try {
    for await (const part of cappedChunks(request, limit)) {
      size += part.byteLength;
      await file.write(part);
    }
    return size;
  } finally {
    await file.close();
  }
}

const MALFORMED = 'Malformed request body';

/**
 * Like Elysia's own parsers for the types our routes take; undefined for a type it leaves alone. `caps`: the route's own
 * (body-caps.ts). `tmpDir`: where multipart files are spooled (spooled-body.ts).
 */
export async function parseCapped(request: Request, contentType: string, caps: { json: number; multipart: number }, tmpDir: string): Promise<unknown> {
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  if (type === 'application/json' || type.endsWith('+json')) {
    const text = new TextDecoder().decode(await readCapped(request, caps.json));
    if (!text.trim()) return {};
    try {
      return JSON.parse(text);
    } catch {
      throw badRequest(MALFORMED);
    }
  }
  if (type === 'text/plain') return new TextDecoder().decode(await readCapped(request, caps.json));
  if (type === 'application/x-www-form-urlencoded') return grouped(new URLSearchParams(new TextDecoder().decode(await readCapped(request, caps.json))));
  // files to DATA_DIR/tmp as they arrive, never the whole body in memory (spooled-body.ts)
  if (type === 'multipart/form-data') return spoolMultipart(request, cappedStream(request, caps.multipart), { tmpDir, limit: caps.multipart });
  return undefined;
}

/** One value per field, or an array when a field repeats (several `files`), as Elysia shapes form bodies. */
function grouped(entries: { forEach(fn: (value: FormDataEntryValue, key: string) => void): void }): Record<string, unknown> {
  const out: Record<string, unknown> = Object.create(null);
  entries.forEach((value, key) => {
    if (key === '__proto__' || key === 'constructor' || key === 'prototype') return;
    const seen = out[key];
    out[key] = seen === undefined ? value : Array.isArray(seen) ? [...seen, value] : [seen, value];
  });
  return { ...out };
}
