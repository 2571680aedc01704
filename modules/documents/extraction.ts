// Bridge to the extraction service: Thai messages for its error codes, progress mapped to the
// document progress stages, and pages in the shape the documents store keeps.
import { extractDocument, ExtractionError, type ExtractionResult, type OcrMode, type ParseLimits } from '../extraction';
import { AppError } from '../../src/http/errors';
import type { PageText } from './pages';
import type { ProgressEvent } from './jobs';
import type { FileType } from './storage';

const MESSAGES: Record<ExtractionError['code'], string> = {
  unsupported_type: 'ไม่สามารถอ่านไฟล์ได้: รองรับเฉพาะไฟล์ PDF หรือ DOCX',
  corrupt: 'ไม่สามารถอ่านไฟล์ได้: ไฟล์เสียหายหรือไม่สมบูรณ์',
  encrypted: 'ไม่สามารถอ่านไฟล์ได้: ไฟล์ถูกเข้ารหัสหรือป้องกันด้วยรหัสผ่าน',
  empty: 'ไม่พบข้อความในไฟล์ ลองใช้ OCR หรือตรวจสอบไฟล์',
  too_large: 'ไม่สามารถอ่านไฟล์ได้: ไฟล์มีขนาดหรือจำนวนหน้ามากเกินกำหนด',
  zip_bomb: 'ไม่สามารถอ่านไฟล์ได้: โครงสร้างไฟล์ DOCX ผิดปกติหรือไม่ปลอดภัย',
  ocr_failed: 'ไม่สามารถอ่านข้อความด้วย OCR ได้ กรุณาลองใหม่อีกครั้ง',
  aborted: 'การอ่านไฟล์ถูกยกเลิก',
  too_slow: 'ไม่สามารถอ่านไฟล์ได้: ใช้เวลาอ่านนานเกินกำหนด ไฟล์อาจซับซ้อนหรือผิดปกติ',
  too_much_memory: 'ไม่สามารถอ่านไฟล์ได้: ไฟล์ใช้หน่วยความจำเกินกำหนด ไฟล์อาจผิดปกติหรือไม่ปลอดภัย',
};

export function extractionMessage(e: ExtractionError): string {
  return MESSAGES[e.code] ?? 'ไม่สามารถอ่านไฟล์ได้';
}

/** HTTP status for an extraction failure: the file's fault is 4xx, ours is 5xx. */
export function extractionAppError(e: ExtractionError): AppError {
  if (e.code === 'ocr_failed') return new AppError('unavailable', extractionMessage(e));
  if (e.code === 'aborted') return new AppError('cancelled', extractionMessage(e));
  if (e.code === 'too_large' || e.code === 'too_much_memory') return new AppError('payload_too_large', extractionMessage(e));
  if (e.code === 'unsupported_type' || e.code === 'zip_bomb') return new AppError('unsupported_media_type', extractionMessage(e));
  return new AppError('bad_request', extractionMessage(e));
}

/** `limits`: the UPLOAD_* parse limits (ctx.config.parseLimits.upload); their defaults when omitted. */
export interface ExtractPagesOptions {
  onProgress?: (e: ProgressEvent) => void;
  signal?: AbortSignal;
  limits?: ParseLimits;
}

export async function runExtraction(path: string, kind: FileType, ocr: OcrMode, opts: ExtractPagesOptions = {}): Promise<ExtractionResult> {
  try {
    return await extractDocument(path, {
      kind,
      ocr,
      signal: opts.signal,
      limits: opts.limits,
      onProgress: (p) => opts.onProgress?.({ stage: p.phase === 'ocr' ? 'ocr' : 'extracting', done: p.done, total: p.total }),
    });
  } catch (e) {
    if (e instanceof ExtractionError) throw extractionAppError(e);
    throw e;
  }
}

/** Server-side extraction when an upload carries no reviewed text: OCR only when the quality signal asks for it. */
export async function extractPages(path: string, kind: FileType, opts: ExtractPagesOptions = {}) {
  const r = await runExtraction(path, kind, 'auto', opts);
  // Real page numbers are kept (answers cite them); blank pages carry nothing to index.
  const pages: PageText[] = r.pages.filter((p) => p.text.trim()).map((p) => ({ page: p.page, content: p.text.trim() }));
  return { pages, method: r.method as string, usedOcr: r.usedOcr, ocrWords: r.ocrWords };
}
