// Console journey: a real upload with real progress, review of the extracted text, the library, the
// chat answering from the new document, deactivate / re-enable, edit with a version bump, categories
// (create, duplicate, rename, refuse deleting one in use) and delete.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { screenshot, SCREENSHOT_DIR, type Browser, type TestServer } from './harness';
import { startFakeOllama, type FakeOllama } from '../helpers/fake-ollama';
import { openConsole, type ConsolePage } from './pages/console-page';
import { ChatPage } from './pages/chat-page';
import { expectAccessible } from './a11y';
import { DEFAULT_FALLBACK_MESSAGE } from '../../modules/preferences/service';

const FIXTURES = join(import.meta.dir, '..', '..', '..', 'shared', 'fixtures', 'docs');
const DOC_NAME = 'ข้อบังคับการจัดกิจกรรมองค์กรนักศึกษา (ทดสอบ e2e)';
// Added while reviewing the extracted text: only this document can answer the question below.
const UNIQUE = 'ข้อ ๙๙ ชมรมดาราศาสตร์ต้องส่งรายงานการสังเกตดาวหางฮัลเลย์ต่อกองพัฒนานักศึกษาภายในเจ็ดวัน';
const QUESTION = 'ชมรมดาราศาสตร์ต้องส่งรายงานการสังเกตดาวหางฮัลเลย์ภายในกี่วัน';
const CATEGORY = 'ระเบียบ กิจกรรม';

let server: TestServer;
let browser: Browser;
let ollama: FakeOllama;
let cp: ConsolePage;
let cookie: string;
let fileId = '';

beforeAll(async () => {
  ollama = startFakeOllama({ reply: 'ตามข้อบังคับ ชมรมต้องส่งรายงานภายในเจ็ดวัน' });
  ({ server, browser, cp, cookie } = await openConsole({ OLLAMA_HOST: ollama.url, CHAT_RATE_PER_MINUTE: '1000' }));
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  await ollama?.close();
});

