// The journeys' accessibility check must be able to fail: tiny static pages with a known defect each.
import { afterAll, beforeAll, expect, setDefaultTimeout, test } from 'bun:test';
import { launchBrowser, type Browser } from './harness';
import { axeViolations, expectAccessible, unnamedDialogs } from './a11y';

setDefaultTimeout(60_000);
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser({ width: 800, height: 600 });
});
afterAll(async () => browser?.close());

const page = (body: string) => `<!doctype html><html lang="th"><head><title>ทดสอบ</title></head><body><main>${body}</main></body></html>`;

test('a native <dialog> labelled by a missing id (the hydration id mismatch) has no name: the check fails', async () => {
  await browser.page.setContent(page(`<h1>หน้า</h1><dialog aria-labelledby="_R_8m_"><h2 id="_R_hcq_">ยืนยันการออกจากระบบ</h2><button>ยกเลิก</button></dialog>`));
  await browser.page.evaluate(() => document.querySelector('dialog')!.showModal());
  const problems = await unnamedDialogs(browser.page);
  expect(problems.map((p) => p.rule)).toEqual(['dialog-has-name']);
  // axe alone does not see it: that is why the journeys run both
  expect((await axeViolations(browser.page)).map((v) => v.rule)).not.toContain('aria-dialog-name');
  await expect(expectAccessible(browser.page, 'unnamed dialog')).rejects.toThrow(/dialog-has-name/);
});

test('role=dialog without a name fails; closed dialogs are not checked; a labelled dialog passes', async () => {
  await browser.page.setContent(page(`<h1>หน้า</h1><div role="dialog"><p>ข้อความ</p></div><dialog></dialog>`));
  expect((await unnamedDialogs(browser.page)).length).toBe(1);
  await browser.page.setContent(page(`<h1>หน้า</h1><dialog aria-labelledby="t"><h2 id="t">ยืนยัน</h2><button>ตกลง</button></dialog>`));
  await browser.page.evaluate(() => document.querySelector('dialog')!.showModal());
  expect(await unnamedDialogs(browser.page)).toEqual([]);
  await expectAccessible(browser.page, 'labelled dialog');
});

test('axe WCAG AA rules fail the check: low contrast and a link whose name misses its visible text', async () => {
  await browser.page.setContent(page(`<h1>หน้า</h1><p style="color:#aaa;background:#fff">ข้อความจาง</p><a href="/x" aria-label="คลังเอกสาร">Ask-Reg</a>`));
  const rules = (await axeViolations(browser.page)).map((v) => v.rule);
  expect(rules).toContain('color-contrast');
  expect(rules).toContain('label-content-name-mismatch');
  await expect(expectAccessible(browser.page, 'bad page')).rejects.toThrow(/color-contrast/);
});
