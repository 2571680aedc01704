// Minimal ZIP central-directory reader, used to vet DOCX archives before mammoth (jszip) inflates
// them whole in memory. Only the directory is read, plus a capped inflate of entries when the
// directory could be lying to hide a bomb.
import { inflateRawSync } from 'node:zlib';
import { open } from 'node:fs/promises';
import { ExtractionError } from './errors.ts';

export interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  uncompressedSize: number;
  localHeaderOffset: number;
}

const EOCD_SIG = 0x06054b50;
const ZIP64_LOCATOR_SIG = 0x07064b50;
const ZIP64_EOCD_SIG = 0x06064b50;
const CD_ENTRY_SIG = 0x02014b50;
const LOCAL_SIG = 0x04034b50;
const MAX_EOCD_SEARCH = 22 + 0xffff;
const MAX_CENTRAL_DIRECTORY = 16 * 1024 * 1024;

const corrupt = (why: string) => new ExtractionError('corrupt', `broken zip archive: ${why}`);

function view(buf: Uint8Array): DataView {
  return new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
}

function u64(dv: DataView, at: number): number {
  return Number(dv.getBigUint64(at, true));
}

/** Find the end-of-central-directory record in `tail` (the last bytes of the file). */
function findEocd(tail: Uint8Array): number {
  const dv = view(tail);
  for (let i = tail.length - 22; i >= 0; i--) {
    if (dv.getUint32(i, true) === EOCD_SIG && i + 22 + dv.getUint16(i + 20, true) <= tail.length) return i;
  }
  return -1;
}

/** Parse central-directory entries from their raw bytes. */
export function parseCentralDirectory(cd: Uint8Array, count: number): ZipEntry[] {
  const dv = view(cd);
  const entries: ZipEntry[] = [];
  let at = 0;
  for (let n = 0; n < count; n++) {
    if (at + 46 > cd.length || dv.getUint32(at, true) !== CD_ENTRY_SIG) throw corrupt('bad central directory entry');
    const nameLen = dv.getUint16(at + 28, true);
    const extraLen = dv.getUint16(at + 30, true);
    const commentLen = dv.getUint16(at + 32, true);
    const entry: ZipEntry = {
      name: new TextDecoder().decode(cd.subarray(at + 46, at + 46 + nameLen)),
      method: dv.getUint16(at + 10, true),
      compressedSize: dv.getUint32(at + 20, true),
      uncompressedSize: dv.getUint32(at + 24, true),
      localHeaderOffset: dv.getUint32(at + 42, true),
    };
    applyZip64Extra(entry, cd.subarray(at + 46 + nameLen, at + 46 + nameLen + extraLen));
    entries.push(entry);
    at += 46 + nameLen + extraLen + commentLen;
  }
  return entries;
}

/** ZIP64 stores real sizes in extra field 0x0001 when the 32-bit fields are saturated. */
function applyZip64Extra(entry: ZipEntry, extra: Uint8Array): void {
  const dv = view(extra);
  for (let at = 0; at + 4 <= extra.length; ) {
    const id = dv.getUint16(at, true);
    const size = dv.getUint16(at + 2, true);
    if (id === 0x0001) {
      let p = at + 4;
      const take = () => (p + 8 <= at + 4 + size ? ((p += 8), u64(dv, p - 8)) : undefined);
      if (entry.uncompressedSize === 0xffffffff) entry.uncompressedSize = take() ?? entry.uncompressedSize;
      if (entry.compressedSize === 0xffffffff) entry.compressedSize = take() ?? entry.compressedSize;
      if (entry.localHeaderOffset === 0xffffffff) entry.localHeaderOffset = take() ?? entry.localHeaderOffset;
    }
    at += 4 + size;
  }
}

async function readAt(fh: Awaited<ReturnType<typeof open>>, position: number, length: number): Promise<Uint8Array> {
  const buf = new Uint8Array(length);
  const { bytesRead } = await fh.read(buf, 0, length, position);
  if (bytesRead !== length) throw corrupt('truncated');
  return buf;
}

