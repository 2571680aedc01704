// Streaming multipart/form-data reader: file parts go straight to temp files (never whole in memory) with
// the size cap enforced while bytes arrive; small text fields are collected with a cap. Library uploads take
// one file; chat attachments several (spooled-body.ts).
import { open, rm, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import { AppError, badRequest } from './errors';

export interface StreamedFile {
  tmpPath: string;
  size: number;
  sha256: string;
  /** first bytes, for magic-number checks */
  head: Uint8Array;
  /** name as sent by the client, unsanitised */
  clientName: string;
  contentType: string;
  /** the form field it came in */
  field: string;
}
export interface MultipartResult {
  /** the first file */
  file: StreamedFile | null;
  files: StreamedFile[];
  /** the last value of each text field */
  fields: Record<string, string>;
  /** every part in the order sent */
  entries: Array<[string, string | StreamedFile]>;
}
export interface MultipartOptions {
  tmpDir: string;
  maxFileBytes: number;
  /** per text field; the reviewed `contents` of a long regulation can be a few MB */
  maxFieldBytes?: number;
  /** the field a file comes in ('file' by default), or a test of the field name */
  fileField?: string | ((name: string) => boolean);
  /** files the body may hold (1 by default) */
  maxFiles?: number;
  /** sha256 of each file (by default; chat attachments skip it) */
  hash?: boolean;
  signal?: AbortSignal;
}

export const TOO_LARGE = (maxBytes: number) => new AppError('payload_too_large', `ไฟล์มีขนาดใหญ่เกินกำหนด (สูงสุด ${Math.round(maxBytes / 1024 / 1024)} MB)`);
const HEAD_BYTES = 8192;
const MAX_HEADER_BYTES = 16 * 1024;
const MAX_PARTS = 20;

export function boundaryOf(contentType: string | null): string {
  const m = /^multipart\/form-data\s*;.*?boundary=(?:"([^"]{1,70})"|([^\s;]{1,70}))/i.exec(contentType ?? '');
  if (!m) throw badRequest('ต้องส่งข้อมูลแบบ multipart/form-data');
  return m[1] ?? m[2];
}

interface PartHeaders {
  name: string;
  fileName: string | null;
  contentType: string;
}

export function parsePartHeaders(block: string): PartHeaders {
  let disposition = '';
  let contentType = 'application/octet-stream';
  for (const line of block.split('\r\n')) {
    const i = line.indexOf(':');
    if (i < 0) continue;
    const key = line.slice(0, i).trim().toLowerCase();
    if (key === 'content-disposition') disposition = line.slice(i + 1);
    else if (key === 'content-type')
      contentType = line
        .slice(i + 1)
        .trim()
        .slice(0, 200);
  }
  // Browsers (HTML spec) percent-encode quotes in names and leave backslashes alone: no unescaping here.
  const param = (p: string) =>
    new RegExp(`;\\s*${p}="([^"]*)"`, 'i').exec(disposition)?.[1] ?? new RegExp(`;\\s*${p}=([^;\\s"]+)`, 'i').exec(disposition)?.[1] ?? null;
  const name = param('name');
  if (name === null) throw badRequest('ข้อมูล multipart ไม่ถูกต้อง');
  let fileName = param('filename');
  const star = /;\s*filename\*=(?:UTF-8|utf-8)''([^;\s]+)/.exec(disposition)?.[1];
  if (star) {
    try {
      fileName = decodeURIComponent(star);
    } catch {
      // keep the plain filename
    }
  }
  // Browsers send UTF-8 bytes in the quoted filename; the header block was decoded as latin1 to keep bytes intact.
  const utf8 = (s: string) => new TextDecoder().decode(Uint8Array.from(s, (c) => c.charCodeAt(0) & 0xff));
  return { name: utf8(name), fileName: fileName === null ? null : star ? fileName : utf8(fileName), contentType };
}

/** A file part's bytes are written in blocks of about this much, not one write per chunk the network gave. */
const WRITE_BLOCK_BYTES = 256 * 1024;

class Sink {
  size = 0;
  head = new Uint8Array(0);
  private pending: Uint8Array[] = [];
  private pendingBytes = 0;
  private constructor(
    readonly path: string,
    private fh: FileHandle,
    private max: number,
    private hasher: Bun.CryptoHasher | null,
  ) {}
  static async create(dir: string, max: number, hash: boolean): Promise<Sink> {
    const path = join(dir, `${crypto.randomUUID()}.part`);
    return new Sink(path, await open(path, 'wx', 0o600), max, hash ? new Bun.CryptoHasher('sha256') : null);
  }
  async write(bytes: Uint8Array): Promise<void> {
    if (bytes.length === 0) return;
    this.size += bytes.length;
    if (this.size > this.max) throw TOO_LARGE(this.max);
    if (this.head.length < HEAD_BYTES) this.head = Buffer.concat([this.head, bytes.subarray(0, HEAD_BYTES - this.head.length)]);
    this.hasher?.update(bytes);
    // kept as views (the reader never changes a buffer it has handed on) until a block is full
    this.pending.push(bytes);
    this.pendingBytes += bytes.length;
    if (this.pendingBytes >= WRITE_BLOCK_BYTES) await this.flush();
  }
  private async flush(): Promise<void> {
    if (!this.pending.length) return;
    const block = this.pending;
    this.pending = [];
    this.pendingBytes = 0;
    await this.fh.writev(block);
  }
  digest(): string {
    return this.hasher?.digest('hex') ?? '';
  }
  async close(): Promise<void> {
    try {
      await this.flush();
    } finally {
      await this.fh.close();
    }
  }
}

/**
 * Reads the body once. On any error the temp file is removed before the error is rethrown, so a
 * failed upload never leaves bytes behind.
 */
