// Console: settings flow (read → edit → confirm → saved, applies without a restart), the OCR offer for
// a scanned PDF, and the screenshots at 1440 px and 390 px (no sideways overflow, Thai fonts).
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { join } from 'node:path';
import { readFileSync } from 'node:fs';
import { screenshot, type Browser, type TestServer } from './harness';
import { openConsole, type ConsolePage } from './pages/console-page';
import { expectAccessible } from './a11y';
import { multipartBody } from '../../modules/documents/testing/helpers';

const FIXTURES = join(import.meta.dir, '..', '..', '..', 'shared', 'fixtures', 'docs');

let server: TestServer;
let browser: Browser;
let cp: ConsolePage;
let cookie: string;

beforeAll(async () => {
  ({ server, browser, cp, cookie } = await openConsole());
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('console settings', () => {
  test('read → edit → confirm → saved; fallback required; thresholds validated; stored for the next question', async () => {
    const { page } = cp;
    await cp.goto('/admin/management/setting');
    await page.getByRole('heading', { name: 'พฤติกรรมทั่วไปของบอท' }).waitFor();
    await page.getByText('มากกว่า 80%: ตอบคำถามตามปกติ').waitFor();
    const fallback = page.getByLabel('ข้อความตอบกลับเมื่อความมั่นใจต่ำ');
    expect(await fallback.getAttribute('readonly')).not.toBeNull();
    await expectAccessible(page, 'settings (read mode)');
    // Before any admin saves, the footnote names the system's defaults in Thai (the seed's editor is "system").
    const footnote = page.locator('.settings-card .fineprint');
    expect(await footnote.textContent()).toStartWith('ค่าเริ่มต้นของระบบ (ยังไม่มีผู้ดูแลระบบแก้ไข) ตั้งไว้เมื่อ ');
    expect(await footnote.textContent()).not.toContain('system');

    await page.getByRole('button', { name: 'แก้ไข' }).click(); // first click: edit mode
    const save = page.getByRole('button', { name: 'บันทึก', exact: true });
    await fallback.fill('   ');
    expect(await save.isDisabled()).toBe(true);
    expect(await page.locator('span[title="กรุณาระบุข้อความก่อนบันทึก"]').count()).toBe(1);
    await fallback.fill('ขออภัย ระบบยังตอบคำถามนี้ไม่ได้ กรุณาติดต่อกองพัฒนานักศึกษา');

    const low = page.getByLabel('เกณฑ์ข้อความตอบกลับ (%)');
    await low.fill('90');
    expect(await save.isDisabled()).toBe(true); // low must stay below high
    await low.fill('35');
    await page.getByLabel('เกณฑ์ตอบตามปกติ (%)').fill('75');
    await page.getByText('มากกว่า 75%: ตอบคำถามตามปกติ').waitFor();
    await screenshot(page, 'console-settings-1440');

    await expectAccessible(page, 'settings (edit mode)');
    await save.click(); // second click: confirmation
    await cp.dialog().getByText('การตั้งค่าใหม่จะมีผลกับคำถามถัดไปทันที').waitFor();
    await expectAccessible(page, 'settings confirm dialog');
    await cp.confirmDialog('ยืนยัน');
    await cp.dialog().getByText('บันทึกการตั้งค่าเรียบร้อยแล้ว').waitFor();
    await expectAccessible(page, 'settings saved dialog');
    const pref = (await (await server.request('/api/preferences/get')).json()) as {
      data: { data: { fallback_message: string; high_threshold: number; low_threshold: number } };
    };
    expect(pref.data.data).toMatchObject({ fallback_message: 'ขออภัย ระบบยังตอบคำถามนี้ไม่ได้ กรุณาติดต่อกองพัฒนานักศึกษา', high_threshold: 75, low_threshold: 35 });
    await cp.confirmDialog('ตกลง');
    expect(await fallback.getAttribute('readonly')).not.toBeNull();
    expect(await footnote.textContent()).toStartWith('แก้ไขล่าสุดโดย สมชาย ใจดี เมื่อ ');
    expect(browser.errors).toEqual([]);
  }, 180_000);

  test('screenshots at 1440 px and 390 px: library, settings, add form, access; nothing overflows sideways; axe passes on each, and on the logout and add-admin dialogs', async () => {
    // a second admin: the access list has two cards on a phone
    await server.signIn('second.admin@uni.ac.th', 'admin', { firstname: 'สมศรี', lastname: 'มีสุข' });
    for (const width of [1440, 390]) {
      await cp.page.setViewportSize({ width, height: 900 });
      for (const [path, name] of [
        ['/admin/management', 'library'],
        ['/admin/management/setting', 'settings'],
        ['/admin/management/addDocument', 'add'],
        ['/admin/management/access', 'access'],
      ] as const) {
        await cp.goto(path);
        await cp.page.evaluate(() => document.fonts.ready);
        expect(await cp.overflow()).toBeLessThanOrEqual(0);
        await expectAccessible(cp.page, `console ${name} at ${width} px`);
        await screenshot(cp.page, `console-${name}-${width}-page`);
      }
      // still on the access page: its add dialog, named after hydration
      await cp.page.getByRole('button', { name: 'เพิ่มสิทธิ์' }).first().click();
      await cp.page.getByRole('dialog', { name: 'เพิ่มผู้ดูแลระบบ' }).waitFor();
      await expectAccessible(cp.page, `add-admin dialog at ${width} px`);
      await cp.page.keyboard.press('Escape');
      await cp.page.waitForFunction(() => !document.querySelector('dialog[open]'));
      if (width === 390) {
        // the list is part of the page on a phone, not a 24 rem box of its own showing about one card
        const region = cp.page.getByRole('region', { name: 'รายชื่อผู้ดูแลระบบ' });
        const box = await region.evaluate((el) => ({ scroll: el.scrollHeight, client: el.clientHeight }));
        expect(box.scroll).toBeLessThanOrEqual(box.client + 1);
        await expect(region.locator('tbody tr').count()).resolves.toBeGreaterThanOrEqual(2);
      }
      await cp.page.getByRole('button', { name: 'ออกจากระบบ' }).click();
      await cp.page.getByRole('dialog', { name: 'ยืนยันการออกจากระบบ' }).waitFor();
      await expectAccessible(cp.page, `console logout dialog at ${width} px`);
      await cp.page.keyboard.press('Escape');
      await cp.page.waitForFunction(() => !document.querySelector('dialog[open]'));
    }
    await cp.page.setViewportSize({ width: 1440, height: 900 });
    expect(browser.errors).toEqual([]);
  }, 180_000);
});

describe('console library', () => {
  test('a failed category load is shown with a retry, not silently dropped from the filter', async () => {
    const { page } = cp;
    await server.request('/api/categories/create', { cookie, json: { categoryName: 'กิจกรรมชมรม' } });
    const failing = (route: import('playwright-core').Route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ status: 'error', message: 'บริการไม่พร้อม' }) });
    await page.route('**/api/categories/get/all', failing);
    const errorsBefore = browser.errors.length;
    await cp.goto('/admin/management');
    const banner = page.getByTestId('categories-error');
    await banner.waitFor();
    expect(await banner.textContent()).toContain('ไม่สามารถโหลดหมวดหมู่สำหรับตัวกรองได้: บริการไม่พร้อม');
    const filter = page.getByLabel('หมวดหมู่', { exact: true });
    expect(await filter.locator('option', { hasText: 'กิจกรรมชมรม' }).count()).toBe(0);

    await page.unroute('**/api/categories/get/all', failing);
    await banner.getByRole('button', { name: 'ลองใหม่' }).click();
    await banner.waitFor({ state: 'detached' });
    // the filter is filled by the same reload; it may render a moment after the banner goes
    await filter.locator('option', { hasText: 'กิจกรรมชมรม' }).waitFor({ state: 'attached', timeout: 10_000 });
    expect(await filter.locator('option', { hasText: 'กิจกรรมชมรม' }).count()).toBe(1);
    // The only console errors are the 503s this test made.
    const made = browser.errors.splice(errorsBefore);
    expect(made.every((e) => /status of 503/.test(e))).toBe(true);
    expect(browser.errors).toEqual([]);
  }, 120_000);
});

