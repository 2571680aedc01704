// Sign-in journeys in Chromium through the built-in OpenID provider (a real OIDC round trip), and an
// admin granting admin rights to a user who then reaches the console after signing in again.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { Page } from 'playwright-core';
import { launchBrowser, screenshot, startTestServer, type Browser, type TestServer } from './harness';
import { logoutTexts } from '../../web/components/LogoutDialog';
import { TEXT } from '../../modules/admins/service';
import { expectAccessible } from './a11y';
import { ta } from '../../web/strings/access';

// generous: a loaded CI machine runs these beside the OCR suites (a journey takes ~3 s when quiet)
const JOURNEY_MS = 150_000;
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

/** /login → the university button → the provider's sign-in page → pick an account → back through /auth/callback. */
async function signInThroughProvider(page: Page, email: string) {
  await page.goto(`${server.url}/login`);
  await page.getByTestId('sso-login').click();
  await page.waitForURL(/\/interaction\//);
  await page.getByRole('heading', { name: 'เข้าสู่ระบบด้วยบัญชีมหาวิทยาลัย' }).waitFor();
  const listed = page.locator(`button[data-email="${email}"]`);
  if (await listed.count()) await listed.click();
  else {
    await page.getByLabel('หรือเข้าสู่ระบบด้วยอีเมลอื่น').fill(email);
    await page.getByRole('button', { name: 'เข้าสู่ระบบ', exact: true }).click();
  }
}

describe('sign-in in the browser', () => {
  test(
    'a user signs in through the provider, lands on /user/chat, and logs out through the user menu to /landing',
    async () => {
      const { page } = browser;
      await page.goto(`${server.url}/login`);
      await expect(page.getByTestId('sso-login').textContent()).resolves.toContain('ดำเนินการต่อด้วยบัญชีมหาวิทยาลัย');
      await expectAccessible(page, 'login');
      await signInThroughProvider(page, 'student@demo.ac.th');
      await page.waitForURL(`${server.url}/user/chat`);
      expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toMatch(/^[\w-]{30,}$/);
      const cookie = (await browser.context.cookies(server.url)).find((c) => c.name === 'askreg_session')!;
      expect(cookie.httpOnly).toBe(true);
      expect(cookie.sameSite).toBe('Lax');
      const me = await page.evaluate(async () => (await fetch('/api/profile/me', { credentials: 'include' })).json());
      expect(me.data).toMatchObject({ email: 'student@demo.ac.th', role: 'user' });
      await screenshot(page, 'auth-user-chat');

      // The user menu shows who is signed in; Logout asks first, then ends the session and goes to /landing.
      // its name starts with the initials it shows (WCAG 2.5.3), then the menu's name and the user's
      await page.getByRole('button', { name: /^สร เมนูผู้ใช้: สมหญิง รักเรียน$/ }).click();
      await expect(page.locator('.user-menu-name').textContent()).resolves.toBe('สมหญิง รักเรียน');
      await expect(page.locator('.user-menu-email').textContent()).resolves.toBe('student@demo.ac.th');
      await page.locator('.user-menu-pop').getByRole('button', { name: 'Logout' }).click();
      const confirm = page.getByRole('dialog');
      await confirm.getByRole('heading', { name: logoutTexts.title }).waitFor();
      await confirm.getByText(logoutTexts.message).waitFor();
      await expectAccessible(page, 'logout dialog after signing in');
      await confirm.getByRole('button', { name: logoutTexts.confirm, exact: true }).click();
      await page.waitForURL(`${server.url}/landing`);
      expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeNull();
      // ended on the server: the old cookie no longer works even if a browser kept it
      const old = await server.request('/api/profile/me', { cookie: `${cookie.name}=${cookie.value}` });
      expect(old.status).toBe(401);
    },
    JOURNEY_MS,
  );

  test(
    'a callback without code and state shows the spec text, then goes to /login',
    async () => {
      const { page } = browser;
      await page.goto(`${server.url}/auth/callback`);
      await page.getByText('Invalid callback parameters. Redirecting to login...').waitFor();
      // the spec's 3 s redirect: wait for the navigation itself, not for the login page to finish loading
      await page.waitForURL(`${server.url}/login`, { timeout: 15_000, waitUntil: 'commit' });
    },
    JOURNEY_MS,
  );

  test(
    'a replayed callback URL is refused with the spec text',
    async () => {
      const { page } = browser;
      // the provider's redirect back to us, captured and opened twice
      const callback = page.waitForRequest((r) => r.url().includes('/auth/callback?code='));
      callback.catch(() => undefined); // awaited below; never an unhandled rejection meanwhile
      await signInThroughProvider(page, 'student@demo.ac.th');
      const callbackUrl = (await callback).url();
      await page.waitForURL(`${server.url}/user/chat`);
      await page.goto(callbackUrl);
      await page.getByText(/^Authentication failed: .+\. Redirecting to login\.\.\.$/).waitFor();
      // the spec's 3 s redirect: wait for the navigation itself, not for the login page to finish loading
      await page.waitForURL(`${server.url}/login`, { timeout: 15_000, waitUntil: 'commit' });
    },
    JOURNEY_MS,
  );
});

describe('login CSRF', () => {
  test(
    "a signed-in student sent to an attacker's unfinished callback stays themself: the state was not started in their browser",
    async () => {
      // The attacker signs in in their own browser and stops before our callback, keeping its URL.
      const attacker = await launchBrowser();
      let trap = '';
      try {
        // Playwright does not route a redirected navigation, so the callback page loads; its call to the
        // callback API is stopped instead, and the page's own URL (same query) is the trap.
        await attacker.page.route('**/api/auth/callback?*', (route) => {
          trap = route.request().url().replace('/api/auth/callback', '/auth/callback');
          return route.abort();
        });
        await signInThroughProvider(attacker.page, 'attacker@demo.ac.th');
        for (let i = 0; i < 100 && !trap; i++) await attacker.page.waitForTimeout(100);
        expect(trap).toContain('/auth/callback?code=');
      } finally {
        await attacker.close();
      }
      const { page } = browser;
      await signInThroughProvider(page, 'student@demo.ac.th');
      await page.waitForURL(`${server.url}/user/chat`);
      await page.goto(trap);
      await page.getByText(/^Authentication failed: .+\. Redirecting to login\.\.\.$/).waitFor();
      await page.waitForURL(`${server.url}/login`, { timeout: 15_000, waitUntil: 'commit' });
      const me = await page.evaluate(async () => (await fetch('/api/profile/me', { credentials: 'include' })).json());
      expect(me.data?.email).toBe('student@demo.ac.th');
      // signed out again for the journeys that follow
      await page.evaluate(async () => {
        await fetch('/api/auth/logout', { credentials: 'include' });
        localStorage.clear();
      });
    },
    JOURNEY_MS,
  );
});

// The access page's message closes itself after 3 s (console.md §9). A check that outlasts that on a slow host (an
// accessibility scan) finds it gone: it is dismissed with its button while open, and either way it must be closed.
async function dismissMessage(page: Page) {
  await page
    .getByRole('dialog')
    .getByRole('button', { name: 'ตกลง' })
    .click({ timeout: 2_000 })
    .catch(() => {});
  await page.getByTestId('access-message').waitFor({ state: 'hidden' });
}

describe('admin rights', () => {
  test(
    'an admin grants rights to a user, who reaches /admin/management after signing in again',
    async () => {
      const { page } = browser;
      await signInThroughProvider(page, 'admin@demo.ac.th');
      await page.waitForURL(`${server.url}/admin/management`);
      await page.goto(`${server.url}/admin/management/access`);
      const addButton = page.getByTestId('add-rights');
      await page.getByText('admin@demo.ac.th').first().waitFor();
      await addButton.click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('อีเมล').fill('not-an-email');
      await dialog.getByLabel('ตำแหน่ง').fill('เจ้าหน้าที่');
      expect(await dialog.getByLabel('อีเมล').getAttribute('aria-invalid')).toBe('true');
      expect(await page.getByTestId('add-admin-submit').isDisabled()).toBe(true);
      await expectAccessible(page, 'add-admin dialog with an invalid e-mail');
      await dialog.getByLabel('อีเมล').fill('nobody@demo.ac.th');
      await dialog.getByLabel('ตำแหน่ง').fill('เจ้าหน้าที่');
      await page.getByTestId('add-admin-submit').click();
      await page.getByText('ไม่พบผู้ใช้ในฐานข้อมูล กรุณาตรวจสอบว่าอีเมลนี้เคยเข้าสู่ระบบบอทแล้ว').waitFor();
      await expectAccessible(page, 'user-not-found dialog');
      await page.getByRole('dialog').getByRole('button', { name: 'ตกลง' }).click();
      await addButton.click();
      await page.getByRole('dialog').getByLabel('อีเมล').fill('  Student@Demo.ac.th ');
      await page.getByRole('dialog').getByLabel('ตำแหน่ง').fill('นายกสโมสรนักศึกษา');
      await page.getByTestId('add-admin-submit').click();
      await page.getByTestId('access-message').getByText('เพิ่มสิทธิ์ให้กับอีเมล student@demo.ac.th เรียบร้อยแล้ว').waitFor();
      const row = page.locator('tr[data-email="student@demo.ac.th"]');
      await row.waitFor();
      // each row says where its right comes from
      await expect(row.locator('[data-source]').textContent()).resolves.toBe(ta.source.console);
      await expect(page.locator('tr[data-email="admin@demo.ac.th"] [data-source]').textContent()).resolves.toBe(ta.source.demo);
      await expectAccessible(page, 'rights-added message');
      await dismissMessage(page);
      // inline position edit: save enabled only once the value differs
      const save = row.getByRole('button', { name: 'บันทึก' });
      expect(await save.isDisabled()).toBe(true);
      await row.getByLabel('ตำแหน่งของ student@demo.ac.th').fill('นายกสโมสรนักศึกษาคณะวิทยาศาสตร์');
      await save.click();
      await page.getByTestId('access-message').getByText('อัปเดตตำแหน่งของ student@demo.ac.th เรียบร้อยแล้ว').waitFor();
      await dismissMessage(page);
      // local + server search
      await page.getByPlaceholder('ค้นหาชื่อผู้ใช้').fill('สมหญิง');
      await page.locator('tr[data-email="admin@demo.ac.th"]').waitFor({ state: 'detached' });
      await page.getByPlaceholder('ค้นหาชื่อผู้ใช้').fill('');
      // the signed-in admin's own row cannot be switched off or revoked
      const own = page.locator('tr[data-email="admin@demo.ac.th"]');
      expect(await own.getByRole('switch').isDisabled()).toBe(true);
      expect(await own.getByRole('button', { name: /ลบสิทธิ์/ }).isDisabled()).toBe(true);
      await screenshot(page, 'auth-access-page');
      await signInThroughProvider(page, 'student@demo.ac.th');
      await page.waitForURL(`${server.url}/admin/management`);
      const me = await page.evaluate(async () => (await fetch('/api/profile/me', { credentials: 'include' })).json());
      expect(me.data).toMatchObject({ email: 'student@demo.ac.th', role: 'admin', responsibility: 'นายกสโมสรนักศึกษาคณะวิทยาศาสตร์' });

      // The demo admin is configured by the built-in provider: revoking it is refused and the page says why.
      await page.goto(`${server.url}/admin/management/access`);
      await page.locator('tr[data-email="admin@demo.ac.th"]').getByRole('button', { name: /ลบสิทธิ์/ }).click();
      await expectAccessible(page, 'revoke confirm');
      await page.getByRole('dialog').getByRole('button', { name: 'ลบสิทธิ์', exact: true }).click();
      await page.getByTestId('access-message').getByText(TEXT.demoAdmin('admin@demo.ac.th')).waitFor();
      await dismissMessage(page);
      await page.locator('tr[data-email="admin@demo.ac.th"]').waitFor(); // still listed
    },
    JOURNEY_MS,
  );

  test('no script errors on the pages visited (the replayed callback is an expected 400)', () => {
    expect(browser.errors.filter((e) => !e.includes('status of 400'))).toEqual([]);
  });
});
