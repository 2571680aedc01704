// The insights journey (issue 17) in Chromium: a student asks a question the library cannot answer and votes
// it down; the admin finds it on the insights page (summary, chart, topic group, list), tests it from the
// panel, adds a synonym from the group's action, tests again and gets the answer. Nothing the admin tests is
// logged. Screenshots at 1440 px and 390 px; axe on each state.
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test';
import { launchBrowser, screenshot, startTestServer, type Browser, type TestServer } from './harness';
import { ConsolePage } from './pages/console-page';
import { ChatPage } from './pages/chat-page';
import { expectAccessible } from './a11y';
import { addDocument, addRegulation } from '../../modules/assistant/test-corpus';
import { questionLog } from '../helpers/tables';
import { chatText } from '../../web/strings/chat';
import { ti } from '../../web/strings/insights';

setDefaultTimeout(120_000);

// students call the meeting room "มีตติ้งรูม"; the announcement says "ห้องประชุม"
const QUESTION = 'มีตติ้งรูมต้องจองล่วงหน้ากี่วัน';
const PARAPHRASE = 'จองมีตติ้งรูมต้องทำล่วงหน้ากี่วัน';
const ROOMS = [
  'ข้อ ๑ การขอใช้ห้องประชุมอาคารกิจกรรมนักศึกษา ให้ยื่นคำขอต่อกองพัฒนานักศึกษาล่วงหน้าไม่น้อยกว่า ๗ วัน',
  'ข้อ ๒ ห้องประชุมเปิดให้ใช้ตั้งแต่เวลา ๐๘.๓๐ ถึง ๒๐.๓๐ น.',
  'ข้อ ๓ ผู้ขอใช้ต้องดูแลความสะอาดและคืนกุญแจภายในวันเดียวกัน',
].join('\n');

let server: TestServer;
let student: Browser;
let admin: Browser;

beforeAll(async () => {
  server = await startTestServer({ CHAT_RATE_PER_MINUTE: '1000' });
  await addRegulation(server.ctx);
  await addDocument(server.ctx, { title: 'ประกาศการใช้อาคารกิจกรรมนักศึกษา', text: ROOMS });
});
afterAll(async () => {
  await student?.close();
  await admin?.close();
  await server?.close();
});

const logged = async () => await server.ctx.db.select().from(questionLog);

