import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { createTestApp, type TestApp } from '../../../tests/helpers/server';
import { viewerPath } from '../../../contracts/viewer-path';
import { indexQueue } from '../indexer';
import { fixture, multipartBody, testCategory } from '../testing/helpers';

let h: TestApp;
let admin: string;
let user: string;
let id: string;

beforeAll(async () => {
  h = await createTestApp();
  admin = h.signIn('admin@example.ac.th', 'admin').cookie;
  user = h.signIn('user@example.ac.th', 'user').cookie;
  // no reviewed text: the server reads the text layer itself
  const { body, headers } = multipartBody('regulation.pdf', fixture('regulation.pdf'), { contents: '', category: testCategory(h.ctx) });
  const res = await h.request('/api/files/upload', { method: 'POST', cookie: admin, headers, body });
  expect(res.status).toBe(200);
  id = (await res.json()).data.fileId;
  await indexQueue(h.ctx).idle();
});
afterAll(() => h.close());

const view = async (path: string, cookie?: string) => h.request(path.replace('/documents/', '/api/files/'), { cookie });

describe('document viewer', () => {
  test('a quote on a text PDF is marked on its page, and given as text', async () => {
    const detail = (await (await h.request(`/api/files/${id}/get`, { cookie: admin })).json()).data;
    const page2 = detail.page.find((p: { pageNumber: number }) => p.pageNumber === 2).pageContent as string;
    const quote = page2.split('\n').slice(1, 4).join('\n');
    const res = await view(viewerPath(id, 2, quote));
    expect(res.status).toBe(200);
    const data = (await res.json()).data;
    expect(data.page).toBe(2);
    expect(data.pages).toBe(2);
    expect(data.passage.replace(/\s+/g, '')).toBe(quote.replace(/\s+/g, ''));
    expect(data.marks.length).toBeGreaterThanOrEqual(2);
    for (const r of data.marks) expect(r.x >= 0 && r.y >= 0 && r.x + r.w <= 1.0001 && r.y + r.h <= 1.0001).toBe(true);
    const image = await h.request(data.image.url);
    expect(image.headers.get('content-type')).toBe('image/webp');
    const bytes = await image.bytes();
    expect(bytes.length).toBeGreaterThan(10_000);
    expect(bytes.length).toBeLessThanOrEqual(250_000);
  });

  test('the viewer page is server-rendered with the marks, the passage as text, and links that keep it', async () => {
    const detail = (await (await h.request(`/api/files/${id}/get`, { cookie: admin })).json()).data;
    const quote = (detail.page[0].pageContent as string).split('\n').slice(3, 5).join('\n');
    const res = await h.request(viewerPath(id, 1, quote));
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html.match(/data-testid="viewer-mark"/g)?.length ?? 0).toBeGreaterThanOrEqual(1);
    expect(html).toContain('ข้อความที่อ้างอิง');
    expect(html).toContain(`/api/files/${id}/pages/1/image`);
    // the next page's link carries the passage's anchors
    const next = html.match(/href="([^"]*page=2[^"]*)"/)?.[1] ?? '';
    const anchor = new URL(next.replace(/&amp;/g, '&'), 'http://x').searchParams.get('from');
    expect(anchor).toBe(quote.replace(/\s+/g, ' ').trim().slice(0, 48));
  });

  test('a page the document does not have is 404', async () => {
    expect((await view(viewerPath(id, 9))).status).toBe(404);
  });

  test('an inactive document is 404 for guests and users, shown to admins', async () => {
    expect((await h.request(`/api/files/${id}/status`, { method: 'PATCH', cookie: admin, json: { isActive: false } })).status).toBe(200);
    try {
      expect((await view(viewerPath(id, 1))).status).toBe(404);
      expect((await view(viewerPath(id, 1), user)).status).toBe(404);
      expect((await h.request(`/api/files/${id}/pages/1/image`)).status).toBe(404);
      expect((await h.request(viewerPath(id, 1))).status).toBe(404);
      expect((await view(viewerPath(id, 1), admin)).status).toBe(200);
    } finally {
      await h.request(`/api/files/${id}/status`, { method: 'PATCH', cookie: admin, json: { isActive: true } });
    }
  });

  test('deleting the document removes its cached pages with it', async () => {
    const { readdirSync } = await import('node:fs');
    expect(readdirSync(`${h.ctx.paths.filesDir}/${id}`).some((f) => f.startsWith('view-'))).toBe(true);
    expect((await h.request(`/api/files/${id}/delete`, { method: 'DELETE', cookie: admin })).status).toBe(200);
    expect(readdirSync(h.ctx.paths.filesDir)).not.toContain(id);
  });
});
