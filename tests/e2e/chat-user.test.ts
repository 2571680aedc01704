// Signed-in chat journeys (chat.md §2, §4): conversations on the server, URL per conversation,
// Recents (title, rename, delete), regenerate, attachments; admin chat and the console's settings icon.
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test';
import { launchBrowser, screenshot, startTestServer, type Browser, type TestServer } from './harness';
import { startFakeOllama, type FakeOllama } from '../helpers/fake-ollama';
import { addRegulation } from '../../modules/assistant/test-corpus';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ChatPage, writeDocx } from './pages/chat-page';
import { chatText } from '../../web/strings/chat';
import { common } from '../../web/strings/common';
import { expectAccessible } from './a11y';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../src/db/client';

setDefaultTimeout(60_000);
/** What the fake model names every conversation (it answers title requests with this). */
const GENERATED_TITLE = 'ยื่นโครงการล่วงหน้า';
/** Only in the attached file: the indexed regulation never says it, so seeing it in the prompt proves the file was read. */
const ATTACHED_PHRASE = 'ชมรมดนตรีไทยขอใช้หอประชุมพุทธรักษาในวันเสาร์ที่สามของเดือน';
let noteDocx = '';
let server: TestServer;
let ollama: FakeOllama;
let browser: Browser;
let answers = 0;

async function signInAs(email: string, role: 'user' | 'admin', b = browser) {
  const { token } = await server.signIn(email, role, { firstname: 'สมชาย', lastname: 'ใจดี' });
  await b.context.addCookies([{ name: 'askreg_session', value: token, url: server.url }]);
}

