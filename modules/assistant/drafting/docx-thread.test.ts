// Drafts' DOCX files are built in a worker thread, off the server's event loop (#34: 20 drafts at once held
// /healthz 160–240 ms when each file was built on the loop); where no thread can start they are still built.
import { afterAll, beforeAll, expect, test } from 'bun:test';
import JSZip from 'jszip';
import { createTestApp, type TestApp } from '../../../tests/helpers/server';
import { docxThreadUnavailable, lastDocxThread } from './docx-thread';

let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ CHAT_RATE_PER_MINUTE: '1000' });
});
afterAll(() => {
  docxThreadUnavailable(false);
  return app.close();
});

const BRIEF = 'ร่างบันทึกข้อความขออนุมัติโครงการค่ายอาสาพัฒนาชนบท ของชมรมอาสาพัฒนา';

async function draftedDocx() {
  const res = await app.request('/api/draft', { json: { brief: BRIEF, document_type: 'internal_memo', with_sources: false } });
  expect(res.status).toBe(200);
  const { downloadUrl } = (await res.json()) as { downloadUrl: string };
  const file = await app.request(downloadUrl, { cookie: res.headers.get('set-cookie')!.split(';')[0] });
  expect(file.status).toBe(200);
  return (await (await JSZip.loadAsync(Buffer.from(await file.arrayBuffer()))).file('word/document.xml')!.async('string')) as string;
}

test("a draft's DOCX is built in a worker thread, not on the server's, and is the whole document", async () => {
  const xml = await draftedDocx();
  expect(lastDocxThread).toBeGreaterThan(0);
  expect(xml).toContain('บันทึกข้อความ');
  expect(xml).toContain('ค่ายอาสาพัฒนาชนบท');
}, 30_000); // the thread's first start loads docx: slow on a loaded machine

test('several drafts at once each get their own file from the thread', async () => {
  const xmls = await Promise.all(Array.from({ length: 4 }, () => draftedDocx()));
  for (const xml of xmls) expect(xml).toContain('ค่ายอาสาพัฒนาชนบท');
  expect(lastDocxThread).toBeGreaterThan(0);
}, 30_000);

test('where no worker thread can start, the draft is still built (on the server thread)', async () => {
  docxThreadUnavailable(true);
  try {
    expect(await draftedDocx()).toContain('ค่ายอาสาพัฒนาชนบท');
    expect(lastDocxThread).toBe(0);
  } finally {
    docxThreadUnavailable(false);
  }
});

test('the blank templates are built once and kept: the same bytes each download', async () => {
  // (built by docx-thread.ts; which thread built it is not asserted: another test file may have built it first)
  const get = async () => Buffer.from(await (await app.request('/api/templates/internal_memo/download')).arrayBuffer());
  const first = await get();
  expect(first.subarray(0, 2).toString()).toBe('PK');
  expect((await get()).equals(first)).toBe(true);
});
