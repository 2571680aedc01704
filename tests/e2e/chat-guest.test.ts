// Guest chat journeys (chat.md §2 "Guest chat", §4): landing search → answer, history on the device,
// Stop, attachments, drafting, and the layout at phone and desktop widths.
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test';
import { launchBrowser, startTestServer, type Browser, type TestServer } from './harness';
import { startFakeOllama, type FakeOllama } from '../helpers/fake-ollama';

const REPLY = 'ต้องเสนอโครงการต่อกองพัฒนานักศึกษา **ล่วงหน้าไม่น้อยกว่า ๓๐ วัน**\n\n- ชื่อโครงการ\n- งบประมาณ';
import { addRegulation } from '../../modules/assistant/test-corpus';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ChatPage, writeDocx } from './pages/chat-page';
import { chatText } from '../../web/strings/chat';
import { GUEST_CHATS_KEY } from '../../web/islands/chat/logic/guest-store';
import { expectAccessible } from './a11y';
import { conversations } from '../helpers/tables';

/** Only in the attached proposal: the indexed regulation never says it. */
const PROPOSAL_PHRASE = 'โครงการปลูกป่าชายเลนบ้านคลองโคนร่วมกับชมรมอนุรักษ์ทะเลไทย';
setDefaultTimeout(60_000);
let server: TestServer;
let ollama: FakeOllama;
let browser: Browser;

beforeAll(async () => {
  ollama = startFakeOllama({ reply: REPLY });
  server = await startTestServer({ OLLAMA_HOST: ollama.url, CHAT_RATE_PER_MINUTE: '1000', AI_TIMEOUT_MS: '20000' });
  await addRegulation(server.ctx);
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  await ollama?.close();
});

