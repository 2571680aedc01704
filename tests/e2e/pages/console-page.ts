// Page object of the admin console: the selectors and waits the console journeys share.
import type { Page } from 'playwright-core';
import { launchBrowser, startTestServer, type Browser, type TestServer } from '../harness';

/** A test server, a browser and an admin signed in to the console: what every console journey starts from. */
export async function openConsole(env: Record<string, string> = {}): Promise<{ server: TestServer; browser: Browser; cp: ConsolePage; cookie: string }> {
  const server = await startTestServer(env);
  const browser = await launchBrowser();
  const cp = new ConsolePage(browser.page, server);
  return { server, browser, cp, cookie: await cp.signIn() };
}

export class ConsolePage {
  constructor(
    readonly page: Page,
    readonly server: TestServer,
  ) {}

  /** Signs in as an admin through the session cookie (no IdP round trip). */
  async signIn(email = 'admin@uni.ac.th'): Promise<string> {
    const { cookie } = await this.server.signIn(email, 'admin', { firstname: 'สมชาย', lastname: 'ใจดี' });
    const [name, value] = cookie.split('=') as [string, string];
    await this.page.context().addCookies([{ name, value, url: this.server.url }]);
    return cookie;
  }

  /** How many pixels the page is wider than the viewport (0 or less: nothing overflows sideways). */
  overflow(): Promise<number> {
    return this.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  }

  async goto(path: string) {
    await this.page.goto(this.server.url + path);
    // hydrated once the header's logout button reacts (the island loads the router first)
    await this.page.waitForFunction(() => !!document.querySelector('#island-console .console-header'));
    await this.page.waitForLoadState('networkidle');
  }

  // Library ---------------------------------------------------------------------------------------
  rows() {
    return this.page.locator('.doc-table tbody tr');
  }
  row(name: string) {
    return this.page.locator('.doc-table tbody tr', { hasText: name });
  }
  async waitForRow(name: string) {
    await this.row(name).first().waitFor({ timeout: 20_000 });
  }
  pageLabel() {
    return this.page.locator('.pager-controls span');
  }
  async search(text: string) {
    await this.page.fill('#console-search', text);
  }
  async toggle(name: string) {
    await this.row(name).getByRole('switch').click();
    await this.page
      .getByRole('dialog')
      .getByRole('button', { name: /ปิดการใช้งาน|เปิดใช้งาน/ })
      .click();
  }
  async isActive(name: string) {
    return this.row(name).getByRole('switch').isChecked();
  }

  // Dialogs ---------------------------------------------------------------------------------------
  dialog() {
    return this.page.locator('dialog[open]');
  }
  async confirmDialog(button: string | RegExp) {
    await this.dialog().getByRole('button', { name: button }).click();
  }

  // Add / edit form -------------------------------------------------------------------------------
  textArea() {
    return this.page.locator('textarea.extract-text');
  }
  async chooseFile(path: string) {
    await this.page.setInputFiles('.file-drop input[type=file]', path);
  }
  async waitForExtractedText(minChars = 200, timeout = 120_000) {
    await this.page.waitForFunction(
      (n) => ((document.querySelector('textarea.extract-text') as HTMLTextAreaElement | null)?.value.length ?? 0) >= n,
      minChars,
      { timeout },
    );
  }
  /** a form control by its label (the step sections are labelled by the same titles) */
  field(label: RegExp | string) {
    return this.page.locator('input, textarea, select').and(this.page.getByLabel(label)).first();
  }
}
