// Signed-in chat journeys (chat.md §2, §4): conversations on the server, URL per conversation,
// Recents (title, rename, delete), regenerate, attachments; admin chat and the console's settings icon.
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test';
import { launchBrowser, screenshot, startTestServer, type Browser, type TestServer } from './harness';
import { startFakeOllama, type FakeOllama } from '../helpers/fake-ollama';
import { addRegulation } from '../../modules/assistant/test-corpus';
import { ChatPage } from './pages/chat-page';
import { chatText } from '../../web/strings/chat';

setDefaultTimeout(60_000);
const FIXTURE_DOCX = `${import.meta.dir}/../../../shared/fixtures/docs/regulation.docx`;
let server: TestServer;
let ollama: FakeOllama;
let browser: Browser;
let answers = 0;

async function signInAs(email: string, role: 'user' | 'admin', b = browser) {
  const { token } = server.signIn(email, role, { firstname: 'สมชาย', lastname: 'ใจดี' });
  await b.context.addCookies([{ name: 'askreg_session', value: token, url: server.url }]);
}

beforeAll(async () => {
  ollama = startFakeOllama({
    reply: (body) => {
      const text = JSON.stringify(body);
      if (text.includes('title') || text.includes('หัวข้อ')) return 'ยื่นโครงการล่วงหน้า';
      answers++;
      return `## คำตอบที่ ${answers}\nองค์กรนักศึกษาต้องเสนอโครงการ **ล่วงหน้าไม่น้อยกว่า ๓๐ วัน** ก่อนวันเริ่มกิจกรรม\n\n1. ชื่อโครงการและวัตถุประสงค์\n2. งบประมาณจำแนกตามหมวด`;
    },
  });
  server = await startTestServer({ OLLAMA_HOST: ollama.url, CHAT_RATE_PER_MINUTE: '1000', AI_TIMEOUT_MS: '20000' });
  await addRegulation(server.ctx);
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  await ollama?.close();
});

