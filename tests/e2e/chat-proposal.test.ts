// A student's journey with a proposal (issue 18): attach it and ask about it (an answer from the file,
// not a draft), ask for the memo (drafted from that file, downloads as DOCX, labelled by completeness),
// then press Proposal Check (the regulation's clauses per section and what the proposal lacks).
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import mammoth from 'mammoth';
import { launchBrowser, startTestServer, type Browser, type TestServer } from './harness';
import { addRegulation } from '../../modules/assistant/test-corpus';
import { ChatPage, writeDocx } from './pages/chat-page';
import { chatText } from '../../web/strings/chat';
import { expectAccessible } from './a11y';

setDefaultTimeout(60_000);
const PROPOSAL_LINES = readFileSync(join(import.meta.dir, '../../modules/assistant/drafting/test-data/proposal-camp-nan.txt'), 'utf8')
  .split('\n')
  .filter((l) => l.trim());
let server: TestServer;
let browser: Browser;
let proposalDocx = '';

beforeAll(async () => {
  server = await startTestServer({ CHAT_RATE_PER_MINUTE: '1000' }); // no model: extractive answers, template drafts
  await addRegulation(server.ctx);
  proposalDocx = await writeDocx(join(mkdtempSync(join(tmpdir(), 'askreg-proposal-')), 'ค่ายอาสา.docx'), PROPOSAL_LINES);
  browser = await launchBrowser();
  const { token } = await server.signIn('student-proposal@u.ac.th', 'user');
  await browser.context.addCookies([{ name: 'askreg_session', value: token, url: server.url }]);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('a student with a proposal', () => {
  test('asks about the attached proposal: answered from the file (cited as the attachment), not drafted', async () => {
    const chat = new ChatPage(browser.page);
    await chat.open(`${server.url}/user/chat`);
    await chat.chooseReferences(true);
    await chat.attach(proposalDocx);
    await chat.ask('งบประมาณทั้งสิ้นของค่ายนี้กี่บาท');
    const answer = await chat.waitForAnswer();
    await expect(answer.locator('.draft-card').count()).resolves.toBe(0);
    expect(await answer.locator('.bubble-body').textContent()).toContain('๓๐,๐๐๐ บาท');
    expect(await answer.locator('.answer-refs').textContent()).toContain('ไฟล์แนบ ค่ายอาสา.docx');
    await expect(answer.locator('.confidence').count()).resolves.toBe(1);
  });

  test('asks for the memo about "this project": a memo drafted from the file, its completeness shown, the DOCX downloads', async () => {
    const chat = new ChatPage(browser.page);
    await chat.ask('ช่วยทำบันทึกขออนุมัติโครงการนี้');
    const draft = await chat.waitForAnswer();
    await draft.locator('.draft-card').waitFor();
    expect(await draft.locator('.bubble-body').textContent()).toContain('ขออนุมัติโครงการค่ายอาสาพัฒนาชนบท');
    const label = (await draft.locator('.completeness').textContent()) ?? '';
    expect(label).toMatch(/ข้อมูลครบ \d+ จาก 11 หัวข้อ/);
    expect(label).toContain('หมายเลขโทรศัพท์'); // the proposal gives no phone
    await expect(draft.locator('.confidence').count()).resolves.toBe(0);
    const file = await chat.download(draft.locator('.draft-card a[download]'));
    expect(file.name).toEndWith('.docx');
    const { value } = await mammoth.extractRawText({ buffer: file.bytes });
    for (const part of ['บันทึกข้อความ', 'เรื่อง', 'ขออนุมัติโครงการค่ายอาสาพัฒนาชนบท', 'ระหว่างวันที่ ๑๕ – ๑๗ มกราคม ๒๕๖๘', '(นายกิตติ ศรีสุข)']) expect(value).toContain(part);
    await expectAccessible(browser.page, 'a drafted memo with its completeness');
  });

  test('presses Proposal Check and sends the proposal: clauses per section and the missing sections', async () => {
    const chat = new ChatPage(browser.page);
    await chat.quickButton(chatText.proposalCheck).click();
    await expect(chat.input.inputValue()).resolves.toContain('ตรวจสอบข้อเสนอโครงการ');
    await chat.attach(proposalDocx);
    await chat.input.press('Enter');
    const check = await chat.waitForAnswer();
    const text = (await check.locator('.bubble-body').textContent()) ?? '';
    expect(text).toContain('ผลการตรวจข้อเสนอโครงการ');
    expect(text).toContain('หัวข้อที่ยังขาด');
    expect(text).toContain('ตัวชี้วัดความสำเร็จ');
    expect(text).toContain('■ งบประมาณ');
    expect(text).toContain('วงเงินเกิน ๒๐,๐๐๐ บาท');
    await expect(check.locator('.draft-card').count()).resolves.toBe(0);
    expect(await check.locator('.answer-refs').textContent()).toContain('ข้อ ๘');
  });
});