describe('insights journey', () => {
  test('a student asks an unanswered question and votes it down', async () => {
    student = await launchBrowser({ width: 390, height: 844 });
    const chat = new ChatPage(student.page);
    await chat.open(`${server.url}/guest/chat`);
    await chat.ask(QUESTION);
    const answer = await chat.waitForAnswer();
    await answer.getByRole('button', { name: chatText.voteDown }).click();
    await answer.getByLabel(chatText.feedbackCommentLabel).fill('หาไม่เจอว่าต้องจองกี่วัน');
    await answer.getByRole('button', { name: chatText.feedbackSend }).click();
    await answer.getByText(chatText.feedbackThanks).waitFor();
    // another student words it differently
    await chat.ask(PARAPHRASE);
    await chat.waitForAnswer();
    const rows = await logged();
    expect(rows.map((r) => r.question).sort()).toEqual([PARAPHRASE, QUESTION].sort());
    expect(rows.every((r) => r.fallback)).toBe(true);
    expect(student.errors).toEqual([]);
  });

  test('the admin sees it on the insights page, tests it, adds a synonym from its group, and gets the answer', async () => {
    admin = await launchBrowser();
    const cp = new ConsolePage(admin.page, server);
    const cookie = await cp.signIn();
    const { page } = cp;

    // reached from the library's shortcuts
    await cp.goto('/admin/management');
    await page.getByRole('navigation', { name: 'เมนูผู้ดูแลระบบ' }).getByRole('link', { name: 'ข้อมูลเชิงลึก' }).click();
    await page.waitForURL(/\/admin\/management\/insights$/);
    await page.getByRole('heading', { name: ti.title, level: 1 }).waitFor();

    // the summary: two questions, both unanswered; the chart describes itself in Thai
    const stats = page.getByRole('region', { name: ti.stats.heading });
    await stats.getByText('100%').waitFor();
    await expect(stats.textContent()).resolves.toContain(ti.stats.fallbacks(2));
    await expect(stats.textContent()).resolves.toContain(ti.stats.down(1));
    const chart = page.getByRole('img', { name: /แผนภูมิแท่งจำนวนคำถามต่อวัน/ });
    await expect(chart.getAttribute('aria-label')).resolves.toContain('รวม 2 คำถาม');

    // the two wordings are one topic group
    const group = page.locator('.group-card').first();
    await expect(group.locator('.group-title').textContent()).resolves.toStartWith('2 คำถามเกี่ยวกับ');
    await group.getByText(QUESTION).waitFor();
    await group.getByText(PARAPHRASE).waitFor();
    // its topic in the students' own word (the segmenter's pieces joined back)
    await expect(group.locator('.group-title').textContent()).resolves.toContain('มีตติ้งรูม');

    // the list: unanswered by default, the down vote and its comment shown; the down filter finds it alone
    const list = page.getByRole('region', { name: ti.list.heading });
    await list.getByText('หาไม่เจอว่าต้องจองกี่วัน').waitFor();
    await list.getByRole('button', { name: ti.list.filters.down }).click();
    // the unanswered list showed two; the filtered page replaces it once loaded (the old items stay while it loads)
    await page.waitForFunction(() => document.querySelectorAll('.question-item').length === 1);
    await list.locator('[aria-busy]').waitFor({ state: 'detached' });
    await expect(list.locator('.question-item').count()).resolves.toBe(1);
    await expect(list.locator('.question-text').textContent()).resolves.toBe(QUESTION);
    // the CSV link carries the same filter; the file opens in Excel (BOM) and holds the question
    const href = (await list.getByRole('link', { name: ti.list.csv }).getAttribute('href'))!;
    expect(href).toBe('/api/insights/questions.csv?filter=down');
    const csv = new Uint8Array(await (await server.request(href, { cookie })).arrayBuffer());
    expect([...csv.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(csv)).toContain(QUESTION);

    await expectAccessible(page, 'insights page (1440 px)');
    await page.evaluate(() => window.scrollTo(0, 0)); // the sticky header stays at the top of the full-page shot
    await screenshot(page, 'console-insights-1440');

    // test the student's question again from the list: still the fallback, and nothing is logged
    const before = (await logged()).length;
    await list.getByRole('button', { name: ti.groups.testLabel(ti.list.test, QUESTION) }).click();
    const result = page.getByTestId('test-result');
    await result.getByText(ti.test.fallback).waitFor();
    await expect(page.locator('#test-question').inputValue()).resolves.toBe(QUESTION);

    // tell the bot what the students mean, from the group
    await group.getByRole('button', { name: ti.groups.addSynonym }).click();
    const dialog = page.getByRole('dialog', { name: ti.synonym.title });
    await dialog.getByLabel(ti.synonym.docWord).fill('ห้องประชุม');
    await dialog.getByLabel(ti.synonym.studentWords).fill('มีตติ้งรูม');
    await expectAccessible(page, 'add-synonym dialog');
    await dialog.getByRole('button', { name: ti.synonym.save }).click();
    await page.getByRole('status').getByText(ti.synonym.saved('ห้องประชุม, มีตติ้งรูม')).waitFor();

    // ask again from the test panel: answered from the announcement's clause 1
    await page.getByRole('button', { name: ti.test.run, exact: true }).click();
    // the earlier result (with the fallback note) stays until the new one arrives
    await result.getByText(ti.test.fallback).waitFor({ state: 'detached', timeout: 30_000 });
    await expect(result.locator('.test-answer').textContent()).resolves.toContain('๗ วัน');
    await expect(result.locator('.clause-item').first().textContent()).resolves.toContain('ข้อ ๑');
    await result.getByText(ti.test.signals.wordCover).waitFor();
    expect((await logged()).length).toBe(before);
    await expectAccessible(page, 'insights test panel with an answer');
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'console-insights-tested-1440');
    expect(admin.errors).toEqual([]);
  });

  test('the insights page on a 390 px phone: nothing overflows, the charts and panel fit, axe passes', async () => {
    const cp = new ConsolePage(admin.page, server);
    await cp.page.setViewportSize({ width: 390, height: 900 });
    await cp.goto('/admin/management/insights');
    await cp.page.locator('.group-card').first().waitFor();
    await cp.page.evaluate(() => document.fonts.ready);
    const wide = await cp.page.evaluate(() =>
      [...document.querySelectorAll('body *')]
        .filter((el) => el.getBoundingClientRect().right > window.innerWidth + 0.5)
        .map((el) => `${el.tagName}.${el.className} ${el.textContent?.slice(0, 30)}`)
        .slice(0, 10),
    );
    expect(wide).toEqual([]);
    expect(await cp.overflow()).toBeLessThanOrEqual(0);
    const svg = (await cp.page.getByRole('img', { name: /แผนภูมิแท่ง/ }).boundingBox())!;
    expect(svg.x + svg.width).toBeLessThanOrEqual(390);
    // the table alternative opens
    await cp.page.getByText(ti.charts.showTable).first().click();
    await cp.page.getByRole('columnheader', { name: ti.charts.colFallbacks }).first().waitFor();
    await expectAccessible(cp.page, 'insights page (390 px)');
    await cp.page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(cp.page, 'console-insights-390');
    expect(admin.errors).toEqual([]);
  });
});
