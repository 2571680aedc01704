// POST /api/extract and /api/extract/ocr (console.md §7): the console's "read the file" step before
// saving. The upload is streamed to a temp file, extracted, and the temp file always deleted.
import { Elysia } from 'elysia';
import { rm } from 'node:fs/promises';
import type { AppContext } from '../../src/context';
import { guards } from '../../src/http/guards';
import { AppError, badRequest } from '../../src/http/errors';
import type { ExtractionResult } from '../extraction';
import { limitUploads, readUpload, streamedBody } from './upload-body';
import { checkUploadType } from './file-type';
import { runExtraction } from './extraction';
import { EMPTY_FILE } from './pipeline';
import { markPages } from './pages';
import { SSE_HEADERS, sseFrame, sseOrJson, wantsSse } from '../../src/http/sse';
import { ExtractionResponses } from '../../contracts/extraction';
import { holdOcrWords } from './viewer/store';

export function extractionBody(r: ExtractionResult, forced: boolean) {
  // page markers between pages: saving the reviewed text keeps each page's number (pages.ts)
  const reviewed = markPages(r.pages, r.checkSpans);
  return {
    status: 'success' as const,
    text: reviewed.text,
    error: null,
    metadata: {
      extraction_method: r.method,
      used_ocr_fallback: r.usedOcr && !forced,
      user_triggered_ocr: forced || r.userTriggeredOcr,
      pages: r.pages.length,
      quality: r.quality,
      check_spans: reviewed.spans,
    },
  };
}

function errorResult(message: string) {
  return {
    status: 'error' as const,
    text: '',
    error: message,
    metadata: { extraction_method: null, used_ocr_fallback: false, user_triggered_ocr: false, pages: 0, quality: null, check_spans: [] },
  };
}

async function handle(ctx: AppContext, request: Request, forced: boolean): Promise<Response | ReturnType<typeof extractionBody>> {
  const { file, fields } = await readUpload(ctx, request);
  const ocr = forced || fields.ocr === 'force' ? 'force' : 'auto';
  const isForced = ocr === 'force';
  const cleanup = () => (file ? rm(file.tmpPath, { force: true }) : Promise.resolve());
  try {
    if (!file) throw badRequest('กรุณาเลือกไฟล์ที่จะอ่านข้อความ');
    if (file.size === 0) throw badRequest(EMPTY_FILE);
    const kind = await checkUploadType(file.tmpPath, file.head, file.clientName, false);
    if (!wantsSse(request)) {
      try {
        const r = await runExtraction(file.tmpPath, kind, ocr, { signal: request.signal, limits: ctx.config.parseLimits.upload });
        await holdOcrWords(ctx, file.sha256, r.ocrWords);
        return extractionBody(r, isForced);
      } finally {
        await cleanup();
      }
    }
    // Streaming: real page progress, then the same JSON as the `result` event (errors included).
    const encoder = new TextEncoder();
    const stream = new ReadableStream<Uint8Array>({
      async start(controller) {
        const send = (event: string, data: unknown) => {
          try {
            controller.enqueue(encoder.encode(sseFrame(event, data)));
          } catch {
            // client went away; extraction is aborted through request.signal
          }
        };
        try {
          const r = await runExtraction(file.tmpPath, kind, ocr, {
            signal: request.signal,
            limits: ctx.config.parseLimits.upload,
            onProgress: (p) => send('progress', { phase: p.stage === 'ocr' ? 'ocr' : 'extract', done: p.done, total: p.total }),
          });
          await holdOcrWords(ctx, file.sha256, r.ocrWords);
          send('result', extractionBody(r, isForced));
        } catch (e) {
          if (!(e instanceof AppError)) ctx.log.error('extraction failed', { error: e as Error });
          send('result', errorResult(e instanceof AppError ? e.message : 'ไม่สามารถอ่านไฟล์ได้'));
        } finally {
          await cleanup();
          try {
            controller.close();
          } catch {
            // already closed by a disconnect
          }
        }
      },
    });
    return new Response(stream, { headers: SSE_HEADERS });
  } catch (e) {
    await cleanup();
    throw e;
  }
}

/** A refused file answers in the extraction result's shape (console.md §7) as well as the error envelope. */
/** After the admin's upload limit (a refusal is the plain 429 with Retry-After, not an extraction result). */
function extractOrRefuse(ctx: AppContext, request: Request, forced: boolean, set: { status?: number | string }, userId: string) {
  return sseOrJson(Promise.resolve(limitUploads(ctx, userId)).then(() => readOrRefuse(ctx, request, forced, set)));
}

async function readOrRefuse(ctx: AppContext, request: Request, forced: boolean, set: { status?: number | string }) {
  try {
    return await handle(ctx, request, forced);
  } catch (e) {
    if (!(e instanceof AppError)) throw e;
    set.status = e.status;
    return { ...errorResult(e.message), message: e.message, code: e.code };
  }
}

export function extractModule(ctx: AppContext) {
  return new Elysia({ name: 'extract', seed: ctx.id })
    .use(guards(ctx))
    .post('/api/extract', ({ request, me, set }) => extractOrRefuse(ctx, request, false, set, me!.user.id), {
      access: 'admin',
      parse: streamedBody,
      response: ExtractionResponses,
    })
    .post('/api/extract/ocr', ({ request, me, set }) => extractOrRefuse(ctx, request, true, set, me!.user.id), {
      access: 'admin',
      parse: streamedBody,
      response: ExtractionResponses,
    });
}
