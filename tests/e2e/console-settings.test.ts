// Console: settings flow (read → edit → confirm → saved, applies without a restart), the OCR offer for
// a scanned PDF, and the screenshots at 1440 px and 390 px (no sideways overflow, Thai fonts).
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { join } from 'node:path';
import { launchBrowser, screenshot, startTestServer, type Browser, type TestServer } from './harness';
import { ConsolePage } from './pages/console-page';

const FIXTURES = join(import.meta.dir, '..', '..', '..', 'shared', 'fixtures', 'docs');

let server: TestServer;
let browser: Browser;
let cp: ConsolePage;
let cookie: string;

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchBrowser();
  cp = new ConsolePage(browser.page, server);
  cookie = await cp.signIn();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const overflow = () => cp.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

describe('console settings', () => {
  test('read → edit → confirm → saved; fallback required; thresholds validated; stored for the next question', async () => {
    const { page } = cp;
    await cp.goto('/admin/management/setting');
    await page.getByRole('heading', { name: 'พฤติกรรมทั่วไปของบอท' }).waitFor();
    await page.getByText('มากกว่า 80%: ตอบคำถามตามปกติ').waitFor();
    const fallback = page.getByLabel('ข้อความตอบกลับเมื่อความมั่นใจต่ำ');
    expect(await fallback.getAttribute('readonly')).not.toBeNull();
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

    await save.click(); // second click: confirmation
    await cp.dialog().getByText('การตั้งค่าใหม่จะมีผลกับคำถามถัดไปทันที').waitFor();
    await cp.confirmDialog('ยืนยัน');
    await cp.dialog().getByText('บันทึกการตั้งค่าเรียบร้อยแล้ว').waitFor();
    const pref = (await (await server.request('/api/preferences/get')).json()) as { data: { data: { fallback_message: string; high_threshold: number; low_threshold: number } } };
    expect(pref.data.data).toMatchObject({ fallback_message: 'ขออภัย ระบบยังตอบคำถามนี้ไม่ได้ กรุณาติดต่อกองพัฒนานักศึกษา', high_threshold: 75, low_threshold: 35 });
    await cp.confirmDialog('ตกลง');
    expect(await fallback.getAttribute('readonly')).not.toBeNull();
    expect(await footnote.textContent()).toStartWith('แก้ไขล่าสุดโดย สมชาย ใจดี เมื่อ ');
    expect(browser.errors).toEqual([]);
  }, 180_000);

  test('screenshots at 1440 px and 390 px: library, settings, add form; nothing overflows sideways', async () => {
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
        expect(await overflow()).toBeLessThanOrEqual(0);
        await screenshot(cp.page, `console-${name}-${width}-page`);
      }
    }
    await cp.page.setViewportSize({ width: 1440, height: 900 });
    expect(browser.errors).toEqual([]);
  }, 180_000);
});

describe('console library', () => {
  test('a failed category load is shown with a retry, not silently dropped from the filter', async () => {
    const { page } = cp;
    await server.request('/api/categories/create', { cookie, json: { categoryName: 'กิจกรรมชมรม' } });
    const failing = (route: import('playwright-core').Route) => route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ status: 'error', message: 'บริการไม่พร้อม' }) });
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
    await screenshot(page, 'console-add-ocr-390');
    await cp.page.setViewportSize({ width: 1440, height: 900 });
    expect(browser.errors).toEqual([]);
  }, 360_000);
});
