// Where document files live: DATA_DIR/files/<documentId>/<uuid>.<ext>. The client's file name is
// only metadata (sanitised); it never becomes part of a path.
import { mkdir, rename, rm, copyFile } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';
import type { AppContext } from '../../src/context';

export type FileType = 'pdf' | 'docx' | 'txt';
export const MIME: Record<FileType, string> = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  txt: 'text/plain; charset=utf-8',
};
const MAX_NAME_CHARS = 200;

/** Strips directories, control and bidi-override characters; keeps Thai and ordinary punctuation. */
export function sanitiseFileName(raw: string, fallbackExt: string): string {
  const base = raw.normalize('NFC').split(/[\\/]/).pop() ?? '';
  let name = base
    .replace(/[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g, '')
    .replace(/[<>:"|?*]/g, '_')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '')
    .trim();
  if (name.length > MAX_NAME_CHARS) {
    const dot = name.lastIndexOf('.');
    const ext = dot > 0 && name.length - dot <= 10 ? name.slice(dot) : '';
    name = name.slice(0, MAX_NAME_CHARS - ext.length) + ext;
  }
  return name || `document.${fallbackExt}`;
}

export function extensionOf(name: string): string {
  const m = /\.([A-Za-z0-9]{1,10})$/.exec(name);
  return m ? m[1].toLowerCase() : '';
}

export function newStoragePath(documentId: string, type: FileType): string {
  return `${documentId}/${crypto.randomUUID()}.${type}`;
}

/** Absolute path of a stored file; refuses anything that would resolve outside files/. */
export function absoluteStoragePath(ctx: AppContext, storagePath: string): string {
  const root = resolve(ctx.paths.filesDir);
  const abs = resolve(root, storagePath);
  if (!abs.startsWith(root + sep)) throw new Error(`storage path escapes files dir: ${storagePath}`);
  return abs;
}

export async function moveIntoPlace(ctx: AppContext, tmpPath: string, storagePath: string): Promise<void> {
  const dest = absoluteStoragePath(ctx, storagePath);
  await mkdir(dirname(dest), { recursive: true });
  try {
    await rename(tmpPath, dest);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EXDEV') throw e;
    await copyFile(tmpPath, dest);
    await rm(tmpPath, { force: true });
  }
}

export async function removeDocumentFiles(ctx: AppContext, documentId: string): Promise<void> {
  const dir = absoluteStoragePath(ctx, documentId);
  await rm(dir, { recursive: true, force: true });
}

export function tmpFilePath(ctx: AppContext, suffix = '.part'): string {
  return join(ctx.paths.tmpDir, `${crypto.randomUUID()}${suffix}`);
}

export function relativeToFiles(ctx: AppContext, abs: string): string {
  return relative(ctx.paths.filesDir, abs).split(sep).join('/');
}

/** RFC 6266/5987 header: an ASCII fallback plus the exact UTF-8 name. */
export function contentDisposition(name: string, disposition: 'attachment' | 'inline' = 'attachment'): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase());
  return `${disposition}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
