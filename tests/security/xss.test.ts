// Stored and reflected XSS, checked in Chromium: payloads in file names, descriptions, category names,
// document text, conversation titles, messages and the model's output must render as inert text.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { Page } from 'playwright-core';
import { launchBrowser, startTestServer, type Browser, type TestServer } from '../e2e/harness';
import { startFakeOllama, type FakeOllama } from '../helpers/fake-ollama';
import { fixture, multipartBody } from '../../modules/documents/testing/helpers';
import { indexingIdle } from '../../modules/documents/indexer';
import { chatText } from '../../web/strings/chat';

const HOOK = 'window.__xss=1';
const PAYLOAD = `<img src=x onerror=${HOOK}><script>${HOOK}</script>"><svg onload=${HOOK}> [ลิงก์](javascript:${HOOK}) <a href="javascript:${HOOK}">a</a>`;
const SHORT = `"><svg onload=${HOOK}>`;

let server: TestServer;
let ollama: FakeOllama;
let browser: Browser;
let dialogs = 0;
const ids = { doc: '', userChat: '', adminChat: '' };
const cookies = { user: '', admin: '' };

async function json(res: Response) {
  const body = await res.json();
  if (res.status >= 300) throw new Error(`seed failed ${res.status}: ${JSON.stringify(body)}`);
  return body;
}

/** A conversation whose question, title and stored model answer all carry the payload. */
async function conversation(cookie: string): Promise<string> {
  const c = (await json(await server.request('/api/conversations/create', { cookie, json: { query: `ถาม ${PAYLOAD}` } }))).data;
  await json(
    await server.request(`/api/conversations/${c.conversationId}/details/${c.conversationDetailId}/answer`, { cookie, json: { show_regulation: true } }),
  );
  await json(await server.request(`/api/conversations/${c.conversationId}/topic/rename`, { method: 'PATCH', cookie, json: { topic: SHORT } }));
  return c.conversationId;
}

beforeAll(async () => {
  ollama = startFakeOllama({ reply: `คำตอบ ${PAYLOAD}\n\n[เอกสาร](javascript:${HOOK})` });
  server = await startTestServer({ OLLAMA_HOST: ollama.url, CHAT_RATE_PER_MINUTE: '1000' });
  const admin = await server.signIn('xss.admin@example.ac.th', 'admin', { firstname: SHORT, lastname: '<b>x</b>' });
  const user = await server.signIn('xss.user@example.ac.th', 'user', { firstname: SHORT });
  cookies.admin = admin.token;
  cookies.user = user.token;
  const cat = await json(await server.request('/api/categories/create', { cookie: admin.cookie, json: { categoryName: SHORT } }));
  const { body, headers } = multipartBody(`<img src=x onerror=${HOOK}>.pdf`, fixture('regulation.pdf'), {
    fileName: `ระเบียบ ${PAYLOAD}`,
    description: PAYLOAD,
    category: cat.data.id,
    fallbackContact: PAYLOAD,
    contents: `ข้อ ๑ ชมรมต้องส่งรายงาน ${PAYLOAD}`,
  });
  ids.doc = (await json(await server.request('/api/files/upload', { method: 'POST', cookie: admin.cookie, headers, body }))).data.id;
  await indexingIdle(server.ctx);
  ids.userChat = await conversation(user.cookie);
  ids.adminChat = await conversation(admin.cookie);
  browser = await launchBrowser();
  browser.context.on('dialog', () => {});
  browser.context.on('page', (p) => p.on('dialog', (d) => (dialogs++, d.dismiss())));
  browser.page.on('dialog', (d) => (dialogs++, void d.dismiss()));
}, 180_000);
afterAll(async () => {
  await browser?.close();
  await server?.close();
  await ollama?.close();
});

async function as(who: 'user' | 'admin' | null) {
  await browser.context.clearCookies();
  if (who) await browser.context.addCookies([{ name: 'askreg_session', value: cookies[who], url: server.url }]);
}