describe('user chat', () => {
  let conversationUrl = '';

  test('two questions: the URL moves to /user/chat/{id}; the conversation comes back after a reload', async () => {
    await signInAs('user1@u.ac.th', 'user');
    const chat = new ChatPage(browser.page);
    await chat.open(`${server.url}/user/chat`);
    await chat.ask('ต้องยื่นโครงการล่วงหน้ากี่วัน');
    await browser.page.waitForURL(/\/user\/chat\/[\w-]+$/);
    conversationUrl = browser.page.url();
    await chat.waitForAnswer();
    await chat.ask('ต้องแนบเอกสารอะไรบ้าง');
    const second = await chat.waitForAnswer();
    await expect(second.locator('.confidence').textContent()).resolves.toMatch(/, \d{1,3}\.\d{2}%$/);
    expect(browser.page.url()).toBe(conversationUrl);
    // regenerate only on the last answer
    await expect(chat.page.getByRole('button', { name: chatText.regenerate }).count()).resolves.toBe(1);
    await browser.page.reload();
    await chat.ready();
    await chat.lastAnswer.locator('.confidence').waitFor();
    await expect(chat.userBubbles.count()).resolves.toBe(2);
    await expect(chat.assistantBubbles.count()).resolves.toBe(2);
  });

  test('regenerate replaces the last answer', async () => {
    const chat = new ChatPage(browser.page);
    const before = await chat.lastAnswer.locator('.md h3').textContent();
    await chat.page.getByRole('button', { name: chatText.regenerate }).click();
    await chat.page.waitForFunction((old) => {
      const h = [...document.querySelectorAll('.msg-assistant .md h3')].pop();
      return h && h.textContent !== old && document.querySelector('.msg-assistant:last-child .confidence');
    }, before);
    await expect(chat.assistantBubbles.count()).resolves.toBe(2);
  });

  test('a user has no settings icon', async () => {
    await expect(browser.page.getByRole('link', { name: chatText.settings }).count()).resolves.toBe(0);
    await browser.page.getByRole('button', { name: /เมนูผู้ใช้/ }).click();
    await expect(browser.page.locator('.user-menu-email').textContent()).resolves.toBe('user1@u.ac.th');
    await browser.page.keyboard.press('Escape');
  });

  test('Recents: the title appears, rename and delete work', async () => {
    const chat = new ChatPage(browser.page);
    const recents = await chat.openRecents();
    await expect(recents.locator('h2').textContent()).resolves.toBe('Recents');
    const width = await recents.evaluate((el) => el.getBoundingClientRect().width);
    expect(width).toBe(380);
    const current = recents.locator('.recent-open[aria-current="page"]');
    await current.waitFor();
    const title = (await current.textContent())!;
    expect(title.length).toBeGreaterThan(0);
    await chat.rename(title, 'ระเบียบโครงการ');
    await chat.recentItem('ระเบียบโครงการ').waitFor();
    const id = new URL(browser.page.url()).pathname.split('/').pop();
    const row = server.ctx.sqlite.query('select topic from conversations where id = ?').get(id!) as { topic: string };
    expect(row.topic).toBe('ระเบียบโครงการ');
    // Escape cancels a rename
    await recents.getByRole('button', { name: /เปลี่ยนชื่อ/ }).first().click();
    await recents.getByLabel(chatText.renameField).fill('ไม่บันทึก');
    await recents.getByLabel(chatText.renameField).press('Escape');
    await chat.recentItem('ระเบียบโครงการ').waitFor();
    await chat.remove('ระเบียบโครงการ');
    await chat.recentItem('ระเบียบโครงการ').waitFor({ state: 'detached' });
    await browser.page.waitForURL(/\/user\/chat$/);
    await expect(recents.locator('.recents-empty').textContent()).resolves.toBe(chatText.emptyRecents);
  });

  test('an attachment on a follow-up is sent and its text used', async () => {
    const chat = new ChatPage(browser.page);
    await chat.open(`${server.url}/user/chat`);
    await chat.ask('สวัสดี');
    await chat.waitForAnswer();
    await chat.page.getByRole('button', { name: chatText.proposalCheck }).click();
    await chat.attach(FIXTURE_DOCX);
    ollama.requests.length = 0;
    await chat.input.press('Enter');
    await chat.waitForAnswer();
    await expect(chat.userBubbles.last().locator('.file-chip-name').textContent()).resolves.toBe('regulation.docx');
    expect(JSON.stringify(ollama.requests.map((r) => r.body))).toContain('Content from regulation.docx');
  });

  test('a drafting request yields a memo with a working DOCX download, stored in the conversation', async () => {
    const chat = new ChatPage(browser.page);
    await chat.open(`${server.url}/user/chat`);
    await chat.ask('ช่วยร่างบันทึกข้อความขออนุมัติจัดกิจกรรมวันไหว้ครู');
    const draft = await chat.waitForAnswer(60_000);
    const href = await draft.locator('.draft-card a[download]').getAttribute('href');
    const res = await chat.page.request.get(`${server.url}${href}`);
    expect(res.status()).toBe(200);
    expect((await res.body()).subarray(0, 2).toString()).toBe('PK');
    await chat.page.waitForURL(/\/user\/chat\/[\w-]+$/);
    const id = new URL(chat.page.url()).pathname.split('/').pop();
    const row = server.ctx.sqlite.query('select response from conversation_details where conversation_id = ?').get(id!) as { response: string | null };
    expect(row.response?.length ?? 0).toBeGreaterThan(20);
  });

  test('screenshots of an answered conversation with references at 390 px and 1440 px', async () => {
    for (const width of [1440, 390]) {
      const page = await browser.newPage();
      await page.setViewportSize({ width, height: 900 });
      const chat = new ChatPage(page);
      await chat.open(`${server.url}/user/chat`);
      await chat.chooseReferences(true);
      await chat.ask('ต้องยื่นโครงการล่วงหน้ากี่วัน และต้องมีรายละเอียดอะไรบ้าง');
      const answer = await chat.waitForAnswer();
      await answer.locator('.answer-refs li').first().waitFor();
      await answer.locator('.answer-docs a[download]').first().waitFor();
      await page.evaluate(() => document.fonts.ready);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await screenshot(page, `chat-answer-${width}`);
      await page.close();
    }
    expect(browser.errors).toEqual([]);
  });
});

describe('admin chat', () => {
  test('admin header with name and responsibility; the settings icon reaches the console', async () => {
    const admin = await launchBrowser();
    try {
      await signInAs('admin1@u.ac.th', 'admin', admin);
      const chat = new ChatPage(admin.page);
      await chat.open(`${server.url}/admin/chat`);
      await expect(admin.page.locator('.admin-name').textContent()).resolves.toBe('สมชาย ใจดี');
      await chat.ask('ต้องยื่นโครงการล่วงหน้ากี่วัน');
      await admin.page.waitForURL(/\/admin\/chat\/[\w-]+$/);
      await chat.waitForAnswer();
      await admin.page.getByRole('link', { name: chatText.settings }).click();
      await admin.page.waitForURL(/\/admin\/management$/);
      // an admin cannot open user chat (chat.md §4 route guard)
      await admin.page.goto(`${server.url}/user/chat`);
      expect(new URL(admin.page.url()).pathname).not.toBe('/user/chat');
      expect(admin.errors).toEqual([]);
    } finally {
      await admin.close();
    }
  });
});
