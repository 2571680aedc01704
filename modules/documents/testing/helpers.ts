// Shared by the documents tests: multipart bodies built by hand (so names and sizes are exact)
// and a check that nothing of an upload was left on disk or in SQLite.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { AppContext } from '../../../src/context';
import { documents } from '../schema';
import { createCategory, findCategoryByName } from '../../categories/service';

export const FIXTURES = join(import.meta.dir, '..', '..', '..', '..', 'shared', 'fixtures', 'docs');
export const fixture = (name: string) => new Uint8Array(require('node:fs').readFileSync(join(FIXTURES, name)));

export interface UploadData {
  fileName?: string;
  description?: string;
  category?: string | null;
  isActive?: boolean;
  fallbackContact?: string;
  contents?: string;
}

/** The id of a category for test uploads (created once per app): the HTTP upload requires one (console.md §5). */
export function testCategory(ctx: AppContext, name = 'หมวดทดสอบ'): string {
  return findCategoryByName(ctx, name)?.id ?? createCategory(ctx, name).id;
}

export function multipartBody(fileName: string, bytes: Uint8Array, data: UploadData | string | null, boundary = 'askregBoundary7MA4YWxk') {
  const enc = new TextEncoder();
  const parts: Uint8Array[] = [];
  if (data !== null) {
    const json =
      typeof data === 'string'
        ? data
        : JSON.stringify({ fileName: 'ระเบียบทดสอบ', description: '', category: null, isActive: true, fallbackContact: 'งานกิจการนักศึกษา โทร 1234', ...data });
    parts.push(enc.encode(`--${boundary}\r\nContent-Disposition: form-data; name="data"\r\n\r\n${json}\r\n`));
  }
  parts.push(
    enc.encode(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    bytes,
    enc.encode(`\r\n--${boundary}--\r\n`),
  );
  return { body: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export function storedState(ctx: AppContext) {
  const rows = ctx.db.select({ id: documents.id }).from(documents).all();
  const files = readdirSync(ctx.paths.filesDir);
  const tmp = readdirSync(ctx.paths.tmpDir);
  return { rows: rows.length, files: files.length, tmp: tmp.length };
}
