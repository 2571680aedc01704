// Votes on answers and the question log's notice (issue 17 items 1, 2) in Chromium: a guest votes down
// with a comment and changes its mind, a signed-in user votes up; the notice fits a 390 px phone.
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test';
import { launchBrowser, screenshot, startTestServer, type Browser, type TestServer } from './harness';
import { addRegulation } from '../../modules/assistant/test-corpus';
import { questionFeedback, questionLog } from '../helpers/tables';
import { ChatPage } from './pages/chat-page';
import { chatText } from '../../web/strings/chat';
import { expectAccessible } from './a11y';
import { SESSION_COOKIE } from '../../modules/auth/sessions';

setDefaultTimeout(60_000);
let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  server = await startTestServer({ CHAT_RATE_PER_MINUTE: '1000' });
  await addRegulation(server.ctx);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const votes = async () => await server.ctx.db.select().from(questionFeedback);

describe('votes on answers', () => {
  test('a guest on a phone: the notice, a down vote with a comment, then an up vote instead', async () => {
    browser = await launchBrowser({ width: 390, height: 844 });
    const { page } = browser;
    const chat = new ChatPage(page);
    await chat.open(`${server.url}/guest/chat`);
    const note = page.locator('.privacy-note');
    await expect(note.textContent()).resolves.toBe(chatText.privacyNote);
    await chat.ask('ต้องเสนอโครงการต่อกองพัฒนานักศึกษาล่วงหน้ากี่วัน');
    const answer = await chat.waitForAnswer();
    const up = answer.getByRole('button', { name: chatText.voteUp });
    const down = answer.getByRole('button', { name: chatText.voteDown });
    await expect(up.getAttribute('aria-pressed')).resolves.toBe('false');
    // nothing overflows the phone's width: the notice and the bubble footer wrap
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const noteBox = (await note.boundingBox())!;
    expect(noteBox.x).toBeGreaterThanOrEqual(0);
    expect(noteBox.x + noteBox.width).toBeLessThanOrEqual(390);

    // keyboard: focus the down vote and press Enter
    await down.focus();
    await page.keyboard.press('Enter');
    const comment = answer.getByLabel(chatText.feedbackCommentLabel);
    await comment.waitFor();
    await answer.getByRole('button', { name: chatText.voteDown, pressed: true }).waitFor();
    await expectAccessible(page, 'guest answer with the down-vote comment form (390 px)');
    await screenshot(page, 'chat-feedback-390');
    await comment.fill('ไม่ได้บอกว่าต้องยื่นที่ไหน');
    await answer.getByRole('button', { name: chatText.feedbackSend }).click();
    await answer.getByText(chatText.feedbackThanks).waitFor();

    const [row] = await server.ctx.db.select().from(questionLog);
    expect(row!.question).toBe('ต้องเสนอโครงการต่อกองพัฒนานักศึกษาล่วงหน้ากี่วัน');
    expect(await votes()).toHaveLength(1);
    expect((await votes())[0]).toMatchObject({ questionId: row!.id, rating: 'down', comment: 'ไม่ได้บอกว่าต้องยื่นที่ไหน' });

    // changing one's mind replaces the vote: still one row for this browser
    await up.click();
    // the vote shows as pressed once the server has it (not before): wait for that state
    await answer.getByRole('button', { name: chatText.voteUp, pressed: true }).waitFor();
    await expect(down.getAttribute('aria-pressed')).resolves.toBe('false');
    for (let i = 0; i < 50 && (await votes())[0]?.rating !== 'up'; i++) await Bun.sleep(100); // the server's write
    expect(await votes()).toHaveLength(1);
    expect((await votes())[0]).toMatchObject({ rating: 'up', comment: null });
    expect(browser.errors).toEqual([]);
    await browser.close();
    browser = undefined as unknown as Browser;
  });

  test('a signed-in user votes on a saved answer at desktop width', async () => {
    browser = await launchBrowser();
    const { page } = browser;
    const { token } = await server.signIn('nok@example.ac.th');
    await browser.context.addCookies([{ name: SESSION_COOKIE, value: token, url: server.url }]);
    const chat = new ChatPage(page);
    await chat.open(`${server.url}/user/chat`);
    await chat.ask('งบประมาณเกินสองหมื่นบาทใครเป็นผู้อนุมัติ');
    const answer = await chat.waitForAnswer();
    await answer.getByRole('button', { name: chatText.voteUp }).click();
    await answer.getByText(chatText.feedbackThanks).waitFor();
    await expectAccessible(page, 'user answer after an up vote');
    await screenshot(page, 'chat-feedback-1440');
    const row = (await server.ctx.db.select().from(questionLog)).find((r) => r.question === 'งบประมาณเกินสองหมื่นบาทใครเป็นผู้อนุมัติ')!;
    expect(row.channel).toBe('conversation');
    expect((await votes()).filter((v) => v.questionId === row.id)).toMatchObject([{ rating: 'up' }]);
    expect(browser.errors).toEqual([]);
  });
});
