// e2e harness: the real server (temp DATA_DIR, free port) and Debian's Chromium driven by playwright-core.
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { mkdtempSync, mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestServer, type TestServer } from '../helpers/server';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const SCREENSHOT_DIR = join(import.meta.dir, '__screenshots__');
const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface Browser {
  context: BrowserContext;
  page: Page;
  /** JavaScript errors and console errors seen on any page (a journey asserts there are none). */
  errors: string[];
  newPage(): Promise<Page>;
  close(): Promise<void>;
}

export async function launchBrowser(opts: { width?: number; height?: number } = {}): Promise<Browser> {
  const profile = mkdtempSync(join(tmpdir(), 'askreg-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: ARGS,
    viewport: { width: opts.width ?? 1440, height: opts.height ?? 900 },
    locale: 'th-TH',
    timezoneId: 'Asia/Bangkok',
  });
  const errors: string[] = [];
  const watch = (p: Page) => {
    p.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
    p.on('console', (m) => {
      if (m.type() === 'error' && !/Failed to load resource: the server responded with a status of (401|404|409|429)/.test(m.text()))
        errors.push(`console: ${m.text()}`);
    });
  };
  context.on('page', watch);
  const page = context.pages()[0] ?? (await context.newPage());
  watch(page);
  return {
    context,
    page,
    errors,
    newPage: () => context.newPage(),
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

export { startTestServer, type TestServer };
