import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { readdirSync } from 'node:fs';
import { createTestApp, type TestApp } from '../../tests/helpers/server';
import { fixture, multipartBody, categoryFor } from './testing/helpers';
import { indexingIdle } from './indexer';
import { searchActive as search } from './active';
import { joinPages } from '../../web/islands/console/format';

let h: TestApp;
let admin: string;
let user: string;
beforeAll(async () => {
  h = await createTestApp();
  admin = (await h.signIn('admin@example.ac.th', 'admin')).cookie;
  user = (await h.signIn('user@example.ac.th', 'user')).cookie;
});
afterAll(() => h.close());

function post(path: string, name: string, bytes: Uint8Array, extra: Record<string, string> = {}, cookie = admin) {
  const { body, headers } = multipartBody(name, bytes, null);
  return h.request(path, { method: 'POST', cookie, headers: { ...headers, ...extra }, body });
}

describe('POST /api/extract', () => {
  test('text PDF: text, method and page count; temp file removed', async () => {
    const res = await post('/api/extract', 'regulation.pdf', fixture('regulation.pdf'));
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.status).toBe('success');
    expect(body.error).toBeNull();
    expect(body.text).toContain('ข้อ');
    expect(body.metadata.extraction_method).toBe('pdf-text');
    expect(body.metadata.used_ocr_fallback).toBe(false);
    expect(body.metadata.user_triggered_ocr).toBe(false);
    expect(body.metadata.pages).toBeGreaterThan(0);
    expect(typeof body.metadata.quality.suggestOcr).toBe('boolean');
    expect(Array.isArray(body.metadata.check_spans)).toBe(true);
    expect(readdirSync(h.ctx.paths.tmpDir)).toEqual([]);
  });

  test('DOCX', async () => {
    const body = await (await post('/api/extract', 'regulation.docx', fixture('regulation.docx'))).json();
    expect(body.metadata.extraction_method).toBe('docx');
    expect(body.text).toContain('ข้อ');
  });

  test('event stream: real page progress, then the result', async () => {
    const res = await post('/api/extract', 'real-thai-bulletin-45p.pdf', fixture('real-thai-bulletin-45p.pdf'), { accept: 'text/event-stream' });
    expect(res.headers.get('content-type')).toStartWith('text/event-stream');
    const text = await res.text();
    const events = [...text.matchAll(/event: (\w+)\ndata: (.*)\n\n/g)].map((m) => ({ event: m[1], data: JSON.parse(m[2]) }));
    const progress = events.filter((e) => e.event === 'progress');
    expect(progress.length).toBeGreaterThan(1);
    expect(progress.map((e) => e.data)).toContainEqual({ phase: 'extract', done: 45, total: 45 });
    // The bulletin's cover is a page-sized scan in a good text layer: that page alone is OCR'd after the layer.
    expect(progress.at(-1)!.data).toEqual({ phase: 'ocr', done: 1, total: 1 });
    const result = events.at(-1)!;
    expect(result.event).toBe('result');
    expect(result.data.metadata.pages).toBe(45);
    expect(result.data.metadata.extraction_method).toBe('pdf-text+ocr');
    expect(readdirSync(h.ctx.paths.tmpDir)).toEqual([]);
  }, 240_000);

  test('wrong type is refused with a Thai message and nothing kept', async () => {
    const res = await post('/api/extract', 'notes.pdf', new TextEncoder().encode('plain text'));
    expect(res.status).toBe(415);
    const body = await res.json();
    expect(body.message).toMatch(/[ก-๙]/);
    // the extraction result's fields too (console.md §7), beside the error envelope
    expect(body).toMatchObject({ status: 'error', text: '', error: body.message, metadata: { extraction_method: null, pages: 0 } });
    expect(readdirSync(h.ctx.paths.tmpDir)).toEqual([]);
  });

  test('/api/extract/ocr: a scan read with OCR because the admin asked, numbers flagged for checking', async () => {
    const res = await post('/api/extract/ocr', 'scan.pdf', fixture('regulation-scan-clean300.pdf'));
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({
      status: 'success',
      error: null,
      metadata: { extraction_method: 'ocr', user_triggered_ocr: true, used_ocr_fallback: false, pages: 2 },
    });
    expect(body.text).toContain('--- หน้า 2 ---');
    expect(body.text).toContain('กิจกรรม');
    const flagged = body.metadata.check_spans.map((sp: { start: number; end: number }) => body.text.slice(sp.start, sp.end));
    expect(flagged.length).toBeGreaterThan(0);
    expect(flagged.every((f: string) => /[0-9๐-๙]/.test(f))).toBe(true);
    expect(readdirSync(h.ctx.paths.tmpDir)).toEqual([]);
  }, 60_000);

  test('admin only', async () => {
    expect((await post('/api/extract', 'a.pdf', fixture('regulation.pdf'), {}, '')).status).toBe(401);
    expect((await post('/api/extract/ocr', 'a.pdf', fixture('regulation.pdf'), {}, user)).status).toBe(403);
  });
});

describe('the console round trip keeps page numbers', () => {
  test('extract → save the reviewed text → edit: pages stay pages, and a hit on page 2 says page 2', async () => {
    const extracted = await (await post('/api/extract', 'regulation.pdf', fixture('regulation.pdf'))).json();
    expect(extracted.metadata.pages).toBe(2);
    expect(extracted.text).toContain('\n\n--- หน้า 2 ---\n\n');
    const category = await categoryFor(h.ctx);
    const { body, headers } = multipartBody('regulation.pdf', fixture('regulation.pdf'), { contents: extracted.text, category });
    const id = (await (await h.request('/api/files/upload', { method: 'POST', cookie: admin, headers, body })).json()).data.fileId as string;
    await indexingIdle(h.ctx);
    const detail = async () => (await (await h.request(`/api/files/${id}/get`, { cookie: admin })).json()).data;
    const saved = await detail();
    expect(saved.page.map((p: { pageNumber: number }) => p.pageNumber)).toEqual([1, 2]);
    expect(saved.page.map((p: { pageContent: string }) => p.pageContent).join('')).not.toContain('หน้า 2');

    const onPage2 = (saved.page[1].pageContent as string)
      .split('\n')
      .find((l) => l.trim().length > 20)!
      .trim();
    const hit = (await search(h.ctx, onPage2, { k: 5 })).find((x) => x.documentId === id)!;
    expect(hit.page).toBe(2);

    // the edit form shows the stored pages with their markers; saving an edit keeps them
    const contents = joinPages(saved.page).replace(onPage2, `${onPage2} (แก้ไข)`);
    const edited = await h.request(`/api/files/${id}/update`, { method: 'PATCH', cookie: admin, json: { version: '1.1.0', contents } });
    expect(edited.status).toBe(200);
    await indexingIdle(h.ctx);
    const after = await detail();
    expect(after.page.map((p: { pageNumber: number }) => p.pageNumber)).toEqual([1, 2]);
    expect(after.page[1].pageContent).toContain('(แก้ไข)');
  });
});
