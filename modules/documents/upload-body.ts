// Request-body side of uploads, shared by /api/files/upload and /api/extract.
import type { AppContext } from '../../src/context';
import { readMultipart, TOO_LARGE } from '../../src/http/multipart';
import { checkLimit } from '../../src/http/rate-limit';

/** Room for the multipart framing and the JSON `data` part on top of the file cap. */
export const MULTIPART_OVERHEAD = 64 * 1024 * 1024;

/**
 * A parse hook that reads nothing: Elysia would otherwise buffer the whole multipart body in memory.
 * The handler streams `request.body` to disk itself (after the access guard has run).
 */
export const streamedBody = () => ({ streamed: true as const });

/** Streams an upload's multipart body: the file to DATA_DIR/tmp, text fields to memory (capped). */
export function readUpload(ctx: AppContext, request: Request) {
  const declared = Number(request.headers.get('content-length') ?? NaN);
  if (declared > ctx.config.maxUploadBytes + MULTIPART_OVERHEAD) throw TOO_LARGE(ctx.config.maxUploadBytes);
  return readMultipart(request.body, request.headers.get('content-type'), {
    tmpDir: ctx.paths.tmpDir,
    maxFileBytes: ctx.config.maxUploadBytes,
    signal: request.signal,
  });
}

/** Uploads and extractions per admin (UPLOAD_RATE_PER_MINUTE): each one is disk, CPU and maybe OCR. */
export function limitUploads(ctx: AppContext, userId: string): void | Promise<void> {
  return checkLimit(ctx, `upload:${userId}`, ctx.config.uploadRatePerMinute);
}
