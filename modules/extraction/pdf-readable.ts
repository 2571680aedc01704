// An upload that carries reviewed text is not extracted again, but the stored original must still be a
// readable PDF (answers link to it): encrypted or broken files are refused before anything is stored.
import { open, stat } from 'node:fs/promises';
import { ExtractionError } from './errors.ts';
import { openPdf } from './pdf-text.ts';

/** Files up to this size are opened with pdf.js; larger ones get the structural check only (no full load). */
const FULL_CHECK_BYTES = 64 * 1024 * 1024;
const TAIL_BYTES = 64 * 1024;

/** Throws an ExtractionError ('corrupt' or 'encrypted') when the PDF at `path` cannot be read. */
export async function checkPdfReadable(path: string): Promise<void> {
  const { size } = await stat(path);
  if (size <= FULL_CHECK_BYTES) {
    const doc = await openPdf(new Uint8Array(await Bun.file(path).arrayBuffer()));
    if (doc.numPages < 1) throw new ExtractionError('corrupt', 'the PDF has no pages');
    await doc.loadingTask.destroy().catch(() => {});
    return;
  }
  const fh = await open(path, 'r');
  try {
    const tail = Buffer.alloc(Math.min(TAIL_BYTES, size));
    await fh.read(tail, 0, tail.length, size - tail.length);
    const text = tail.toString('latin1');
    if (!text.includes('startxref') || !text.includes('%%EOF')) throw new ExtractionError('corrupt', 'the PDF has no cross-reference table');
    if (/\/Encrypt\s/.test(text)) throw new ExtractionError('encrypted', 'the PDF is password-protected');
  } finally {
    await fh.close();
  }
}