describe('guest chat', () => {
  test('landing search → an answer with a confidence line; the message parameter is used once and removed', async () => {
    const { page } = browser;
    const chat = new ChatPage(page);
    await page.goto(`${server.url}/landing`);
    await expectAccessible(page, 'landing');
    await page.fill('#island-landing input', 'ต้องยื่นโครงการล่วงหน้ากี่วัน');
    await page.press('#island-landing input', 'Enter');
    await page.waitForURL(/\/guest\/chat/);
    await chat.ready();
    const answer = await chat.waitForAnswer();
    await expect(answer.locator('.confidence').textContent()).resolves.toMatch(/^ความมั่นใจ(สูง|ปานกลาง|ต่ำ), \d{1,3}\.\d{2}%$/);
    await expect(answer.locator('strong').first().textContent()).resolves.toBe('ล่วงหน้าไม่น้อยกว่า ๓๐ วัน');
    expect(new URL(page.url()).search).toBe('');
    await expect(chat.userBubbles.count()).resolves.toBe(1);
    // the message box has moved to the bottom, below the conversation
    const [list, box] = await Promise.all([page.locator('.messages').boundingBox(), page.locator('.composer').boundingBox()]);
    expect(box!.y).toBeGreaterThan(list!.y);
    await expectAccessible(page, 'guest chat with an answer');
  });

  test('history survives a reload, only on this device, titled from the first message', async () => {
    const { page } = browser;
    const chat = new ChatPage(page);
    await page.reload();
    await chat.ready();
    const stored = await page.evaluate((k) => JSON.parse(localStorage.getItem(k) ?? '[]'), GUEST_CHATS_KEY);
    expect(stored).toHaveLength(1);
    expect(stored[0].title).toBe('ต้องยื่นโครงการล่วงหน้ากี่วัน');
    const recents = await chat.openRecents();
    await expect(recents.locator('h3').first().textContent()).resolves.toBe('Today');
    await expectAccessible(page, 'guest Recents');
    await chat.recentItem('ต้องยื่นโครงการล่วงหน้ากี่วัน').click();
    await expect(chat.lastAnswer.locator('.confidence').count()).resolves.toBe(1);
    // nothing of the guest chat reached the conversation store
    expect(await server.ctx.db.select({ id: conversations.id }).from(conversations)).toEqual([]);
  });

  test('Escape closes Recents; Enter sends, Shift+Enter adds a line; Stop mid-answer shows the cancelled text', async () => {
    const { page } = browser;
    const chat = new ChatPage(page);
    await chat.openRecents();
    await page.keyboard.press('Escape');
    await chat.recents.waitFor({ state: 'detached' });
    // long enough that text streams past what containment holds back (~80 characters) while more is to come
    ollama.behave({ reply: `${REPLY}\n${'- งบประมาณและรายละเอียดค่าใช้จ่าย\n'.repeat(8)}`, tokenDelayMs: 100 });
    try {
      await chat.input.fill('ข้อแรก');
      await chat.input.press('Shift+Enter');
      await chat.input.type('ข้อสอง');
      await expect(chat.input.inputValue()).resolves.toBe('ข้อแรก\nข้อสอง');
      await chat.input.press('Enter');
      await chat.lastAnswer.locator('.bubble-body .md').waitFor();
      const cancelled = page.waitForRequest((r) => r.url().endsWith('/api/cancel'));
      await chat.stopButton.click();
      const body = (await cancelled).postDataJSON();
      expect(typeof body.connection_id).toBe('string');
      await expect(chat.lastAnswer.locator('.msg-cancelled').textContent()).resolves.toBe(chatText.errCancelled);
      await ollama.waitForDisconnect(5000);
      await expect(chat.sendButton.isVisible()).resolves.toBe(true);
    } finally {
      ollama.behave({ reply: REPLY, tokenDelayMs: 0 });
    }
  });

  for (const width of [390, 1440]) {
    test(`Recents at ${width} px is a modal: focus stays inside, the header behind is inert, focus returns to the history button`, async () => {
      const page = await browser.newPage();
      try {
        await page.setViewportSize({ width, height: 800 });
        const chat = new ChatPage(page);
        await chat.open(`${server.url}/guest/chat`);
        await expectAccessible(page, `guest chat at ${width} px`);
        const history = page.getByRole('button', { name: chatText.openRecents });
        await history.focus();
        await page.keyboard.press('Enter');
        await chat.recents.waitFor();
        await expect(page.getByRole('dialog', { name: chatText.recents }).count()).resolves.toBe(1);
        // Tab and Shift+Tab never leave the panel (nothing behind it can take focus, so nothing is obscured by it)
        for (const key of [...Array(12).fill('Tab'), ...Array(12).fill('Shift+Tab')]) {
          await page.keyboard.press(key);
          const inside = await page.evaluate(() => {
            const a = document.activeElement;
            return !a || a === document.body || !!a.closest('#recents-panel');
          });
          expect(inside).toBe(true);
        }
        expect(await page.evaluate(() => document.querySelector('#recents-panel')!.matches(':modal'))).toBe(true);
        // the header's buttons cannot be clicked through the backdrop: a click there closes the panel instead
        await page.mouse.click(4, 400);
        await chat.recents.waitFor({ state: 'detached' });
        expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(chatText.openRecents);
        // Escape closes it and also returns focus
        await page.keyboard.press('Enter');
        await chat.recents.waitFor();
        await page.keyboard.press('Escape');
        await chat.recents.waitFor({ state: 'detached' });
        expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(chatText.openRecents);
      } finally {
        await page.close();
      }
    });
  }

  test('Proposal Check: the attached proposal is checked section by section against the regulation and shows as a chip', async () => {
    const { page } = browser;
    const chat = new ChatPage(page);
    await chat.open(`${server.url}/guest/chat`);
    await page.getByRole('button', { name: chatText.proposalCheck }).click();
    await expect(chat.input.inputValue()).resolves.toBe(chatText.proposalPrefill);
    const proposal = await writeDocx(join(mkdtempSync(join(tmpdir(), 'askreg-proposal-')), 'proposal.docx'), [
      PROPOSAL_PHRASE,
      '๑. วัตถุประสงค์',
      'เพื่อฟื้นฟูป่าชายเลน',
      '๒. งบประมาณ',
      'งบประมาณทั้งสิ้น ๑๕,๐๐๐ บาท',
      '๓. สถานที่ดำเนินการ',
      'ป่าชายเลนบ้านคลองโคน จังหวัดสมุทรสงคราม (ค้างคืน ๑ คืน)',
    ]);
    await chat.attach(proposal);
    await expect(page.locator('.composer .file-chip .type-badge').textContent()).resolves.toBe('DOCX/DOC');
    await chat.input.press('Enter');
    const check = await chat.waitForAnswer();
    // the file's own sections were checked against the regulations (issue 18), not drafted
    const text = (await check.locator('.bubble-body').textContent()) ?? '';
    expect(text).toContain('ผลการตรวจข้อเสนอโครงการ');
    expect(text).toContain('■ สถานที่ดำเนินการ');
    expect(text).toContain('นอกสถานที่หรือค้างคืน');
    expect(text).toContain('หัวข้อที่ยังขาด');
    await expect(chat.lastAnswer.locator('.draft-card').count()).resolves.toBe(0);
    await expect(chat.userBubbles.last().locator('.file-chip-name').textContent()).resolves.toBe('proposal.docx');
    await expect(chat.userBubbles.last().textContent()).resolves.not.toContain('Content from');
  });

  test('a drafting request gives a memo with a working DOCX download', async () => {
    const { page } = browser;
    const chat = new ChatPage(page);
    await chat.open(`${server.url}/guest/chat`);
    await chat.ask('ช่วยร่างบันทึกข้อความขออนุมัติจัดกิจกรรมวันไหว้ครู');
    const draft = await chat.waitForAnswer(60_000);
    await expect(draft.locator('.draft-card strong').textContent()).resolves.toBe(chatText.draftMemo);
    await expect(draft.locator('.bubble-body .md').textContent()).resolves.toStartWith('บันทึกข้อความ');
    const link = draft.locator('.draft-card a[download]');
    expect(await link.getAttribute('href')).toMatch(/^\/api\/drafts\/[^/]+\/download$/);
    const file = await chat.download(link);
    expect(file.name).toEndWith('.docx');
    expect(file.bytes.subarray(0, 2).toString()).toBe('PK');
    expect(browser.errors).toEqual([]);
  });

  test('a brief typed alone, with no "please draft", is drafted with its facts', async () => {
    const { page } = browser;
    const chat = new ChatPage(page);
    await chat.open(`${server.url}/guest/chat`);
    await chat.ask('ค่ายอาสา 15-17 ม.ค. 68 ที่โรงเรียนบ้านห้วยแก้ว จ.น่าน 100 คน งบ 30,000');
    const draft = await chat.waitForAnswer(60_000);
    await expect(draft.locator('.draft-card strong').textContent()).resolves.toBe(chatText.draftProject);
    const body = (await draft.locator('.bubble-body .md').textContent()) ?? '';
    for (const fact of ['โครงการค่ายอาสา', 'โรงเรียนบ้านห้วยแก้ว', '๑๐๐ คน', '๓๐,๐๐๐']) expect(body).toContain(fact);
    expect(browser.errors).toEqual([]);
  });
});
