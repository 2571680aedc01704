// Upload type check (console.md §5): the extension must be .pdf or .docx (.txt for CLIs) and the
// bytes must agree — PDF magic, or a zip holding word/document.xml that is safe to open.
import { AppError } from '../../src/http/errors';
import { checkDocxArchive, detectKind, ExtractionError } from '../knowledge/extract';
import { extensionOf, type FileType } from './storage';
import { extractionMessage } from './extraction';

export const UNSUPPORTED_TYPE = 'รองรับเฉพาะไฟล์ .PDF หรือ .DOCX เท่านั้น';
export const TYPE_MISMATCH = 'เนื้อหาไฟล์ไม่ตรงกับนามสกุลไฟล์ กรุณาตรวจสอบไฟล์';

export async function checkUploadType(path: string, head: Uint8Array, clientName: string, allowTxt: boolean): Promise<FileType> {
  const ext = extensionOf(clientName);
  const allowed: string[] = allowTxt ? ['pdf', 'docx', 'txt'] : ['pdf', 'docx'];
  if (!allowed.includes(ext)) throw new AppError('unsupported_media_type', allowTxt ? 'รองรับเฉพาะไฟล์ .PDF, .DOCX หรือ .TXT เท่านั้น' : UNSUPPORTED_TYPE);
  // Only the head was kept while streaming; a zip's central directory (which proves DOCX) is at the
  // end of the file, so a zip is a DOCX candidate here and confirmed by checkDocxArchive below.
  const isZip = head.length >= 4 && head[0] === 0x50 && head[1] === 0x4b && head[2] === 0x03 && head[3] === 0x04;
  const kind = detectKind(head, clientName) ?? (isZip ? 'docx' : null);
  if (kind !== ext) throw new AppError('unsupported_media_type', TYPE_MISMATCH);
  if (kind === 'docx') {
    try {
      await checkDocxArchive(path);
    } catch (e) {
      if (e instanceof ExtractionError) throw new AppError('unsupported_media_type', extractionMessage(e));
      throw e;
    }
  }
  return kind as FileType;
}
