import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { launchBrowser, screenshot, startTestServer, type Browser, type TestServer } from './harness';
import { th } from '../../web/strings/th';
import { expectAccessible } from './a11y';

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
    // the navigation the search makes, not the final URL: the chat island clears ?message= once sent
    const navigation = page.waitForRequest((r) => r.isNavigationRequest() && new URL(r.url()).pathname === '/guest/chat');
    await page.press('#island-landing input', 'Enter');
    const url = new URL((await navigation).url());
    expect(url.search).toBe(`?message=${encodeURIComponent('ต้องยื่นโครงการล่วงหน้ากี่วัน')}`);
    expect(url.searchParams.get('message')).toBe('ต้องยื่นโครงการล่วงหน้ากี่วัน');
    await page.waitForURL(/\/guest\/chat/);
    expect(new URL(page.url()).pathname).toBe('/guest/chat');
  });

  test('every footer link scrolls to its section of the landing page', async () => {
    const { page } = browser;
    await page.goto(`${server.url}/landing`);
    const links = await page.$$eval('.site-footer nav a', (as) => as.map((a) => ({ label: a.textContent, href: a.getAttribute('href')! })));
    expect(links.map((l) => l.label)).toEqual(['About', 'Documentation', 'How It Works', 'Supports', 'Contact Team', 'Privacy Policy']);
    for (const link of links) {
      const id = link.href.split('#')[1]!;
      await page.click(`.site-footer a[href="${link.href}"]`);
      await page.waitForURL(new RegExp(`#${id}$`));
      const target = await page.evaluate((targetId) => {
        const el = document.getElementById(targetId);
        return el ? { top: el.getBoundingClientRect().top, text: el.textContent ?? '' } : null;
      }, id);
      expect(target).not.toBeNull();
      expect(target!.text.length).toBeGreaterThan(0);
      expect(target!.top).toBeLessThan(900); // scrolled into view
    }
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
    await expectAccessible(page, '404 page');
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
    for (const width of [390, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      await expectAccessible(page, `login at ${width} px`);
    }
  });

  test('the sign-in callback page without code and state says so (axe passes on it) and goes to /login', async () => {
    const { page } = browser;
    await page.goto(`${server.url}/auth/callback`);
    await page.getByText('Invalid callback parameters. Redirecting to login...').waitFor();
    await expectAccessible(page, 'sign-in callback error');
    await page.waitForURL(/\/login$/, { timeout: 15_000 });
  });

  test('a signed-in visitor of the landing page is offered their home, not LOG IN', async () => {
    const page = await browser.newPage();
    try {
      const { token } = await server.signIn('student@uni.ac.th', 'user');
      await page.context().addCookies([{ name: 'askreg_session', value: token, url: server.url }]);
      await page.goto(`${server.url}/landing`);
      const header = page.locator('.site-header');
      await expect(header.getByRole('link', { name: th.landing.login }).count()).resolves.toBe(0);
      await header.getByRole('link', { name: th.landing.goToChat }).click();
      await page.waitForURL(/\/user\/chat$/);
      await expectAccessible(page, 'user chat reached from the landing page');
    } finally {
      await page.context().clearCookies();
      await page.close();
    }
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
      // no line breaks inside a Thai word of the title (each word is one box)
      const splitWords = await page.evaluate(() =>
        [...document.querySelectorAll('.hero h1 .nowrap')].filter((w) => w.getClientRects().length !== 1).map((w) => w.textContent),
      );
      expect(splitWords).toEqual([]);
      // the search placeholder is whole: the full one where it fits, the short one otherwise
      const search = await page.evaluate(() => {
        const input = document.querySelector<HTMLInputElement>('#island-landing input')!;
        const style = getComputedStyle(input);
        const canvas = document.createElement('canvas').getContext('2d')!;
        canvas.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        return {
          placeholder: input.placeholder,
          width: canvas.measureText(input.placeholder).width,
          room: input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight),
        };
      });
      expect(search.width).toBeLessThanOrEqual(search.room);
      expect(search.placeholder).toBe(width === 1440 ? th.landing.searchPlaceholder : th.landing.searchPlaceholderShort);
      await expectAccessible(page, `landing at ${width} px`);
      await screenshot(page, `landing-${width}`);
      await page.close();
    }
    expect(browser.errors).toEqual([]);
  });
});
