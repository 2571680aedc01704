import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { launchBrowser, screenshot, startTestServer, type Browser, type TestServer } from './harness';

let server: TestServer;
let browser: Browser;
beforeAll(async () => {
  server = await startTestServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('foundation journeys', () => {
  test('landing → search box → guest chat with the message', async () => {
    const { page } = browser;
    await page.goto(`${server.url}/landing`);
    await page.waitForSelector('#island-landing input');
    await page.fill('#island-landing input', '  ต้องยื่นโครงการล่วงหน้ากี่วัน  ');
    await page.press('#island-landing input', 'Enter');
    await page.waitForURL(/\/guest\/chat/);
    const url = new URL(page.url());
    expect(url.pathname).toBe('/guest/chat');
    // the chat island may consume and clear the parameter; if still present it must be trimmed
    const msg = url.searchParams.get('message');
    if (msg !== null) expect(msg).toBe('ต้องยื่นโครงการล่วงหน้ากี่วัน');
  });

  test('an empty search goes to plain /guest/chat', async () => {
    const { page } = browser;
    await page.goto(`${server.url}/landing`);
    await page.waitForSelector('#island-landing input');
    await page.fill('#island-landing input', '   ');
    await page.click('#island-landing button[type=submit]');
    await page.waitForURL(/\/guest\/chat/);
    expect(new URL(page.url()).search).toBe('');
  });

  test('unknown path → 404 page with Go Home and Go Back', async () => {
    const { page } = browser;
    await page.goto(`${server.url}/landing`);
    const res = await page.goto(`${server.url}/definitely/not/here`);
    expect(res?.status()).toBe(404);
    await expect(page.title()).resolves.toContain('Page Not Found');
    await page.getByRole('button', { name: 'Go Back' }).click();
    await page.waitForURL(/\/landing$/);
    await page.goto(`${server.url}/definitely/not/here`);
    await page.getByRole('link', { name: 'Go Home' }).click();
    await page.waitForURL(/\/landing$/);
  });

  test('/admin/management with no session → /login', async () => {
    const { page } = browser;
    await page.goto(`${server.url}/admin/management`);
    expect(new URL(page.url()).pathname).toBe('/login');
  });

  test('landing screenshots at 390 px and 1440 px: Thai renders, nothing overflows', async () => {
    for (const width of [390, 1440]) {
      const page = await browser.newPage();
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${server.url}/landing`);
      await page.evaluate(() => document.fonts.ready);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      const font = await page.evaluate(() => document.fonts.check('16px Sarabun', 'ก'));
      expect(font).toBe(true);
      await screenshot(page, `landing-${width}`);
      await page.close();
    }
    expect(browser.errors).toEqual([]);
  });
});
