import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { createTestApp, type TestApp } from '../../../tests/helpers/server';
import { viewerPath } from '../../../contracts/viewer-path';
import { indexingIdle } from '../indexer';
import { fixture, multipartBody, categoryFor } from '../testing/helpers';

let h: TestApp;
let admin: string;
let user: string;
let id: string;

beforeAll(async () => {
  h = await createTestApp();
  admin = (await h.signIn('admin@example.ac.th', 'admin')).cookie;
  user = (await h.signIn('user@example.ac.th', 'user')).cookie;
  // no reviewed text: the server reads the text layer itself
  const { body, headers } = multipartBody('regulation.pdf', fixture('regulation.pdf'), { contents: '', category: await categoryFor(h.ctx) });
  const res = await h.request('/api/files/upload', { method: 'POST', cookie: admin, headers, body });
  expect(res.status).toBe(200);
  id = (await res.json()).data.fileId;
  await indexingIdle(h.ctx);
});
afterAll(() => h.close());

// a browser never sends the address's fragment (#passage); the in-process request would
const sent = (path: string) => path.replace(/#.*$/, '');
const view = async (path: string, cookie?: string) => h.request(sent(path).replace('/documents/', '/api/files/'), { cookie });

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
    const res = await h.request(sent(viewerPath(id, 1, quote)));
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

  test('a DOCX page is its stored text with the passage in <mark>', async () => {
    const { body, headers } = multipartBody('regulation.docx', fixture('regulation.docx'), { contents: '', category: await categoryFor(h.ctx) });
    const docx = (await (await h.request('/api/files/upload', { method: 'POST', cookie: admin, headers, body })).json()).data.fileId as string;
    const stored = (await (await h.request(`/api/files/${docx}/get`, { cookie: admin })).json()).data.page[0].pageContent as string;
    const quote = stored.split('\n').slice(5, 8).join('\n');
    const data = (await (await view(viewerPath(docx, 1, quote))).json()).data;
    expect(data.image).toBeNull();
    expect(data.textMarks).toHaveLength(1);
    const { start, end } = data.textMarks[0];
    expect(data.text.slice(start, end).replace(/\s+/g, '')).toBe(quote.replace(/\s+/g, ''));
    const html = await (await h.request(sent(viewerPath(docx, 1, quote)))).text();
    expect(html).toContain('data-testid="viewer-text-mark"');
  });

  test('OCR boxes of a scan read for review are kept by the upload of the same file, so its first view reads nothing again', async () => {
    const scan = fixture('regulation-scan-g4.pdf');
    const read = multipartBody('scan.pdf', scan, null);
    const extracted = await (await h.request('/api/extract', { method: 'POST', cookie: admin, headers: read.headers, body: read.body })).json();
    expect(extracted.metadata.used_ocr_fallback).toBe(true);
    const { body, headers } = multipartBody('scan.pdf', scan, { contents: extracted.text, category: await categoryFor(h.ctx) });
    const saved = (await (await h.request('/api/files/upload', { method: 'POST', cookie: admin, headers, body })).json()).data.fileId as string;
    const { readdirSync } = await import('node:fs');
    expect(readdirSync(`${h.ctx.paths.filesDir}/${saved}`).some((f) => f.startsWith('ocr-words-'))).toBe(true);
    expect(readdirSync(`${h.ctx.paths.dataDir}/ocr-held`)).toEqual([]);
    // tag the kept boxes: the first view must take its words from them, not from reading the page again
    const dir = `${h.ctx.paths.filesDir}/${saved}`;
    const kept = `${dir}/${readdirSync(dir).find((f) => f.startsWith('ocr-words-'))}`;
    const pages = await Bun.file(kept).json();
    pages[0].words[0].text += 'ⓚ';
    await Bun.write(kept, JSON.stringify(pages));
    const quote = (extracted.text as string).split('\n').slice(4, 6).join('\n');
    const data = (await (await view(viewerPath(saved, 1, quote))).json()).data;
    expect(data.marks.length).toBeGreaterThan(0);
    const viewDir = readdirSync(dir).find((f) => f.startsWith('view-'));
    expect(await Bun.file(`${dir}/${viewDir}/p1.json`).text()).toContain('ⓚ');
  }, 180_000);

  test("a page its ingest read by OCR is marked with OCR's words, though it has a text layer (a scan's junk layer)", async () => {
    // a real scan may carry a text layer of junk ("-b-", "'tio"): its ingest read it by OCR and kept the boxes, and the
    // layer's words locate nothing (a student saw "ไม่พบตำแหน่งของข้อความที่อ้างอิงบนหน้านี้" on every page of one)
    const { readdirSync, rmSync } = await import('node:fs');
    const dir = `${h.ctx.paths.filesDir}/${id}`;
    await view(viewerPath(id, 1, 'ข้อ'));
    const viewDir = readdirSync(dir).find((f) => f.startsWith('view-'))!;
    const cached = await Bun.file(`${dir}/${viewDir}/p1.json`).json();
    expect(cached.source).toBe('text');
    const words = cached.words.map((w: { text: string }, i: number) => (i === 0 ? { ...w, text: `${w.text}ⓚ` } : w));
    await Bun.write(`${dir}/ocr-words-${viewDir.slice('view-'.length)}.json`, JSON.stringify([{ page: 1, words }]));
    rmSync(`${dir}/${viewDir}`, { recursive: true });
    const data = (await (await view(viewerPath(id, 1, 'ข้อ'))).json()).data;
    expect(data.image).not.toBeNull();
    const again = await Bun.file(`${dir}/${viewDir}/p1.json`).json();
    expect(again.source).toBe('ocr');
    expect(JSON.stringify(again.words)).toContain('ⓚ');
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
