import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { existsSync, readFileSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../tests/helpers/server';
import { searchActive as search } from './active';
import { indexingIdle } from './indexer';
import { absoluteStoragePath } from './storage';
import { getDocumentRow } from './service';
import { fixture, multipartBody, categoryFor, type UploadData } from './testing/helpers';

let h: TestApp;
let admin: string;
let user: string;
let category: string;
const REG_TXT = readFileSync(require('node:path').join(import.meta.dir, '..', '..', '..', 'shared', 'fixtures', 'docs', 'regulation.txt'), 'utf8');

beforeAll(async () => {
  h = await createTestApp();
  admin = (await h.signIn('admin@example.ac.th', 'admin')).cookie;
  user = (await h.signIn('user@example.ac.th', 'user')).cookie;
  category = await categoryFor(h.ctx);
});
afterAll(() => h.close());

async function upload(name: string, bytes: Uint8Array, data: UploadData = {}, cookie = admin) {
  const { body, headers } = multipartBody(name, bytes, { contents: REG_TXT, category, ...data });
  return h.request('/api/files/upload', { method: 'POST', cookie, headers, body });
}
async function uploadReady(name: string, bytes: Uint8Array, data: UploadData = {}): Promise<string> {
  const res = await upload(name, bytes, data);
  expect(res.status).toBe(200);
  const id = (await res.json()).data.fileId as string;
  await indexingIdle(h.ctx);
  expect((await getDocumentRow(h.ctx, id)).status).toBe('ready');
  return id;
}
const ids = async (q: string) => (await search(h.ctx, q, { k: 20 })).map((x) => x.documentId);

describe('files API', () => {
  test('upload answers with the id once row, pages and file exist; indexing finishes in the background', async () => {
    const res = await upload('ระเบียบ กิจกรรม.pdf', fixture('regulation.pdf'), { fileName: 'ข้อบังคับกิจกรรม', contents: 'หน้าแรก ข้อ ๑ ชมรม\fหน้าสอง ข้อ ๒ โครงการ' });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toEqual({ status: 'success', data: { fileId: body.data.id, id: body.data.id, status: 'indexing' } });
    const row = await getDocumentRow(h.ctx, body.data.id);
    expect(existsSync(absoluteStoragePath(h.ctx, row.storagePath))).toBe(true);
    expect(row.storagePath).toMatch(new RegExp(`^${row.id}/[0-9a-f-]{36}\\.pdf$`));
    await indexingIdle(h.ctx);
    const get = async () => (await (await h.request(`/api/files/${row.id}/get`, { cookie: admin })).json()).data;
    let detail = await get();
    // on Postgres the writer may not have claimed the job yet when indexingIdle looks (elected, or polling, under load)
    for (let i = 0; i < 300 && detail.status === 'indexing'; i++) {
      await Bun.sleep(100);
      await indexingIdle(h.ctx);
      detail = await get();
    }
    expect(detail.status).toBe('ready');
    expect(detail.rawFileName).toBe('ระเบียบ กิจกรรม.pdf');
    expect(detail.fileName).toBe('ข้อบังคับกิจกรรม');
    expect(detail.version).toBe('1.0.0');
    expect(detail.page).toEqual([
      { pageNumber: 1, pageContent: 'หน้าแรก ข้อ ๑ ชมรม' },
      { pageNumber: 2, pageContent: 'หน้าสอง ข้อ ๒ โครงการ' },
    ]);
  });

  test('DOCX upload is accepted; a category may be given by name', async () => {
    const cat = (await (await h.request('/api/categories/create', { cookie: admin, json: { categoryName: 'Project' } })).json()).data;
    const id = await uploadReady('regulation.docx', fixture('regulation.docx'), { category: 'project' });
    const detail = (await (await h.request(`/api/files/${id}/get`, { cookie: admin })).json()).data;
    expect(detail.fileType).toBe('docx');
    expect(detail.categoryId).toBe(cat.id);
    expect(detail.category).toBe('Project');
  });

  test('without reviewed text the server extracts it (real pages, method recorded)', async () => {
    const id = await uploadReady('regulation.pdf', fixture('regulation.pdf'), { contents: '' });
    const detail = (await (await h.request(`/api/files/${id}/get`, { cookie: admin })).json()).data;
    expect(detail.extractionMethod).toBe('pdf-text');
    expect(detail.page.length).toBeGreaterThan(0);
    expect(detail.page[0].pageNumber).toBe(1);
    expect(detail.page.map((p: { pageContent: string }) => p.pageContent).join('')).toContain('ข้อ');
  });

  test('get of an unknown id is 404 with the spec text', async () => {
    const res = await h.request('/api/files/nope/get', { cookie: admin });
    expect(res.status).toBe(404);
    expect((await res.json()).message).toBe('Document with ID nope not found');
  });

  test('status toggle takes effect in search at once, and back', async () => {
    const id = await uploadReady('toggle.pdf', fixture('regulation.pdf'), { contents: 'ข้อ ๑ การขอใช้ห้องประชุมเพื่อจัดกิจกรรมวิชาการสัญจร' });
    expect(await ids('กิจกรรมวิชาการสัญจร')).toContain(id);
    const off = await h.request(`/api/files/${id}/status`, { method: 'PATCH', cookie: admin, json: { isActive: false } });
    expect(off.status).toBe(200);
    expect(await ids('กิจกรรมวิชาการสัญจร')).not.toContain(id);
    const index = await (await import('../knowledge/service')).knowledgeIndex(h.ctx);
    expect((await index.search('กิจกรรมวิชาการสัญจร', { k: 20 })).map((x) => x.documentId)).not.toContain(id);
    await h.request(`/api/files/${id}/status`, { method: 'PATCH', cookie: admin, json: { isActive: true } });
    expect(await ids('กิจกรรมวิชาการสัญจร')).toContain(id);
  });

  test('edit needs a new version, then re-indexes: old text gone, new text found', async () => {
    const id = await uploadReady('edit.pdf', fixture('regulation.pdf'), { contents: 'ข้อ ๑ ค่าลงทะเบียนภาคฤดูร้อนชำระที่กองคลัง' });
    expect(await ids('ภาคฤดูร้อน')).toContain(id);
    const same = await h.request(`/api/files/${id}/update`, { method: 'PATCH', cookie: admin, json: { version: '1.0.0', contents: 'x' } });
    expect(same.status).toBe(409);
    const other = await categoryFor(h.ctx, 'หมวดแก้ไข');
    const res = await h.request(`/api/files/${id}/update`, {
      method: 'PATCH',
      cookie: admin,
      json: {
        fileName: 'ระเบียบใหม่',
        description: 'แก้ไข',
        categoryId: other,
        version: '1.1.0',
        isActive: true,
        fallbackContact: 'โทร 5678',
        contents: 'ข้อ ๑ การเบิกจ่ายงบประมาณโครงการจิตอาสาพัฒนาชุมชน',
      },
    });
    expect(res.status).toBe(200);
    await indexingIdle(h.ctx);
    expect(await ids('ภาคฤดูร้อน')).not.toContain(id);
    expect(await ids('จิตอาสาพัฒนาชุมชน')).toContain(id);
    const detail = (await (await h.request(`/api/files/${id}/get`, { cookie: admin })).json()).data;
    expect(detail).toMatchObject({ fileName: 'ระเบียบใหม่', version: '1.1.0', fallbackContact: 'โทร 5678', categoryId: other, status: 'ready' });
  });

  test('edit keeps the form rules (§5): name, version, category and contact may not be blanked', async () => {
    const id = await uploadReady('rules.pdf', fixture('regulation.pdf'), { fileName: 'ระเบียบเดิม', contents: 'ข้อ ๑ ระเบียบว่าด้วยการจัดค่ายอาสา' });
    const edit = (json: Record<string, unknown>) =>
      h.request(`/api/files/${id}/update`, { method: 'PATCH', cookie: admin, json: { version: '2.0.0', ...json } });
    const refused = async (json: Record<string, unknown>, message: RegExp | string) => {
      const res = await edit(json);
      expect(res.status).toBe(400);
      const body = await res.json();
      if (typeof message === 'string') expect(body.message).toBe(message);
      else expect(body.message).toMatch(message);
    };
    await refused({ fileName: '  \n ' }, 'กรุณาระบุชื่อเอกสาร');
    await refused({ version: ' \t ' }, 'กรุณาระบุเวอร์ชัน');
    await refused({ categoryId: null }, /categoryId/);
    await refused({ categoryId: '  ' }, 'กรุณาเลือกหมวดหมู่');
    await refused({ fallbackContact: '   ' }, 'กรุณาระบุข้อมูลติดต่อ');
    // Nothing of the refused edits was stored.
    expect(await getDocumentRow(h.ctx, id)).toMatchObject({
      fileName: 'ระเบียบเดิม',
      version: '1.0.0',
      categoryId: category,
      fallbackContact: 'งานกิจการนักศึกษา โทร 1234',
    });
  });

  test('delete removes row, file and chunks', async () => {
    const id = await uploadReady('delete.pdf', fixture('regulation.pdf'), { contents: 'ข้อ ๑ ระเบียบว่าด้วยการแต่งกายชุดครุยบัณฑิต' });
    const path = absoluteStoragePath(h.ctx, (await getDocumentRow(h.ctx, id)).storagePath);
    const res = await h.request(`/api/files/${id}/delete`, { method: 'DELETE', cookie: admin });
    expect(await res.json()).toEqual({ status: 'success', data: { steps: ['database', 'index', 'file'] } });
    expect(existsSync(path)).toBe(false);
    const index = await (await import('../knowledge/service')).knowledgeIndex(h.ctx);
    expect(await index.documentIds()).not.toContain(id);
    expect((await h.request(`/api/files/${id}/get`, { cookie: admin })).status).toBe(404);
    expect((await h.request(`/api/files/${id}/delete`, { method: 'DELETE', cookie: admin })).status).toBe(404);
  });

  test('download: original bytes, type and RFC 5987 name; public only while active', async () => {
    const bytes = fixture('regulation.pdf');
    const id = await uploadReady('x.pdf', bytes, { fileName: 'ระเบียบ "กิจกรรม"' });
    const res = await h.request(`/api/files/${id}/download`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const cd = res.headers.get('content-disposition')!;
    expect(cd).toStartWith('attachment; filename="');
    expect(cd).toContain(`filename*=UTF-8''${encodeURIComponent('ระเบียบ "กิจกรรม".pdf')}`);
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(bytes);
    await h.request(`/api/files/${id}/status`, { method: 'PATCH', cookie: admin, json: { isActive: false } });
    expect((await h.request(`/api/files/${id}/download`)).status).toBe(404);
    expect((await h.request(`/api/files/${id}/download`, { cookie: user })).status).toBe(404);
    expect((await h.request(`/api/files/${id}/download`, { cookie: admin })).status).toBe(200);
  });

  test('progress stream: current state first, ends with ready', async () => {
    const res = await upload('p.pdf', fixture('regulation.pdf'));
    const id = (await res.json()).data.id;
    const stream = await h.request(`/api/files/${id}/progress`, { cookie: admin });
    expect(stream.headers.get('content-type')).toStartWith('text/event-stream');
    const text = await stream.text();
    const events = [...text.matchAll(/event: progress\ndata: (.*)\n\n/g)].map((m) => JSON.parse(m[1]));
    expect(events.length).toBeGreaterThan(0);
    expect(events.at(-1).stage).toBe('ready');
    // A late subscriber gets the final state at once and the stream ends.
    const late = await (await h.request(`/api/files/${id}/progress`, { cookie: admin })).text();
    expect(late).toContain('"stage":"ready"');
  });

  test('reindex runs indexing again for a saved document (failed indexing is retried, not re-uploaded)', async () => {
    const id = await uploadReady('retry.pdf', fixture('regulation.pdf'), { contents: 'ข้อ ๑ ชมรมถ่ายภาพดาวเทียมจัดกิจกรรมได้ปีละครั้ง' });
    await h.ctx.db.update(h.ctx.tables.documents).set({ status: 'failed', statusError: 'x' }).where(eq(h.ctx.tables.documents.id, id));
    const res = await h.request(`/api/files/${id}/reindex`, { method: 'POST', cookie: admin });
    expect(res.status).toBe(200);
    expect((await res.json()).data).toEqual({ fileId: id, status: 'indexing' });
    await indexingIdle(h.ctx);
    expect((await getDocumentRow(h.ctx, id)).status).toBe('ready');
    expect(await ids('ชมรมถ่ายภาพดาวเทียม')).toContain(id);
    expect((await h.request('/api/files/nope/reindex', { method: 'POST', cookie: admin })).status).toBe(404);
  });

  test('auth: every files endpoint refuses anonymous (401) and non-admins (403)', async () => {
    const calls: Array<[string, string, unknown?]> = [
      ['GET', '/api/files/get/all'],
      ['GET', '/api/files/x/get'],
      ['GET', '/api/files/x/progress'],
      ['PATCH', '/api/files/x/update', { version: '2' }],
      ['PATCH', '/api/files/x/status', { isActive: true }],
      ['DELETE', '/api/files/x/delete'],
      ['POST', '/api/files/x/reindex'],
    ];
    for (const [method, path, json] of calls) {
      const anon = await h.request(path, { method, json });
      expect(anon.status).toBe(401);
      expect((await anon.json()).message).toBe('Authentication required. Please log in.');
      const asUser = await h.request(path, { method, json, cookie: user });
      expect(asUser.status).toBe(403);
      expect((await asUser.json()).message).toBe('Access denied. Admin privileges required.');
    }
    expect((await upload('a.pdf', fixture('regulation.pdf'), {}, '')).status).toBe(401);
    expect((await upload('a.pdf', fixture('regulation.pdf'), {}, user)).status).toBe(403);
  });

  test('validation: bad status body and unknown update id', async () => {
    expect((await h.request('/api/files/x/status', { method: 'PATCH', cookie: admin, json: { isActive: 'yes' } })).status).toBe(400);
    const res = await h.request('/api/files/missing/update', { method: 'PATCH', cookie: admin, json: { version: '2.0.0' } });
    expect(res.status).toBe(404);
  });
});