beforeAll(async () => {
  ollama = startFakeOllama({
    reply: (body) => {
      const text = JSON.stringify(body);
      if (text.includes('title') || text.includes('หัวข้อ')) return GENERATED_TITLE;
      answers++;
      return `## คำตอบที่ ${answers}\nองค์กรนักศึกษาต้องเสนอโครงการ **ล่วงหน้าไม่น้อยกว่า ๓๐ วัน** ก่อนวันเริ่มกิจกรรม\n\n1. ชื่อโครงการและวัตถุประสงค์\n2. งบประมาณจำแนกตามหมวด`;
    },
  });
  server = await startTestServer({ OLLAMA_HOST: ollama.url, CHAT_RATE_PER_MINUTE: '1000', AI_TIMEOUT_MS: '20000' });
  await addRegulation(server.ctx);
  noteDocx = await writeDocx(join(mkdtempSync(join(tmpdir(), 'askreg-note-')), 'club-note.docx'), ['บันทึกของชมรม', ATTACHED_PHRASE]);
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
    await expectAccessible(browser.page, 'user chat with two answers');
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

  test('Back and Forward move between the conversation and a new chat', async () => {
    const chat = new ChatPage(browser.page);
    const conversation = browser.page.url();
    await browser.page.getByRole('button', { name: chatText.newChat }).first().click();
    await browser.page.waitForURL(/\/user\/chat$/);
    await browser.page.locator('.greeting').waitFor();
    await browser.page.goBack();
    await browser.page.waitForURL(conversation);
    await chat.lastAnswer.locator('.confidence').waitFor();
    await expect(chat.userBubbles.count()).resolves.toBe(2);
    await browser.page.goForward();
    await browser.page.waitForURL(/\/user\/chat$/);
    await browser.page.locator('.greeting').waitFor();
    await browser.page.goBack();
    await browser.page.waitForURL(conversation);
    await chat.lastAnswer.locator('.confidence').waitFor();
  });

  test('a user has no settings icon', async () => {
    await expect(browser.page.getByRole('link', { name: chatText.settings }).count()).resolves.toBe(0);
    await browser.page.getByRole('button', { name: /เมนูผู้ใช้/ }).click();
    await expect(browser.page.locator('.user-menu-email').textContent()).resolves.toBe('user1@u.ac.th');
    await expectAccessible(browser.page, 'user menu open');
    await browser.page.keyboard.press('Escape');
  });

  test('the logout dialog is named by its title after hydration (server and client ids agree)', async () => {
    const page = browser.page;
    await page.getByRole('button', { name: /เมนูผู้ใช้/ }).click();
    await page.getByRole('button', { name: chatText.logout }).click();
    await page.getByRole('dialog', { name: common.logout.title }).waitFor();
    await expectAccessible(page, 'user logout dialog');
    await page.getByRole('dialog').getByRole('button', { name: common.logout.cancel }).click();
    await page.locator('dialog[open]').waitFor({ state: 'detached' });
  });

  test('Recents: the title appears, rename and delete work', async () => {
    const chat = new ChatPage(browser.page);
    const recents = await chat.openRecents();
    await expect(recents.locator('h2').textContent()).resolves.toBe('Recents');
    const width = await recents.evaluate((el) => el.getBoundingClientRect().width);
    expect(width).toBe(380);
    await expectAccessible(browser.page, 'Recents open');
    const current = recents.locator('.recent-open[aria-current="page"]');
    await current.waitFor();
    // the title the model generated after the first answer, exactly (not the default, not the question)
    const id0 = new URL(browser.page.url()).pathname.split('/').pop();
    const [stored] = await queryRows<{ topic: string }>(server.ctx, sql`select topic from conversations where id = ${id0!}`);
    expect(stored!.topic).toBe(GENERATED_TITLE);
    await expect(current.textContent()).resolves.toBe(GENERATED_TITLE);
    await chat.rename(GENERATED_TITLE, 'ระเบียบโครงการ');
    await chat.recentItem('ระเบียบโครงการ').waitFor();
    const id = new URL(browser.page.url()).pathname.split('/').pop();
    const [row] = await queryRows<{ topic: string }>(server.ctx, sql`select topic from conversations where id = ${id!}`);
    expect(row!.topic).toBe('ระเบียบโครงการ');
    // Escape cancels a rename
    await recents
      .getByRole('button', { name: /เปลี่ยนชื่อ/ })
      .first()
      .click();
    await recents.getByLabel(chatText.renameField).fill('ไม่บันทึก');
    await recents.getByLabel(chatText.renameField).press('Escape');
    await chat.recentItem('ระเบียบโครงการ').waitFor();
    // Escape on the rename field cancelled the rename only: the panel is still open
    expect(await recents.isVisible()).toBe(true);
    const item = recents.locator('.recent', { has: browser.page.locator('.recent-open', { hasText: 'ระเบียบโครงการ' }) });
    await item.getByRole('button', { name: /^ลบ/ }).click();
    await browser.page.getByRole('dialog', { name: chatText.deleteTitle }).waitFor();
    await expectAccessible(browser.page, 'delete-conversation confirm over Recents');
    await browser.page.getByRole('dialog', { name: chatText.deleteTitle }).getByRole('button', { name: chatText.cancel }).click();
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
    await chat.attach(noteDocx);
    ollama.requests.length = 0;
    // a question about the file: answered with the file as evidence (issue 18), not drafted from it
    await chat.ask('บันทึกนี้ขอใช้หอประชุมวันไหน');
    await chat.waitForAnswer();
    await expect(chat.userBubbles.last().locator('.file-chip-name').textContent()).resolves.toBe('club-note.docx');
    const prompt = JSON.stringify(ollama.requests.filter((r) => r.path === '/api/chat').map((r) => r.body));
    expect(prompt).toContain('Content from club-note.docx');
    expect(prompt).toContain(ATTACHED_PHRASE);
  });

  test('a drafting request yields a memo whose DOCX downloads, also after a reload', async () => {
    const chat = new ChatPage(browser.page);
    await chat.open(`${server.url}/user/chat`);
    await chat.ask('ช่วยร่างบันทึกข้อความขออนุมัติจัดกิจกรรมวันไหว้ครู');
    const draft = await chat.waitForAnswer(60_000);
    await draft.locator('.draft-card').waitFor();
    await expect(draft.locator('.draft-card strong').textContent()).resolves.toBe(chatText.draftMemo);
    await expect(draft.locator('.bubble-body .md').textContent()).resolves.toStartWith('บันทึกข้อความ');
    const first = await chat.download(draft.locator('.draft-card a[download]'));
    expect(first.name).toEndWith('.docx');
    expect(first.bytes.subarray(0, 2).toString()).toBe('PK');
    // the server drafted it and stored it on the turn: text, type and the download link
    await chat.page.waitForURL(/\/user\/chat\/[\w-]+$/);
    const id = new URL(chat.page.url()).pathname.split('/').pop();
    const row = (
      await queryRows<Record<string, string | null>>(
        server.ctx,
        sql`select status, response, document_type, download_url from conversation_details where conversation_id = ${id!}`,
      )
    )[0]!;
    expect(row).toMatchObject({ status: 'complete', document_type: 'internal_memo' });
    expect(row.response).toStartWith('บันทึกข้อความ');
    await browser.page.reload();
    await chat.ready();
    const again = chat.lastAnswer;
    await again.locator('.draft-card a[download]').waitFor();
    await expect(again.locator('.draft-card a[download]').getAttribute('href')).resolves.toBe(row.download_url);
    const second = await chat.download(again.locator('.draft-card a[download]'));
    expect(second.bytes.equals(first.bytes)).toBe(true);
  });

  test('Stop after the question is stored but before the answer starts: the turn is cancelled on the server', async () => {
    const chat = new ChatPage(browser.page);
    await chat.open(`${server.url}/user/chat`);
    // hold the answer request so Stop lands between create and the answer stream
    let held = false;
    await chat.page.route('**/details/*/answer', () => void (held = true));
    try {
      await chat.ask('ต้องยื่นโครงการล่วงหน้ากี่วัน');
      await chat.page.waitForURL(/\/user\/chat\/[\w-]+$/);
      for (let i = 0; i < 100 && !held; i++) await Bun.sleep(50);
      expect(held).toBe(true);
      const cancelled = chat.page.waitForResponse((r) => r.url().endsWith('/api/cancel'));
      await chat.stopButton.click();
      expect((await (await cancelled).json()).data.cancelled).toBe(true);
      await expect(chat.lastAnswer.locator('.msg-cancelled').textContent()).resolves.toBe(chatText.errCancelled);
    } finally {
      await chat.page.unrouteAll({ behavior: 'ignoreErrors' });
    }
    const id = new URL(chat.page.url()).pathname.split('/').pop();
    const [row] = await queryRows<{ status: string }>(server.ctx, sql`select status from conversation_details where conversation_id = ${id!}`);
    expect(row!.status).toBe('cancelled');
    // after a reload it stays cancelled: no spinner, no polling
    await chat.page.reload();
    await chat.ready();
    await expect(chat.lastAnswer.locator('.msg-cancelled').textContent()).resolves.toBe(chatText.errCancelled);
  });

  test('quick buttons: Required Documents answers from the regulation; Download templates gives working template downloads', async () => {
    const chat = new ChatPage(browser.page);
    await chat.open(`${server.url}/user/chat`);
    ollama.requests.length = 0;
    await chat.quickButton(chatText.requiredDocs).click();
    const required = await chat.waitForAnswer();
    await expect(chat.userBubbles.last().textContent()).resolves.toContain(chatText.requiredDocsQuestion);
    await expect(required.locator('.confidence').count()).resolves.toBe(1);
    await expect(required.locator('.draft-card').count()).resolves.toBe(0);
    // the model was given the clause that lists what a proposal must contain
    const prompt = JSON.stringify(ollama.requests.filter((r) => r.path === '/api/chat').map((r) => r.body));
    expect(prompt).toContain('(๑) ชื่อโครงการ หลักการและเหตุผล และวัตถุประสงค์');

    await chat.quickButton(chatText.templates).click();
    const templates = await chat.waitForAnswer();
    const links = templates.locator('.answer-docs a[download]');
    await links.first().waitFor();
    await expect(links.count()).resolves.toBe(2);
    for (const i of [0, 1]) {
      const file = await chat.download(links.nth(i));
      expect(file.name).toEndWith('.docx');
      expect(file.bytes.subarray(0, 2).toString()).toBe('PK');
    }
    expect(browser.errors).toEqual([]);
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
      // references once: the list beside the answer, not also an "อ้างอิง:" block inside its text
      await expect(answer.locator('.answer-refs').count()).resolves.toBe(1);
      await expect(answer.locator('.bubble-body').textContent()).resolves.not.toContain('อ้างอิง:');
      await expectAccessible(page, `answer with references and recommended documents at ${width} px`);
      // all three quick buttons are in view, none cut off at the edge
      for (const name of [chatText.proposalCheck, chatText.requiredDocs, chatText.templates]) {
        const box = (await chat.quickButton(name).boundingBox())!;
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(width);
      }
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
      for (const width of [390, 1440]) {
        await admin.page.setViewportSize({ width, height: 900 });
        await expectAccessible(admin.page, `admin chat at ${width} px`);
        await admin.page.locator('.logout-btn').click();
        await admin.page.getByRole('dialog', { name: common.logout.title }).waitFor();
        await expectAccessible(admin.page, `admin logout dialog at ${width} px`);
        await admin.page.keyboard.press('Escape');
        await admin.page.locator('dialog[open]').waitFor({ state: 'detached' });
      }
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