describe('console OCR', () => {
  test('a scanned PDF: OCR is offered or run, progress shows, and the text appears for review', async () => {
    const { page } = cp;
    await cp.page.setViewportSize({ width: 390, height: 900 });
    await cp.goto('/admin/management/addDocument');
    await cp.chooseFile(join(FIXTURES, 'regulation-scan-clean300.pdf'));
    await page.locator('.extract-progress').waitFor({ timeout: 30_000 });
    await screenshot(page, 'console-add-extracting-390');
    // either the server ran OCR by itself (green note) or it offers the button
    const note = page.getByText('ใช้ OCR อ่านข้อความแล้ว');
    const offer = page.getByRole('button', { name: 'ลองใช้ OCR' });
    await Promise.race([note.waitFor({ timeout: 300_000 }), offer.waitFor({ timeout: 300_000 })]);
    if (await offer.isVisible()) {
      await offer.click();
      await note.waitFor({ timeout: 300_000 });
    }
    await cp.waitForExtractedText(200, 10_000);
    const text = await cp.textArea().inputValue();
    expect(text).toMatch(/[\u0E00-\u0E7F]{20}/);
    // OCR ran: the step neither offers OCR again nor says the text is too short and to try OCR
    expect(await offer.count()).toBe(0);
    expect(await page.getByText('ลองใช้ OCR').count()).toBe(0);
    expect(await page.getByText('สั้นเกินไป').count()).toBe(0);
    await expectAccessible(page, 'add form after OCR at 390 px');
    await screenshot(page, 'console-add-ocr-390');
    await cp.page.setViewportSize({ width: 1440, height: 900 });
    expect(browser.errors).toEqual([]);
  }, 360_000);
});

