// Shared by the documents tests: multipart bodies built by hand (so names and sizes are exact)
// and a check that nothing of an upload was left on disk or in the database (either dialect).
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { AppContext } from '../../../src/context';
import { eq } from 'drizzle-orm';
import { firstRow } from '../../../src/db/client';
import { categoryKey, normaliseCategoryName } from '../../categories/service';
import { categories } from '../../categories/schema';

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

/**
 * The id of a category for test uploads (created once per app): the HTTP upload requires one (console.md §5).
 * Synchronous on the SQLite test apps, so the many tests that call it inline need not await (the categories
 * service itself is async since issue 36).
 */
export function testCategory(ctx: AppContext, name = 'หมวดทดสอบ'): string {
  const key = categoryKey(name);
  const found = ctx.db.select({ id: categories.id }).from(categories).where(eq(categories.nameKey, key)).get();
  if (found) return found.id;
  const now = new Date();
  const id = crypto.randomUUID();
  ctx.db
    .insert(categories)
    .values({ id, name: normaliseCategoryName(name), nameKey: key, createdAt: now, updatedAt: now })
    .run();
  return id;
}

/** `testCategory` on either database (TEST_DATABASE=postgres too): `await categoryFor(ctx)`. */
export async function categoryFor(ctx: AppContext, name = 'หมวดทดสอบ'): Promise<string> {
  if (ctx.dialect === 'sqlite') return testCategory(ctx, name);
  const t = ctx.tables;
  const key = categoryKey(name);
  const found = await firstRow(ctx.db.select({ id: t.categories.id }).from(t.categories).where(eq(t.categories.nameKey, key)));
  if (found) return found.id;
  const now = new Date();
  const id = crypto.randomUUID();
  await ctx.db.insert(t.categories).values({ id, name: normaliseCategoryName(name), nameKey: key, createdAt: now, updatedAt: now });
  return id;
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

export async function storedState(ctx: AppContext) {
  const rows = await ctx.db.select({ id: ctx.tables.documents.id }).from(ctx.tables.documents);
  const files = readdirSync(ctx.paths.filesDir);
  const tmp = readdirSync(ctx.paths.tmpDir);
  return { rows: rows.length, files: files.length, tmp: tmp.length };
}