/** Read a ZIP file's central directory without touching the entry data. */
export async function readZipDirectory(path: string): Promise<{ entries: ZipEntry[]; fileSize: number }> {
  const fh = await open(path, 'r');
  try {
    const fileSize = (await fh.stat()).size;
    if (fileSize < 22) throw corrupt('too short');
    const tailLen = Math.min(fileSize, MAX_EOCD_SEARCH);
    const tail = await readAt(fh, fileSize - tailLen, tailLen);
    const eocd = findEocd(tail);
    if (eocd < 0) throw corrupt('no end of central directory');
    const dv = view(tail);
    let count = dv.getUint16(eocd + 10, true);
    let cdSize = dv.getUint32(eocd + 12, true);
    let cdOffset = dv.getUint32(eocd + 16, true);
    if (eocd >= 20 && dv.getUint32(eocd - 20, true) === ZIP64_LOCATOR_SIG) {
      const z = view(await readAt(fh, u64(dv, eocd - 12), 56));
      if (z.getUint32(0, true) !== ZIP64_EOCD_SIG) throw corrupt('bad zip64 record');
      count = u64(z, 32);
      cdSize = u64(z, 40);
      cdOffset = u64(z, 48);
    }
    if (cdSize > MAX_CENTRAL_DIRECTORY || count > cdSize / 46) throw corrupt('implausible central directory');
    if (cdOffset + cdSize > fileSize) throw corrupt('central directory out of range');
    const entries = parseCentralDirectory(await readAt(fh, cdOffset, cdSize), count);
    return { entries, fileSize };
  } finally {
    await fh.close();
  }
}

/** Inflate one deflated entry, refusing to produce more than its declared size. */
async function verifyDeclaredSize(path: string, entry: ZipEntry): Promise<void> {
  const fh = await open(path, 'r');
  try {
    const local = view(await readAt(fh, entry.localHeaderOffset, 30));
    if (local.getUint32(0, true) !== LOCAL_SIG) throw corrupt('bad local header');
    const dataAt = entry.localHeaderOffset + 30 + local.getUint16(26, true) + local.getUint16(28, true);
    const data = await readAt(fh, dataAt, entry.compressedSize);
    try {
      inflateRawSync(data, { maxOutputLength: Math.max(1, entry.uncompressedSize) });
    } catch (err) {
      if (err instanceof RangeError || (err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') {
        throw new ExtractionError('zip_bomb', `${entry.name} inflates beyond its declared size`);
      }
      throw corrupt(`${entry.name} does not inflate`);
    }
  } finally {
    await fh.close();
  }
}

// Deflate cannot expand data more than ~1032:1; this bounds what a lying directory can hide.
const MAX_DEFLATE_RATIO = 1032;

/** Zip-bomb guard for DOCX: sizes from the central directory, plus capped inflate of big entries. */
export async function checkDocxArchive(path: string, limits: { maxUncompressed?: number; maxRatio?: number; maxEntry?: number } = {}): Promise<void> {
  const maxUncompressed = limits.maxUncompressed ?? 200 * 1024 * 1024;
  const maxEntry = limits.maxEntry ?? maxUncompressed;
  const maxRatio = limits.maxRatio ?? 100;
  const { entries, fileSize } = await readZipDirectory(path);
  if (!entries.some((e) => e.name === 'word/document.xml')) {
    throw new ExtractionError('unsupported_type', 'zip archive is not a Word document (no word/document.xml)');
  }
  let total = 0;
  let compressed = 0;
  for (const e of entries) {
    total += e.uncompressedSize;
    compressed += e.compressedSize;
    if (e.method !== 0 && e.method !== 8) throw new ExtractionError('corrupt', `unsupported zip method ${e.method}`);
    if (e.uncompressedSize > maxEntry) throw new ExtractionError('zip_bomb', `${e.name} inflates to ${e.uncompressedSize}, over ${maxEntry}`);
  }
  if (total > maxUncompressed) throw new ExtractionError('zip_bomb', `uncompressed size ${total} exceeds ${maxUncompressed}`);
  if (total / Math.max(1, Math.min(compressed, fileSize)) > maxRatio) {
    throw new ExtractionError('zip_bomb', `compression ratio exceeds ${maxRatio}`);
  }
  // Only when the directory could be lying its way under the limit is any data inflated, and
  // each entry only up to its declared size.
  const worstCase = entries.reduce((n, e) => n + (e.method === 8 ? Math.max(e.uncompressedSize, e.compressedSize * MAX_DEFLATE_RATIO) : e.uncompressedSize), 0);
  if (worstCase <= maxUncompressed) return;
  for (const e of entries) {
    if (e.method === 8 && e.compressedSize * MAX_DEFLATE_RATIO > e.uncompressedSize) await verifyDeclaredSize(path, e);
  }
}