export async function readMultipart(body: ReadableStream<Uint8Array> | null, contentType: string | null, opts: MultipartOptions): Promise<MultipartResult> {
  if (!body) throw badRequest('ไม่พบไฟล์ที่อัปโหลด');
  const delimiter = Buffer.from(`\r\n--${boundaryOf(contentType)}`);
  const maxField = opts.maxFieldBytes ?? 32 * 1024 * 1024;
  const wanted = opts.fileField ?? 'file';
  const isFileField = typeof wanted === 'string' ? (name: string) => name === wanted : wanted;
  const maxFiles = opts.maxFiles ?? 1;
  const fields: Record<string, string> = {};
  const entries: MultipartResult['entries'] = [];
  const files: StreamedFile[] = [];
  let sink: Sink | null = null;
  let field: { name: string; parts: Buffer[]; size: number } | null = null;
  let state: 'preamble' | 'afterDelimiter' | 'headers' | 'body' | 'done' = 'preamble';
  let parts = 0;
  // A leading CRLF lets the first boundary match the same delimiter as the others.
  let buf: Buffer = Buffer.from('\r\n');

  const emit = async (bytes: Buffer) => {
    if (sink) await sink.write(bytes);
    else if (field) {
      field.size += bytes.length;
      if (field.size > maxField) throw new AppError('payload_too_large', `ข้อมูล ${field.name} มีขนาดใหญ่เกินกำหนด`);
      field.parts.push(Buffer.from(bytes));
    }
  };
  const endPart = async ({ name, fileName, contentType }: PartHeaders) => {
    if (sink) {
      await sink.close();
      const file = { tmpPath: sink.path, size: sink.size, sha256: sink.digest(), head: sink.head, clientName: fileName ?? '', contentType, field: name };
      files.push(file);
      entries.push([name, file]);
      sink = null;
    } else if (field) {
      fields[field.name] = Buffer.concat(field.parts).toString('utf8');
      entries.push([field.name, fields[field.name]!]);
      field = null;
    }
  };

  let current: PartHeaders | null = null;
  const reader = body.getReader();
  const onAbort = () => void reader.cancel().catch(() => undefined);
  opts.signal?.addEventListener('abort', onAbort, { once: true });
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (value?.length) {
        const chunk = Buffer.from(value.buffer, value.byteOffset, value.byteLength);
        // In a file's bytes, `buf` is only the tail kept in case a delimiter starts in it: when none straddles
        // into this chunk, the tail is written now and the chunk read as it is, instead of copying every chunk
        // into a new buffer (50 chats × 9.5 MB of attachments were 475 MB of copies on the event loop).
        if (state === 'body' && buf.length < delimiter.length && chunk.length >= delimiter.length) {
          const seam = Buffer.concat([buf, chunk.subarray(0, delimiter.length - 1)]);
          if (seam.indexOf(delimiter) < 0) {
            await emit(buf);
            buf = chunk;
          } else buf = Buffer.concat([buf, chunk]);
        } else buf = buf.length ? Buffer.concat([buf, chunk]) : chunk;
      }
      // Process as much of the buffer as possible.
      for (;;) {
        if (state === 'preamble' || state === 'body') {
          const at = buf.indexOf(delimiter);
          if (at < 0) {
            const keep = Math.min(buf.length, delimiter.length - 1);
            if (state === 'body') await emit(buf.subarray(0, buf.length - keep));
            buf = buf.subarray(buf.length - keep);
            break;
          }
          if (state === 'body') {
            await emit(buf.subarray(0, at));
            await endPart(current!);
          }
          buf = buf.subarray(at + delimiter.length);
          state = 'afterDelimiter';
        } else if (state === 'afterDelimiter') {
          if (buf.length < 2) break;
          if (buf[0] === 0x2d && buf[1] === 0x2d) {
            state = 'done';
            break;
          }
          const eol = buf.indexOf('\r\n');
          if (eol < 0) {
            if (buf.length > 256) throw badRequest('ข้อมูล multipart ไม่ถูกต้อง');
            break;
          }
          buf = buf.subarray(eol + 2);
          state = 'headers';
        } else if (state === 'headers') {
          const end = buf.indexOf('\r\n\r\n');
          if (end < 0) {
            if (buf.length > MAX_HEADER_BYTES) throw badRequest('ข้อมูล multipart ไม่ถูกต้อง');
            break;
          }
          if (++parts > MAX_PARTS) throw badRequest('ข้อมูล multipart มีหลายส่วนเกินไป');
          current = parsePartHeaders(buf.subarray(0, end).toString('latin1'));
          buf = buf.subarray(end + 4);
          if (isFileField(current.name) && current.fileName !== null) {
            if (files.length >= maxFiles) throw badRequest(maxFiles === 1 ? 'อัปโหลดได้ครั้งละหนึ่งไฟล์' : `แนบไฟล์ได้ไม่เกิน ${maxFiles} ไฟล์`);
            sink = await Sink.create(opts.tmpDir, opts.maxFileBytes, opts.hash ?? true);
          } else field = { name: current.name, parts: [], size: 0 };
          state = 'body';
        } else break;
      }
      if (state === 'done' || done) break;
    }
    if (state !== 'done') throw badRequest('ข้อมูล multipart ไม่สมบูรณ์');
    return { file: files[0] ?? null, files, fields, entries };
  } catch (e) {
    const open = sink as Sink | null;
    if (open) await open.close().catch(() => undefined);
    for (const path of [...(open ? [open.path] : []), ...files.map((f) => f.tmpPath)]) await rm(path, { force: true });
    await reader.cancel().catch(() => undefined);
    throw e;
  } finally {
    opts.signal?.removeEventListener('abort', onAbort);
  }
}