describe('console view page', () => {
  test('deleting from the view page shows the three steps and the success text, then returns to the library', async () => {
    const { page } = cp;
    const cat = (await (await server.request('/api/categories/create', { cookie, json: { categoryName: 'ระเบียบทดสอบลบ' } })).json()).data as { ID: string };
    const pdf = new Uint8Array(readFileSync(join(FIXTURES, 'regulation.pdf')));
    const { body, headers } = multipartBody('regulation.pdf', pdf, {
      fileName: 'เอกสารที่จะลบจากหน้ารายละเอียด',
      contents: 'ข้อ ๑ ชมรมต้องส่งรายงาน',
      category: cat.ID,
      fallbackContact: 'กองพัฒนานักศึกษา',
    });
    const up = await server.request('/api/files/upload', { method: 'POST', cookie, headers, body });
    expect(up.status).toBe(200);
    const fileId = ((await up.json()) as { data: { fileId: string } }).data.fileId;
    await cp.goto(`/admin/management/view/${encodeURIComponent(fileId)}`);
    await page.locator('h1', { hasText: 'เอกสารที่จะลบจากหน้ารายละเอียด' }).waitFor();
    await expectAccessible(page, 'view page');
    await page.getByRole('button', { name: 'ลบเอกสาร' }).click();
    await expectAccessible(page, 'delete confirm on the view page');
    await cp.confirmDialog('ลบเอกสาร');
    const steps = cp.page.getByRole('dialog', { name: 'กำลังลบเอกสาร' });
    await steps.getByText('ลบเอกสารเรียบร้อยแล้ว').waitFor({ timeout: 30_000 });
    expect(await steps.locator('.step-done').count()).toBe(3);
    expect(page.url()).toContain('/admin/management/view/'); // still here: the admin sees the outcome
    await expectAccessible(page, 'delete finished on the view page');
    await steps.getByRole('button', { name: 'ปิด' }).click();
    await page.waitForURL(/\/admin\/management$/);
    expect((await server.request(`/api/files/${fileId}/get`, { cookie })).status).toBe(404);
    expect(browser.errors).toEqual([]);
  }, 120_000);
});