/** Opens a page, lets the island hydrate and fetch, then checks nothing ran. */
async function visit(page: Page, path: string, settle: () => Promise<unknown>) {
  const res = await page.goto(server.url + path);
  expect(res!.status()).toBe(200);
  const csp = res!.headers()['content-security-policy'] ?? '';
  expect(csp).toContain("script-src 'self'");
  expect(csp).not.toContain("unsafe-inline'; script"); // scripts stay same-origin only
  await settle();
  await page.waitForTimeout(300);
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
  expect(await page.locator('a[href^="javascript:" i]').count()).toBe(0);
  // CSP would block the handlers anyway: also prove no markup from the payload became elements.
  const injected = await page.evaluate(
    () =>
      document.querySelectorAll('img[onerror], svg[onload], [onload], [onerror]').length +
      // island props are JSON in a data script; they may hold the text, but never a raw '<'
      [...document.scripts].filter((s) => (s.type === 'application/json' ? s.text.includes('<') : s.text.includes('__xss'))).length,
  );
  expect(injected).toBe(0);
  expect(dialogs).toBe(0);
}

describe('payloads render as text', () => {
  test('landing page lists the document name inertly', async () => {
    await as(null);
    await visit(browser.page, '/landing', () => browser.page.getByText('ระเบียบ <img', { exact: false }).first().waitFor());
  });

  test('admin library and view page', async () => {
    await as('admin');
    const page = browser.page;
    await visit(page, '/admin/management', () => page.getByText(SHORT).first().waitFor());
    await visit(page, `/admin/management/view/${encodeURIComponent(ids.doc)}`, () =>
      page.getByText('ข้อ ๑ ชมรมต้องส่งรายงาน', { exact: false }).first().waitFor(),
    );
    await visit(page, `/admin/management/edit/${encodeURIComponent(ids.doc)}`, () => page.waitForLoadState('networkidle'));
  });

  test('admin chat with recents: stored question, title and model output', async () => {
    await as('admin');
    const page = browser.page;
    await visit(page, `/admin/chat/${ids.adminChat}`, async () => {
      await page.locator('.msg-assistant').first().waitFor();
      await page.getByRole('button', { name: chatText.openRecents }).click();
      await page.locator('#recents-panel').getByText(SHORT).first().waitFor();
    });
    expect(await page.content()).toContain('&lt;img src=x onerror=');
  });

  test('user chat with recents, and a fresh answer streamed from the model', async () => {
    await as('user');
    const page = browser.page;
    await visit(page, `/user/chat/${ids.userChat}`, async () => {
      await page.locator('.msg-assistant').first().waitFor();
      await page.getByRole('button', { name: chatText.openRecents }).click();
      await page.locator('#recents-panel').getByText(SHORT).first().waitFor();
    });
    // Recents is a modal dialog: the composer behind it is inert until it closes
    await page.keyboard.press('Escape');
    await page.locator('#recents-panel').waitFor({ state: 'hidden' });
    await page.locator('#chat-input').fill(`ต่อ ${PAYLOAD}`);
    await page.locator('#chat-input').press('Enter');
    await page.locator('.msg-assistant').last().locator('.confidence, .msg-error').first().waitFor({ timeout: 20_000 });
    await visit(page, `/user/chat/${ids.userChat}`, () => page.locator('.msg-assistant').nth(1).waitFor());
  });

  test('guest chat: a reflected ?message= and the model output', async () => {
    await as(null);
    const page = browser.page;
    await visit(page, `/guest/chat?message=${encodeURIComponent(PAYLOAD)}`, () =>
      page.locator('.msg-assistant').last().locator('.confidence, .msg-error').first().waitFor({ timeout: 20_000 }),
    );
  });

  test('no script error was caused by the payloads', () => {
    expect(browser.errors.filter((e) => !/Content Security Policy|Refused to/.test(e))).toEqual([]);
  });
});
