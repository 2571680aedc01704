// Console (issue 17 items 5 and 6): the synonyms editor on the settings page (filled from the insights
// page's link, add, delete) and an upload that largely repeats a library document, saved as its next
// version; the view page then shows both versions. Screenshots at 1440 px and 390 px, axe on each state.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { join } from 'node:path';
import { readFileSync } from 'node:fs';
import { screenshot, type Browser, type TestServer } from './harness';
import { openConsole, type ConsolePage } from './pages/console-page';
import { expectAccessible } from './a11y';
import { multipartBody } from '../../modules/documents/testing/helpers';
import { synonymPrefillHref } from '../../web/islands/console/settings/synonym-texts';

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

const json = async (r: Response) => (await r.json()) as any;

describe('synonyms editor', () => {
  test('the insights link fills the field; a group is added, listed and deleted', async () => {
    const { page } = cp;
    await cp.goto(synonymPrefillHref(['ตึกชมรม', 'มีตติ้งรูม']));
    const field = page.getByLabel('คำในกลุ่ม (คั่นแต่ละคำด้วยเครื่องหมายจุลภาค ,)');
    expect(await field.inputValue()).toBe(', ตึกชมรม, มีตติ้งรูม');
    await page.getByText('เติมคำจากหน้าข้อมูลคำถามให้แล้ว').waitFor();
    await expectAccessible(page, 'synonyms editor prefilled');
    const add = page.getByRole('button', { name: 'เพิ่มกลุ่มคำพ้อง' });
    await field.fill('ตึกชมรม');
    await add.click();
    await page.getByText('กรุณาระบุคำอย่างน้อย 2 คำที่ไม่ซ้ำกัน').waitFor();
    await field.fill('อาคารกิจกรรมนักศึกษา, ตึกชมรม, ตึกกิจกรรม');
    await add.click();
    await cp.dialog().getByText('เพิ่มกลุ่มคำพ้องแล้ว มีผลกับคำถามถัดไปทันที').waitFor();
    await cp.confirmDialog('ตกลง');
    const list = page.getByRole('list', { name: 'กลุ่มคำพ้องที่เพิ่มเอง' });
    await list.getByText('ตึกกิจกรรม').waitFor();
    expect((await json(await server.request('/api/synonyms', { cookie }))).data[0].terms).toEqual(['อาคารกิจกรรมนักศึกษา', 'ตึกชมรม', 'ตึกกิจกรรม']);
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.locator('#synonyms').scrollIntoViewIfNeeded();
      expect(await cp.overflow()).toBeLessThanOrEqual(0);
      await expectAccessible(page, `synonyms editor at ${width} px`);
      await screenshot(page, `console-synonyms-${width}`);
    }
    await page.setViewportSize({ width: 1440, height: 900 });
    await list.getByRole('button', { name: /ลบ กลุ่มคำพ้อง/ }).click();
    await expectAccessible(page, 'delete synonym group confirm');
    await cp.confirmDialog('ลบ');
    await cp.dialog().getByText('ลบกลุ่มคำพ้องแล้ว').waitFor();
    await cp.confirmDialog('ตกลง');
    await page.getByText('ยังไม่มีกลุ่มคำพ้องที่เพิ่มเอง').waitFor();
    expect((await json(await server.request('/api/synonyms', { cookie }))).data).toEqual([]);
    expect(browser.errors).toEqual([]);
  }, 120_000);
});

