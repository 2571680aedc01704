// DOCX through mammoth; the archive is vetted first because jszip inflates it whole.
import mammoth from 'mammoth';
import { ExtractionError } from './errors.ts';
import { htmlToText } from './html-text.ts';
import { normalizeThai } from './normalize.ts';
import type { ParseLimits } from './parse-limits.ts';
import { checkDocxArchive } from './zip.ts';

// jszip holds every inflated entry in memory at once: whatever the settings allow, a Word document
// inflating past this is refused as before.
const DOCX_MAX_INFLATED = 200 * 1024 * 1024;

/** The zip guard's limits for a DOCX read under `limits`. */
export function docxZipLimits(limits?: Pick<ParseLimits, 'maxInflatedEntryBytes' | 'maxInflatedTotalBytes'>) {
  if (!limits) return {};
  return { maxUncompressed: Math.min(DOCX_MAX_INFLATED, limits.maxInflatedTotalBytes), maxEntry: limits.maxInflatedEntryBytes };
}

export async function extractDocxText(path: string, data: Uint8Array, limits?: ParseLimits): Promise<string> {
  await checkDocxArchive(path, docxZipLimits(limits));
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
