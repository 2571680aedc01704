import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { createTestApp, type TestApp } from '../../tests/helpers/server';
import { documents } from '../../tests/helpers/tables';
import { CATEGORY_IN_USE } from './service';

let h: TestApp;
let admin: string;
let user: string;
beforeAll(async () => {
  h = await createTestApp();
  admin = (await h.signIn('admin@example.ac.th', 'admin')).cookie;
  user = (await h.signIn('user@example.ac.th', 'user')).cookie;
});
afterAll(() => h.close());

const create = (categoryName: string, cookie = admin) => h.request('/api/categories/create', { cookie, json: { categoryName } });

describe('categories API', () => {
  test('create trims and collapses whitespace; list shows it with a document count', async () => {
    const res = await create('   กิจกรรม    นักศึกษา  ');
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.data.categoryName).toBe('กิจกรรม นักศึกษา');
    expect(body.data.ID).toBe(body.data.id);
    const list = await (await h.request('/api/categories/get/all', { cookie: admin })).json();
    expect(list.data).toContainEqual({ ID: body.data.id, id: body.data.id, categoryName: 'กิจกรรม นักศึกษา', documentCount: 0 });
  });

  test('duplicates are found case-insensitively and answered 409 with the existing one', async () => {
    const first = (await (await create('Finance')).json()).data;
    const res = await create('  FINANCE ');
    expect(res.status).toBe(409);
    const body = await res.json();
    expect(body.status).toBe('error');
    expect(body.data.existing.id).toBe(first.id);
    expect(body.data.existing.categoryName).toBe('Finance');
  });

  test('blank names are refused', async () => {
    expect((await create('   ')).status).toBe(400);
  });

  test('rename and delete; a rename onto another name is a duplicate', async () => {
    const a = (await (await create('Template')).json()).data;
    const b = (await (await create('Project')).json()).data;
    const dup = await h.request(`/api/categories/${a.id}`, { method: 'PATCH', cookie: admin, json: { categoryName: 'project' } });
    expect(dup.status).toBe(409);
    expect((await dup.json()).data.existing.id).toBe(b.id);
    const ok = await h.request(`/api/categories/${a.id}`, { method: 'PATCH', cookie: admin, json: { categoryName: 'Templates  2568' } });
    expect(ok.status).toBe(200);
    expect((await ok.json()).data.categoryName).toBe('Templates 2568');
    // Changing only the case of its own name is allowed.
    const recase = await h.request(`/api/categories/${a.id}`, { method: 'PATCH', cookie: admin, json: { categoryName: 'TEMPLATES 2568' } });
    expect(recase.status).toBe(200);
    const del = await h.request(`/api/categories/${a.id}`, { method: 'DELETE', cookie: admin });
    expect(del.status).toBe(200);
    const list = (await (await h.request('/api/categories/get/all', { cookie: admin })).json()).data as Array<{ id: string }>;
    expect(list.some((c) => c.id === a.id)).toBe(false);
  });

  test('a category used by a document cannot be renamed or deleted (409, Thai text) and counts it', async () => {
    const c = (await (await create('ใช้งานอยู่')).json()).data;
    const now = new Date();
    await h.ctx.db.insert(documents).values({
      id: 'doc-1',
      fileName: 'x',
      rawFileName: 'x.pdf',
      fileType: 'pdf',
      mimeType: 'application/pdf',
      fileSize: 1,
      storagePath: 'doc-1/a.pdf',
      sha256: '',
      categoryId: c.id,
      createdAt: now,
      updatedAt: now,
    });
    const rename = await h.request(`/api/categories/${c.id}`, { method: 'PATCH', cookie: admin, json: { categoryName: 'อื่น' } });
    expect(rename.status).toBe(409);
    expect((await rename.json()).message).toBe(CATEGORY_IN_USE);
    const del = await h.request(`/api/categories/${c.id}`, { method: 'DELETE', cookie: admin });
    expect(del.status).toBe(409);
    expect((await del.json()).message).toBe('ไม่สามารถแก้ไขหรือลบหมวดหมู่นี้ได้ เนื่องจากมีเอกสารใช้งานอยู่ กรุณาลบเอกสารก่อน');
    const list = (await (await h.request('/api/categories/get/all', { cookie: admin })).json()).data as Array<{ id: string; documentCount: number }>;
    expect(list.find((x) => x.id === c.id)?.documentCount).toBe(1);
  });

  test('unknown ids are 404 Category not found', async () => {
    for (const method of ['PATCH', 'DELETE']) {
      const res = await h.request('/api/categories/nope', { method, cookie: admin, json: method === 'PATCH' ? { categoryName: 'x' } : undefined });
      expect(res.status).toBe(404);
      expect((await res.json()).message).toBe('Category not found');
    }
  });

  test('auth: no session 401, user 403 (Thai text for create)', async () => {
    const anon = await create('x', '');
    expect(anon.status).toBe(401);
    expect((await anon.json()).message).toBe('Authentication required. Please log in.');
    const asUser = await create('x', user);
    expect(asUser.status).toBe(403);
    expect((await asUser.json()).message).toContain('เฉพาะผู้ดูแลระบบ');
    const list = await h.request('/api/categories/get/all', { cookie: user });
    expect(list.status).toBe(403);
    expect((await list.json()).message).toBe('Access denied. Admin privileges required.');
    expect((await h.request('/api/categories/x', { method: 'DELETE', cookie: user })).status).toBe(403);
  });

  test('names over the length cap are refused', async () => {
    expect((await create('ก'.repeat(101))).status).toBe(400);
  });
});
