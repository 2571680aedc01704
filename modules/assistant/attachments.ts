// Text of files attached to a chat or draft request, via the extraction module (chat.md §5: each
// becomes a section "Content from {file name}").
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { AppContext } from '../../src/context';
import { AppError } from '../../src/http/errors';
import { cancelledError } from './llm/run';

// Why a file could not be read, when the reason helps the sender (a parse limit, ATTACHMENT_* settings).
const LIMIT_REASONS: Partial<Record<string, string>> = {
  too_slow: 'ใช้เวลาอ่านนานเกินกำหนด',
  too_much_memory: 'ไฟล์ใช้หน่วยความจำเกินกำหนด',
  too_large: 'ไฟล์มีจำนวนหน้า ข้อความ หรือข้อมูลที่บีบอัดไว้มากเกินกำหนด',
  zip_bomb: 'โครงสร้างไฟล์ DOCX ผิดปกติหรือไม่ปลอดภัย',
  encrypted: 'ไฟล์ถูกป้องกันด้วยรหัสผ่าน',
};

const MAX_FILES = 5;
const MAX_ATTACHMENT_BYTES = 20 * 1024 * 1024;
const MAX_TEXT_CHARS = 60_000;

export interface Attachment {
  name: string;
  text: string;
}

function kindOf(file: File): 'pdf' | 'docx' | 'txt' | null {
  const name = file.name.toLowerCase();
  if (name.endsWith('.pdf') || file.type === 'application/pdf') return 'pdf';
  if (name.endsWith('.docx') || file.type.includes('wordprocessingml')) return 'docx';
  if (/\.(txt|md|csv)$/.test(name) || file.type.startsWith('text/')) return 'txt';
  return null;
}

export function fileList(files: File | File[] | undefined): File[] {
  if (!files) return [];
  return (Array.isArray(files) ? files : [files]).filter((f) => f instanceof Blob);
}

/** `share`: whose files they are, [client address, requester]: the chat lane's readers are shared fairly between them. */
export async function readAttachments(ctx: AppContext, files: File[], signal?: AbortSignal, share?: readonly string[]): Promise<Attachment[]> {
  if (files.length > MAX_FILES) throw new AppError('bad_request', `แนบไฟล์ได้ไม่เกิน ${MAX_FILES} ไฟล์`);
  const out: Attachment[] = [];
  for (const file of files) {
    const name = (file.name || 'ไฟล์แนบ').slice(0, 200);
    if (file.size > MAX_ATTACHMENT_BYTES) throw new AppError('payload_too_large', `ไฟล์ ${name} มีขนาดใหญ่เกินไป`);
    const kind = kindOf(file);
    if (!kind) throw new AppError('unsupported_media_type', `ไม่รองรับไฟล์ ${name} (รองรับ PDF, DOCX และไฟล์ข้อความ)`);
    // The extractor reads from disk; the upload lives in DATA_DIR/tmp only while it is read.
    const path = join(ctx.paths.tmpDir, `attachment-${crypto.randomUUID()}.${kind}`);
    try {
      await Bun.write(path, file); // no copy of the file in memory on the way
      // Loaded on first use: extraction pulls in pdf.js and OCR, which most chat turns never need.
      const { extractDocument } = await import('../extraction');
      // Read in a parse worker under the attachment limits: a crafted file costs a worker, not the server.
      const result = await extractDocument(path, { kind, ocr: 'off', signal, limits: ctx.config.parseLimits.attachment, lane: 'chat', share });
      const text = result.text.trim().slice(0, MAX_TEXT_CHARS);
      if (text) out.push({ name, text });
    } catch (err) {
      if (signal?.aborted) throw cancelledError();
      ctx.log.warn('attachment extraction failed', { name, error: err instanceof Error ? err.message : String(err) });
      const reason = LIMIT_REASONS[(err as { code?: string }).code ?? ''];
      throw new AppError('bad_request', reason ? `ไม่สามารถอ่านไฟล์ ${name} ได้: ${reason}` : `ไม่สามารถอ่านไฟล์ ${name} ได้`);
    } finally {
      await rm(path, { force: true });
    }
  }
  return out;
}
