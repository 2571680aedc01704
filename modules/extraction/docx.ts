// DOCX through mammoth; the archive is vetted first because jszip inflates it whole.
import mammoth from 'mammoth';
import { ExtractionError } from './errors.ts';
import { htmlToText } from './html-text.ts';
import { normalizeThai } from './normalize.ts';
import { checkDocxArchive } from './zip.ts';

export async function extractDocxText(path: string, data: Uint8Array): Promise<string> {
  await checkDocxArchive(path);
  let html: string;
  try {
    // Images are irrelevant to retrieval; skipping them avoids base64-encoding every picture.
    const result = await mammoth.convertToHtml(
      { buffer: Buffer.from(data.buffer, data.byteOffset, data.byteLength) },
      { convertImage: mammoth.images.imgElement(async () => ({ src: '' })) },
    );
    html = result.value;
  } catch (err) {
    throw new ExtractionError('corrupt', `cannot read Word document: ${(err as Error).message}`, { cause: err });
  }
  return normalizeThai(htmlToText(html));
}
