import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { createTestApp, type TestApp } from '../../tests/helpers/server';
import { documents } from '../../tests/helpers/tables';
import { categories } from '../../tests/helpers/tables';

let h: TestApp;
let admin: string;
let catId: string;

beforeAll(async () => {
  h = await createTestApp();
  admin = (await h.signIn('admin@example.ac.th', 'admin')).cookie;
  catId = 'cat-finance';
  const now = new Date();
  await h.ctx.db.insert(categories).values({ id: catId, name: 'Finance', nameKey: 'finance', createdAt: now, updatedAt: now });
  // 12 documents with distinct times; every 3rd inactive, every 4th DOCX, even ones in Finance.
  for (let i = 0; i < 12; i++) {
    const at = new Date(Date.UTC(2025, 0, 1, 0, 0, i));
    await h.ctx.db.insert(documents).values({
      id: `doc-${String(i).padStart(2, '0')}`,
      fileName: i === 5 ? 'ระเบียบการเงิน 100%_พิเศษ' : `เอกสาร ${i}`,
      rawFileName: `f${i}.pdf`,
      fileType: i % 4 === 0 ? 'docx' : 'pdf',
      mimeType: 'application/pdf',
      fileSize: 100 + i,
      storagePath: `doc-${i}/x.pdf`,
      sha256: '',
      description: i === 7 ? 'เกี่ยวกับทุนการศึกษา' : '',
      categoryId: i % 2 === 0 ? catId : null,
      isActive: i % 3 !== 0,
      status: 'ready',
      createdAt: at,
      updatedAt: at,
    });
  }
});
afterAll(() => h.close());

const list = async (qs: string) => {
  const res = await h.request(`/api/files/get/all${qs}`, { cookie: admin });
  return { status: res.status, body: await res.json() };
};

describe('GET /api/files/get/all', () => {
  test('5 per page by default, newest first, cursors walk every row exactly once', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const { body } = await list(cursor ? `?cursor=${encodeURIComponent(cursor)}` : '');
      expect(body.status).toBe('success');
      expect(body.totalPages).toBe(3);
      expect(body.total).toBe(12);
      expect(body.cursor).toBe(body.nextCursor);
      seen.push(...body.data.map((d: { fileId: string }) => d.fileId));
      expect(body.hasNext).toBe(body.nextCursor !== null);
      cursor = body.nextCursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual(Array.from({ length: 12 }, (_, i) => `doc-${String(11 - i).padStart(2, '0')}`));
  });

  test('items carry the list fields', async () => {
    const { body } = await list('?limit=1');
    expect(body.data[0]).toEqual({
      fileId: 'doc-11',
      fileName: 'เอกสาร 11',
      fileType: 'pdf',
      fileSize: 111,
      category: null,
      categoryId: null,
      uploadedAt: new Date(Date.UTC(2025, 0, 1, 0, 0, 11)).toISOString(),
      isActive: true,
      status: 'ready',
      description: '',
    });
  });

  test('filters: status, type, category (id and none)', async () => {
    expect((await list('?status=inactive&limit=100')).body.data.map((d: { fileId: string }) => d.fileId)).toEqual(['doc-09', 'doc-06', 'doc-03', 'doc-00']);
    expect((await list('?status=active&limit=100')).body.total).toBe(8);
    expect((await list('?type=docx&limit=100')).body.data.map((d: { fileId: string }) => d.fileId)).toEqual(['doc-08', 'doc-04', 'doc-00']);
    const fin = (await list(`?category=${catId}&limit=100`)).body;
    expect(fin.total).toBe(6);
    expect(fin.data.every((d: { category: string }) => d.category === 'Finance')).toBe(true);
    expect((await list('?category=none&limit=100')).body.total).toBe(6);
    expect((await list('?status=active&type=pdf&category=none&limit=100')).body.data.map((d: { fileId: string }) => d.fileId)).toEqual([
      'doc-11',
      'doc-07',
      'doc-05',
      'doc-01',
    ]);
  });

  test('text search over name and description; LIKE wildcards are literal', async () => {
    expect((await list('?search=' + encodeURIComponent('ทุนการศึกษา'))).body.data.map((d: { fileId: string }) => d.fileId)).toEqual(['doc-07']);
    expect((await list('?search=' + encodeURIComponent('100%_'))).body.data.map((d: { fileId: string }) => d.fileId)).toEqual(['doc-05']);
    expect((await list('?search=' + encodeURIComponent('%'))).body.data.map((d: { fileId: string }) => d.fileId)).toEqual(['doc-05']);
    expect((await list('?search=nothing-like-this')).body).toMatchObject({ data: [], hasNext: false, nextCursor: null, total: 0, totalPages: 1 });
  });

  test('tampered, foreign or garbage cursors are 400, never a crash', async () => {
    const { body } = await list('?limit=2');
    const good: string = body.nextCursor;
    const [payload, mac] = good.split('.');
    const forged = Buffer.from(JSON.stringify([Date.now(), 'doc-00', JSON.parse(Buffer.from(payload, 'base64url').toString())[2]])).toString('base64url');
    for (const bad of [
      `${forged}.${mac}`,
      `${payload}.${mac.slice(0, -1)}${mac.endsWith('A') ? 'B' : 'A'}`,
      'garbage',
      '..',
      `${payload}`,
      `${payload}.${mac}.x`,
      "'; DROP TABLE documents; --",
    ]) {
      const res = await list(`?limit=2&cursor=${encodeURIComponent(bad)}`);
      expect(res.status).toBe(400);
      expect(res.body.status).toBe('error');
    }
    // A valid cursor used with other filters is refused too.
    expect((await list(`?limit=2&status=active&cursor=${encodeURIComponent(good)}`)).status).toBe(400);
    expect((await list(`?limit=2&cursor=${encodeURIComponent(good)}`)).status).toBe(200);
  });

  test('query validation: limit bounds and enum values', async () => {
    expect((await list('?limit=0')).status).toBe(400);
    expect((await list('?limit=1000')).status).toBe(400);
    // fractions and junk are refused up front (a fraction reached SQLite and answered 500)
    for (const bad of ['1.5', '2.0001', 'abc', '', '-1']) expect((await list(`?limit=${bad}`)).status).toBe(400);
    expect((await list('?status=deleted')).status).toBe(400);
    expect((await list('?type=exe')).status).toBe(400);
  });
});
