// Chat with no language model configured: the assistant still answers from the documents (or says it
// cannot), and the chat shows a finished bubble, never a spinner forever or a raw error.
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test';
import { launchBrowser, startTestServer, type Browser, type TestServer } from './harness';
import { addRegulation } from '../../modules/assistant/test-corpus';
import { ChatPage } from './pages/chat-page';
import { chatText } from '../../web/strings/chat';
import { expectAccessible } from './a11y';

setDefaultTimeout(60_000);
let server: TestServer;
let browser: Browser;
beforeAll(async () => {
  server = await startTestServer({ CHAT_RATE_PER_MINUTE: '1000' });
  await addRegulation(server.ctx);
  browser = await launchBrowser({ width: 390, height: 844 });
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('chat without an LLM', () => {
  test('guest question gets a finished bubble (answer with confidence, or a typed error text)', async () => {
    const chat = new ChatPage(browser.page);
    await chat.open(`${server.url}/guest/chat`);
    await chat.ask('ต้องเสนอโครงการต่อกองพัฒนานักศึกษาล่วงหน้ากี่วัน');
    const bubble = await chat.waitForAnswer();
    const text = (await bubble.textContent()) ?? '';
    expect(text).not.toMatch(/debug:|exception|stack/i);
    await expect(chat.sendButton.isVisible()).resolves.toBe(true);
    const overflow = await browser.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectAccessible(browser.page, 'extractive answer (no LLM)');
  });

  test('at 390 px all three quick buttons are in view; Required Documents quotes the rules, Download templates downloads', async () => {
    const chat = new ChatPage(browser.page);
    await chat.open(`${server.url}/guest/chat`);
    await chat.ask('สวัสดี');
    await chat.waitForAnswer();
    for (const name of [chatText.proposalCheck, chatText.requiredDocs, chatText.templates]) {
      const box = (await chat.quickButton(name).boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(390);
    }
    await chat.quickButton(chatText.requiredDocs).click();
    const required = await chat.waitForAnswer();
    // what a proposal must contain and when it is due (ข้อ ๕), quoted from the regulation
    const text = (await required.locator('.bubble-body').textContent()) ?? '';
    expect(text).toContain('ล่วงหน้าไม่น้อยกว่า ๓๐ วัน');
    expect(text).toContain('ข้อ ๕');
    await chat.quickButton(chatText.templates).click();
    const templates = await chat.waitForAnswer();
    const links = templates.locator('.answer-docs a[download]');
    await links.first().waitFor();
    await expect(links.count()).resolves.toBe(2);
    const file = await chat.download(links.first());
    expect(file.name).toEndWith('.docx');
    expect(file.bytes.subarray(0, 2).toString()).toBe('PK');
    await expectAccessible(browser.page, 'quoted rules and template downloads at 390 px');
  });

  test('signed-in question is stored and shown again after a reload', async () => {
    const { token } = await server.signIn('nollm@u.ac.th', 'user');
    await browser.context.addCookies([{ name: 'askreg_session', value: token, url: server.url }]);
    const chat = new ChatPage(browser.page);
    await chat.open(`${server.url}/user/chat`);
    await chat.ask('ต้องเสนอโครงการต่อกองพัฒนานักศึกษาล่วงหน้ากี่วัน');
    await browser.page.waitForURL(/\/user\/chat\/[\w-]+$/);
    const first = (await (await chat.waitForAnswer()).locator('.bubble-body').textContent()) ?? '';
    await browser.page.reload();
    await chat.ready();
    await chat.lastAnswer.locator('.confidence, .msg-error, .msg-cancelled').first().waitFor();
    expect((await chat.lastAnswer.locator('.bubble-body').textContent()) ?? '').toBe(first);
    expect(browser.errors).toEqual([]);
  });
});
