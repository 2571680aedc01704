// File-type detection by content, never by extension alone (uploads are untrusted).
import type { DocKind } from './types.ts';
import { parseCentralDirectory } from './zip.ts';

const PDF_MAGIC = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-
const ZIP_LOCAL = 0x04034b50;
const ZIP_EOCD = 0x06054b50;
const DOCX_MAIN = 'word/document.xml';
// Some PDF writers put junk before the header; readers accept it within the first KiB.
const PDF_HEADER_WINDOW = 1024;

function startsWith(buf: Uint8Array, magic: number[], at = 0): boolean {
  return magic.every((b, i) => buf[at + i] === b);
}

function isPdf(head: Uint8Array): boolean {
  const end = Math.min(head.length - PDF_MAGIC.length, PDF_HEADER_WINDOW);
  for (let i = 0; i <= end; i++) if (startsWith(head, PDF_MAGIC, i)) return true;
  return false;
}

/** Names in the central directory, when `buf` holds the whole archive (or at least its tail). */
function centralDirectoryNames(buf: Uint8Array): string[] | null {
  const dv = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
  for (let i = buf.length - 22; i >= Math.max(0, buf.length - 22 - 0xffff); i--) {
    if (dv.getUint32(i, true) !== ZIP_EOCD) continue;
    const count = dv.getUint16(i + 10, true);
    const size = dv.getUint32(i + 12, true);
    const offset = dv.getUint32(i + 16, true);
    if (offset + size > buf.length) return null;
    try {
      return parseCentralDirectory(buf.subarray(offset, offset + size), count).map((e) => e.name);
    } catch {
      return null;
    }
  }
  return null;
}

/** Walk local file headers in a prefix of the archive (when only the head was read). */
function localHeaderNames(buf: Uint8Array): string[] {
  const dv = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
  const names: string[] = [];
  let at = 0;
  while (at + 30 <= buf.length && dv.getUint32(at, true) === ZIP_LOCAL) {
    const flags = dv.getUint16(at + 6, true);
    const compressed = dv.getUint32(at + 18, true);
    const nameLen = dv.getUint16(at + 26, true);
    const extraLen = dv.getUint16(at + 28, true);
    names.push(new TextDecoder().decode(buf.subarray(at + 30, at + 30 + nameLen)));
    if (flags & 0x08) break; // sizes follow the data: cannot skip ahead
    at += 30 + nameLen + extraLen + compressed;
  }
  return names;
}

function isValidUtf8Text(head: Uint8Array): boolean {
  if (head.includes(0)) return false;
  try {
    // stream: a multi-byte character cut at the end of the head is not an error.
    new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: true });
    return true;
  } catch {
    return false;
  }
}

/**
 * Detect a document kind from its first bytes (pass the whole file when available: a DOCX is
 * only confirmed by its central directory). Returns null for anything else.
 */
export function detectKind(head: Uint8Array, fileName: string): DocKind | null {
  if (isPdf(head)) return 'pdf';
  if (head.length >= 4 && new DataView(head.buffer, head.byteOffset, 4).getUint32(0, true) === ZIP_LOCAL) {
    const names = centralDirectoryNames(head) ?? localHeaderNames(head);
    return names.includes(DOCX_MAIN) ? 'docx' : null;
  }
  if (/\.txt$/i.test(fileName) && isValidUtf8Text(head)) return 'txt';
  return null;
}