describe('a new version from the add wizard', () => {
  test('the PDF of a regulation the library holds as DOCX is offered as its next version, and the view page shows both', async () => {
    const { page } = cp;
    const cat = (await json(await server.request('/api/categories/create', { cookie, json: { categoryName: 'ข้อบังคับกิจกรรม' } }))).data as { ID: string };
    const docx = new Uint8Array(readFileSync(join(FIXTURES, 'regulation.docx')));
    const { body, headers } = multipartBody('regulation.docx', docx, {
      fileName: 'ข้อบังคับกิจกรรมนักศึกษา ฉบับเดิม',
      contents: readFileSync(join(FIXTURES, 'regulation.txt'), 'utf8'),
      category: cat.ID,
      fallbackContact: 'กองพัฒนานักศึกษา',
    });
    const fileId = (await json(await server.request('/api/files/upload', { method: 'POST', cookie, headers, body }))).data.fileId as string;

    await cp.goto('/admin/management/addDocument');
    await cp.chooseFile(join(FIXTURES, 'regulation.pdf'));
    await cp.waitForExtractedText(200);
    const notice = page.getByRole('group', { name: 'พบเอกสารที่มีเนื้อหาคล้ายกัน' });
    await notice.waitFor({ timeout: 20_000 });
    expect(await notice.textContent()).toMatch(/คล้ายกับ “ข้อบังคับกิจกรรมนักศึกษา ฉบับเดิม” (9\d|100) %/);
    await notice.getByLabel(/อัปโหลดเป็นเวอร์ชันใหม่ของ/).check();
    expect(await cp.field(/ชื่อเอกสาร/).inputValue()).toBe('ข้อบังคับกิจกรรมนักศึกษา ฉบับเดิม');
    // the document's category and contact carry over to its new version: nothing to type again
    const contact = cp.field(/ข้อมูลติดต่อ/);
    for (let i = 0; i < 50 && !(await contact.inputValue()); i++) await Bun.sleep(100);
    expect(await cp.field(/ข้อมูลติดต่อ/).inputValue()).toBe('กองพัฒนานักศึกษา');
    expect(await cp.field(/^ขั้นตอนที่ 4: หมวดหมู่/).inputValue()).toBe(cat.ID);
    await cp.field(/ข้อมูลติดต่อ/).fill('กองพัฒนานักศึกษา โทร 0 2000 0000');
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await notice.scrollIntoViewIfNeeded();
      expect(await cp.overflow()).toBeLessThanOrEqual(0);
      await expectAccessible(page, `similar-document notice at ${width} px`);
      await screenshot(page, `console-add-similar-${width}`);
    }
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.getByRole('button', { name: 'บันทึกไฟล์ใหม่' }).click();
    await cp
      .dialog()
      .getByText(/จะเป็นเวอร์ชันใหม่ของ “ข้อบังคับกิจกรรมนักศึกษา ฉบับเดิม”/)
      .waitFor();
    await cp.confirmDialog('ยืนยัน');
    await page.waitForURL(/\/admin\/management$/, { timeout: 60_000 });

    const versions = (await json(await server.request(`/api/files/${fileId}/versions`, { cookie }))).data;
    expect(versions.map((v: any) => [v.number, v.fileName, v.current])).toEqual([
      [2, 'regulation.pdf', true],
      [1, 'regulation.docx', false],
    ]);
    await cp.goto(`/admin/management/view/${encodeURIComponent(fileId)}`);
    const history = page.getByRole('region', { name: 'ประวัติเวอร์ชันของไฟล์' });
    await history.getByText('เวอร์ชัน 2').waitFor();
    expect(await history.getByRole('link', { name: /ดาวน์โหลด เวอร์ชัน/ }).count()).toBe(2);
    expect(await history.textContent()).toContain('โดย สมชาย ใจดี');
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await history.scrollIntoViewIfNeeded();
      expect(await cp.overflow()).toBeLessThanOrEqual(0);
      await expectAccessible(page, `version history at ${width} px`);
      await screenshot(page, `console-versions-${width}`);
    }
    await page.setViewportSize({ width: 1440, height: 900 });

    // the history's own way to a new version: the wizard opens with this document chosen
    await history.getByRole('link', { name: 'อัปโหลดไฟล์เวอร์ชันใหม่' }).click();
    await page.waitForURL(/\/admin\/management\/addDocument\?replace=/);
    await page.waitForFunction(() => !!document.querySelector('#island-console .console-header'));
    const choice = page.getByLabel(/อัปโหลดเป็นเวอร์ชันใหม่ของ “ข้อบังคับกิจกรรมนักศึกษา ฉบับเดิม”/);
    await choice.waitFor();
    expect(await choice.isChecked()).toBe(true);
    await cp.chooseFile(join(FIXTURES, 'regulation.docx'));
    await cp.waitForExtractedText(200);
    expect(await cp.field(/ชื่อเอกสาร/).inputValue()).toBe('ข้อบังคับกิจกรรมนักศึกษา ฉบับเดิม');
    // the document's category and contact carry over to its new version: nothing to type again
    const contactNow = cp.field(/ข้อมูลติดต่อ/);
    for (let i = 0; i < 50 && !(await contactNow.inputValue()); i++) await Bun.sleep(100);
    expect(await contactNow.inputValue()).toBe('กองพัฒนานักศึกษา โทร 0 2000 0000'); // as version 2 left it
    expect(await cp.field(/^ขั้นตอนที่ 4: หมวดหมู่/).inputValue()).toBe(cat.ID);
    await page.getByRole('button', { name: 'บันทึกไฟล์ใหม่' }).click();
    await cp.confirmDialog('ยืนยัน');
    await page.waitForURL(/\/admin\/management$/, { timeout: 60_000 });
    const after = (await json(await server.request(`/api/files/${fileId}/versions`, { cookie }))).data;
    expect(after.map((v: any) => [v.number, v.fileName, v.current])[0]).toEqual([3, 'regulation.docx', true]);
    expect(browser.errors).toEqual([]);
  }, 240_000);
});