/** The viewport as the admin sees it: a full-page capture of a scrolled page draws the sticky header and the modal backdrop mid-page. */
async function viewportShot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`), fullPage: false });
}

/**
 * Asks as the signed-in admin on the real chat page (a new conversation, references shown) and reads
 * the finished answer: its text and the document names of its references (recommendations ignored).
 */
async function askInChat(message: string): Promise<{ text: string; references: string[] }> {
  const chat = new ChatPage(cp.page);
  await chat.open(`${server.url}/admin/chat`);
  await chat.chooseReferences(true);
  await chat.ask(message);
  await cp.page.waitForURL(/\/admin\/chat\/[\w-]+$/);
  const answer = await chat.waitForAnswer(60_000);
  return { text: await answer.locator('.bubble-body').innerText(), references: await answer.locator('.answer-refs .ref-title').allInnerTexts() };
}
/** The same question at the API: does the answer reference the document (by id)? Only references count. */
async function referencedByApi(message: string): Promise<{ referenced: boolean; fallback: boolean }> {
  const res = await server.request('/api/chat', { cookie, json: { message, show_regulation: true, connection_id: `e2e-${Date.now()}` } });
  expect(res.status).toBe(200);
  const a = (await res.json()) as { fallback: boolean; references: Array<{ documentId: string }> };
  return { referenced: a.references.some((r) => r.documentId === fileId), fallback: a.fallback };
}

describe('console journey', () => {
  test('categories: create (name normalised), a duplicate selects the existing one, rename', async () => {
    const { page } = cp;
    await cp.goto('/admin/management');
    await expectAccessible(page, 'empty library');
    await page.getByRole('button', { name: 'แก้ไขหมวดหมู่' }).click();
    await cp.dialog().getByText('ยังไม่มีหมวดหมู่').waitFor();
    await expectAccessible(page, 'category editor (select)');
    await cp
      .dialog()
      .getByRole('button', { name: /สร้างหมวดหมู่ใหม่/ })
      .click();
    await cp.dialog().getByLabel('ชื่อหมวดหมู่').fill('  ระเบียบ    กิจกรรม ');
    await expectAccessible(page, 'category editor (create)');
    await cp.confirmDialog('บันทึก');
    await cp.dialog().getByText(`สร้างหมวดหมู่ “${CATEGORY}” เรียบร้อยแล้ว`).waitFor();
    await expectAccessible(page, 'category created dialog');
    await cp.confirmDialog('ตกลง');

    await page.getByRole('button', { name: 'แก้ไขหมวดหมู่' }).click();
    await cp
      .dialog()
      .getByRole('button', { name: /สร้างหมวดหมู่ใหม่/ })
      .click();
    await cp.dialog().getByLabel('ชื่อหมวดหมู่').fill('Finance');
    await cp.confirmDialog('บันทึก');
    await cp.confirmDialog('ตกลง');
    // the same name in another case and spacing is not created twice
    await page.getByRole('button', { name: 'แก้ไขหมวดหมู่' }).click();
    await cp
      .dialog()
      .getByRole('button', { name: /สร้างหมวดหมู่ใหม่/ })
      .click();
    await cp.dialog().getByLabel('ชื่อหมวดหมู่').fill('  FINANCE ');
    await cp.confirmDialog('บันทึก');
    await cp.dialog().getByText('มีหมวดหมู่ “Finance” อยู่แล้ว').waitFor();
    await cp.confirmDialog('ตกลง');

    await page.getByRole('button', { name: 'แก้ไขหมวดหมู่' }).click();
    await cp
      .dialog()
      .getByRole('button', { name: /^Finance/ })
      .click();
    const save = cp.dialog().getByRole('button', { name: 'บันทึก' });
    expect(await save.isDisabled()).toBe(true); // unchanged name
    await expectAccessible(page, 'category editor (edit)');
    // renaming onto another category's name renames nothing: said so under the field, no "สำเร็จ"
    await cp.dialog().getByLabel('ชื่อหมวดหมู่').fill(' ระเบียบ กิจกรรม');
    await save.click();
    await cp.dialog().getByRole('alert').getByText(`มีหมวดหมู่ “${CATEGORY}” อยู่แล้ว ไม่ได้เปลี่ยนชื่อ กรุณาใช้ชื่ออื่น`).waitFor();
    expect(await cp.dialog().getByText('สำเร็จ').count()).toBe(0);
    expect(await cp.dialog().getByText('ระบบเลือกหมวดหมู่นี้ให้แทน').count()).toBe(0);
    expect(await cp.dialog().getByRole('heading', { name: 'แก้ไขหมวดหมู่' }).count()).toBe(1); // still editing Finance
    await expectAccessible(page, 'category rename onto an existing name');
    await cp.dialog().getByLabel('ชื่อหมวดหมู่').fill('Finance Rules');
    await save.click();
    await cp.dialog().getByText('เปลี่ยนชื่อหมวดหมู่เป็น “Finance Rules” เรียบร้อยแล้ว').waitFor();
    await cp.confirmDialog('ตกลง');
    const cats = (await (await server.request('/api/categories/get/all', { cookie })).json()) as { data: Array<{ categoryName: string }> };
    expect(cats.data.map((c) => c.categoryName).sort()).toEqual(['Finance Rules', CATEGORY].sort());
  }, 180_000);

  test('upload regulation.pdf: extraction progress, review and edit the text, save with real progress, back to the library', async () => {
    const { page } = cp;
    await cp.goto('/admin/management');
    await page.getByRole('link', { name: /เพิ่มไฟล์ใหม่/ }).click();
    await page.waitForURL(/\/admin\/management\/addDocument$/);
    const save = page.getByRole('button', { name: 'บันทึกไฟล์ใหม่' });
    expect(await save.isDisabled()).toBe(true);
    await page.getByText('รองรับเฉพาะไฟล์ .DOCX หรือ .PDF ขนาดไม่เกิน 500MB').waitFor();

    await expectAccessible(page, 'add form (empty)');
    await cp.chooseFile(join(FIXTURES, 'regulation.pdf'));
    await cp.waitForExtractedText(200);
    await expectAccessible(page, 'add form with the extracted text');
    const text = await cp.textArea().inputValue();
    expect(text).toContain('ข้อบังคับ');
    await cp.textArea().fill(`${text}\n\n${UNIQUE}`);

    await cp.field(/ชื่อเอกสาร/).fill(DOC_NAME);
    await cp.field(/^ขั้นตอนที่ 4: หมวดหมู่/).selectOption({ label: CATEGORY });
    expect(await save.isDisabled()).toBe(true); // contact still missing
    await cp.field(/ข้อมูลติดต่อ/).fill('กองพัฒนานักศึกษา โทร 0 2000 0000');
    expect(await save.isDisabled()).toBe(false);
    // A slow uplink (Chromium network emulation) makes the real byte progress observable.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 20, downloadThroughput: -1, uploadThroughput: 32 * 1024 });
    // Every text the progress dialog shows, however briefly (indexing a short document takes milliseconds).
    await page.evaluate(() => {
      const w = window as unknown as { __progress: string[] };
      w.__progress = [];
      new MutationObserver(() => {
        const text = document.querySelector('dialog[open] .steps-status')?.textContent;
        if (text && w.__progress.at(-1) !== text) w.__progress.push(text);
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    await save.click();
    await expectAccessible(page, 'save confirm dialog');
    await cp.confirmDialog('ยืนยัน');

    // Follow the progress dialog until it sends us back to the library.
    const seen = new Set<string>();
    let shot = false;
    let shot390 = '';
    const t0 = Date.now();
    while (!/\/admin\/management$/.test(page.url()) && Date.now() - t0 < 120_000) {
      const status = await page
        .locator('dialog[open] .steps-status')
        .textContent()
        .catch(() => null);
      if (status) seen.add(status);
      for (const t of await page.evaluate(() => (window as unknown as { __progress?: string[] }).__progress ?? []).catch(() => [])) seen.add(t);
      if (status && !shot && /KB \/ /.test(status)) {
        shot = true;
        await viewportShot(page, 'console-add-progress-1440');
        // the same dialog on a phone, still mid-progress: it fits the width
        await page.setViewportSize({ width: 390, height: 844 });
        const box = await page.locator('dialog[open]').boundingBox();
        expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
        shot390 = (await page.locator('dialog[open] .steps-status').textContent()) ?? '';
        await viewportShot(page, 'console-add-progress-390');
        await page.setViewportSize({ width: 1440, height: 900 });
      }
      await page.waitForTimeout(40);
    }
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    expect(page.url()).toMatch(/\/admin\/management$/);
    expect(shot).toBe(true); // byte progress was seen mid-upload
    // the 390 px shot shows saving or indexing, not the end
    expect(shot390).not.toBe('');
    expect(shot390).not.toContain('บันทึกเอกสารเรียบร้อยแล้ว');
    expect([...seen].some((s) => /ส่วน/.test(s) || s.includes('สร้างดัชนี'))).toBe(true); // indexing events arrived
    expect([...seen].some((s) => s.includes('บันทึกเอกสารเรียบร้อยแล้ว'))).toBe(true);
    await cp.waitForRow(DOC_NAME);
    fileId = (await cp.row(DOC_NAME).getAttribute('data-file-id')) ?? '';
    expect(fileId).not.toBe('');
    expect(await cp.row(DOC_NAME).textContent()).toContain(CATEGORY);
    expect(await cp.isActive(DOC_NAME)).toBe(true);
    await expectAccessible(page, 'library with the document');
    const detail = (await (await server.request(`/api/files/${fileId}/get`, { cookie })).json()) as {
      data: { status: string; page: Array<{ pageNumber: number; pageContent: string }> };
    };
    expect(detail.data.status).toBe('ready');
    expect(detail.data.page.map((p) => p.pageContent).join('\n')).toContain('ดาวหางฮัลเลย์');
    // the reviewed text carried the page markers: the two-page PDF is stored as two pages, the addition on the last
    expect(text).toContain('--- หน้า 2 ---');
    expect(detail.data.page.map((p) => p.pageNumber)).toEqual([1, 2]);
    expect(detail.data.page[1]!.pageContent).toContain('ดาวหางฮัลเลย์');
  }, 180_000);

  test('the chat answers from it; inactive → the same question falls back; re-enabled → answered again', async () => {
    expect(fileId).not.toBe('');
    const answered = await askInChat(QUESTION);
    expect(answered.references).toContain(DOC_NAME);
    expect(answered.text).not.toContain(DEFAULT_FALLBACK_MESSAGE);
    expect(await referencedByApi(QUESTION)).toEqual({ referenced: true, fallback: false });

    await cp.goto('/admin/management');
    await cp.row(DOC_NAME).getByRole('switch').click();
    await cp.dialog().getByText('ไม่ใช้เอกสารนี้ในการตอบคำถามหรือแนะนำเอกสาร').waitFor();
    await expectAccessible(cp.page, 'deactivate confirm dialog');
    await cp.confirmDialog('ปิดการใช้งาน');
    await cp
      .dialog()
      .waitFor({ state: 'detached' })
      .catch(() => undefined);
    await cp.page.waitForFunction(() => !document.querySelector('dialog[open]'));
    expect(await cp.isActive(DOC_NAME)).toBe(false);
    // chat.md: below the low threshold the stored fallback message replaces the answer, with no references.
    const off = await askInChat(QUESTION);
    expect(off.references).toEqual([]);
    expect(off.text).toContain(DEFAULT_FALLBACK_MESSAGE);
    expect(await referencedByApi(QUESTION)).toEqual({ referenced: false, fallback: true });

    await cp.goto('/admin/management');
    await cp.page.getByRole('button', { name: 'ปิดใช้งาน', exact: true }).click(); // the inactive tab lists it
    await cp.waitForRow(DOC_NAME);
    // the active tab's own style must not hide the focus ring (reached by keyboard: :focus-visible)
    await cp.page.keyboard.press('Tab');
    await cp.page.keyboard.press('Shift+Tab');
    expect(await cp.page.evaluate(() => document.activeElement?.textContent)).toBe('ปิดใช้งาน');
    const ring = await cp.page.getByRole('button', { name: 'ปิดใช้งาน', exact: true }).evaluate((el) => {
      const s = getComputedStyle(el);
      return { style: s.outlineStyle, width: parseFloat(s.outlineWidth), color: s.outlineColor };
    });
    expect(ring).toEqual({ style: 'solid', width: 3, color: 'rgb(41, 70, 168)' });
    await expectAccessible(cp.page, 'inactive tab');
    await cp.row(DOC_NAME).getByRole('switch').click();
    await cp.confirmDialog('เปิดใช้งาน');
    await cp.page.waitForFunction(() => !document.querySelector('dialog[open]'));
    expect(await cp.isActive(DOC_NAME)).toBe(true);
    const again = await askInChat(QUESTION);
    expect(again.references).toContain(DOC_NAME);
    expect(again.text).not.toContain(DEFAULT_FALLBACK_MESSAGE);
    expect(await referencedByApi(QUESTION)).toEqual({ referenced: true, fallback: false });
  }, 180_000);

  test('view, then edit with a version bump: re-indexed with progress, back to the library', async () => {
    const { page } = cp;
    await cp.goto('/admin/management');
    await cp
      .row(DOC_NAME)
      .getByRole('link', { name: /ดูรายละเอียด/ })
      .click();
    await page.waitForURL(new RegExp(`/admin/management/view/${encodeURIComponent(fileId)}$`));
    await page.locator('h1', { hasText: DOC_NAME }).waitFor();
    await page.getByText('พร้อมใช้งาน', { exact: true }).waitFor();
    expect(await cp.textArea().inputValue()).toContain('ดาวหางฮัลเลย์');
    await expectAccessible(page, 'view page');

    await page.getByRole('link', { name: 'แก้ไข' }).click();
    await page.waitForURL(/\/admin\/management\/edit\//);
    const save = page.getByRole('button', { name: 'บันทึกการแก้ไข' });
    await cp.field(/ชื่อเอกสาร/).waitFor();
    expect(await save.isDisabled()).toBe(true); // nothing changed yet
    await expectAccessible(page, 'edit page');
    await cp.field(/คำอธิบาย/).fill('ฉบับปรับปรุง: เพิ่มข้อกำหนดการส่งรายงาน');
    await save.click();
    await cp.dialog().getByText('กรุณาระบุเวอร์ชันใหม่').waitFor();
    expect(await cp.dialog().getByLabel('เวอร์ชัน').inputValue()).toBe('1.0.1');
    await expectAccessible(page, 'version dialog');
    await cp.confirmDialog('ดำเนินการต่อ');
    await cp.dialog().getByText('ระบบจะบันทึกเป็นเวอร์ชัน 1.0.1').waitFor();
    await cp.confirmDialog('ยืนยัน');
    await cp.dialog().getByText('กำลังบันทึกการแก้ไข').waitFor();
    await page.waitForURL(/\/admin\/management$/, { timeout: 120_000 });
    const detail = (await (await server.request(`/api/files/${fileId}/get`, { cookie })).json()) as { data: { version: string; description: string } };
    expect(detail.data.version).toBe('1.0.1');
    expect(detail.data.description).toBe('ฉบับปรับปรุง: เพิ่มข้อกำหนดการส่งรายงาน');
  }, 150_000);

  test('a category in use cannot be deleted', async () => {
    await cp.goto('/admin/management');
    await cp.page.getByRole('button', { name: 'แก้ไขหมวดหมู่' }).click();
    await cp
      .dialog()
      .getByRole('button', { name: new RegExp(`^${CATEGORY}`) })
      .click();
    await cp.confirmDialog('ลบหมวดหมู่');
    await cp.dialog().getByRole('alert').getByRole('button', { name: 'ลบหมวดหมู่' }).click();
    await cp.dialog().getByText('ไม่สามารถลบหรือแก้ไขหมวดหมู่นี้ได้ เนื่องจากมีเอกสารอยู่ในหมวดหมู่ กรุณาลบเอกสารก่อน').waitFor();
    await expectAccessible(cp.page, 'category error dialog');
    await cp.confirmDialog('ตกลง');
  }, 180_000);

  test('search is sent to the server; delete removes it from the library and from answers', async () => {
    const { page } = cp;
    await cp.goto('/admin/management');
    await cp.search('ไม่มีเอกสารชื่อนี้แน่นอน');
    await page.getByText('ไม่พบเอกสารที่ตรงกับ').waitFor();
    await cp.search('ข้อบังคับการจัดกิจกรรม');
    await cp.waitForRow(DOC_NAME);
    await screenshot(page, 'console-library-1440');
    await page.setViewportSize({ width: 390, height: 900 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    await expectAccessible(page, 'library search result at 390 px');
    await screenshot(page, 'console-library-390');
    await page.setViewportSize({ width: 1440, height: 900 });

    await cp.row(DOC_NAME).getByRole('button', { name: /ลบ/ }).click();
    await cp.confirmDialog('ลบเอกสาร');
    await cp.dialog().getByText('ลบเอกสารเรียบร้อยแล้ว').waitFor({ timeout: 30_000 });
    expect(await cp.dialog().locator('.step-done').count()).toBe(3);
    await expectAccessible(page, 'delete finished (library)');
    await cp.confirmDialog('ปิด');
    await cp.search('');
    await page.getByText('ไม่พบเอกสาร', { exact: true }).waitFor();
    expect(await cp.rows().count()).toBe(0);
    expect((await server.request(`/api/files/${fileId}/get`, { cookie })).status).toBe(404);
    const gone = await askInChat(QUESTION);
    expect(gone.references).not.toContain(DOC_NAME);
    expect((await referencedByApi(QUESTION)).referenced).toBe(false);
    expect(browser.errors).toEqual([]);
  }, 180_000);
});
