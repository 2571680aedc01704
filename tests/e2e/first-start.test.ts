// A first start as a newcomer meets it: a fresh DATA_DIR, the built-in demo sign-in, no document added.
// The demo library is loaded, the landing page lists it, a first question is answered with a reference,
// and an admin removes the demo documents in one click in the console. On SQLite, or on Postgres (TEST_DATABASE=postgres,
// tests/postgres-suite.ts), where the server, elected index writer, indexes the demo documents as it would an upload.
import { afterAll, beforeAll, expect, setDefaultTimeout, test } from 'bun:test';
import { launchBrowser, startTestServer, type Browser, type TestServer } from './harness';
import { ChatPage } from './pages/chat-page';
import { expectAccessible } from './a11y';
import { tc } from '../../web/strings/console';
import { indexingIdle } from '../../modules/documents/indexer';

setDefaultTimeout(90_000);
let server: TestServer;
let browser: Browser;
beforeAll(async () => {
  server = await startTestServer({ DEMO_LIBRARY: 'true', CHAT_RATE_PER_MINUTE: '1000' });
  await indexingIdle(server.ctx); // as a newcomer reads the landing page first: the demo documents are in the index
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

test('fresh start: the landing page lists the demo documents and a first question is answered with a reference', async () => {
  const { page } = browser;
  await page.goto(`${server.url}/landing`);
  await expect(page.getByText('ตัวอย่าง ประกาศค่าธรรมเนียมการศึกษา ปีการศึกษา ๒๕๖๘').count()).resolves.toBeGreaterThan(0);
  await expectAccessible(page, 'landing with the demo library');
  const chat = new ChatPage(page);
  await chat.open(`${server.url}/guest/chat`);
  await chat.chooseReferences(true);
  await chat.ask('ค่าธรรมเนียมการศึกษาภาคปกติภาคการศึกษาละเท่าไร');
  const answer = await chat.waitForAnswer();
  await expect(answer.locator('.bubble-body').textContent()).resolves.toContain('๑๘,๐๐๐');
  await expect(answer.locator('.answer-refs .ref-title').first().textContent()).resolves.toContain('ค่าธรรมเนียมการศึกษา');
  await expectAccessible(page, 'a demo question answered');
  expect(browser.errors).toEqual([]);
});

test('an admin removes the demo library in one click; the landing page no longer lists it', async () => {
  const { token } = await server.signIn('admin@uni.ac.th', 'admin');
  await browser.context.addCookies([{ name: 'askreg_session', value: token, url: server.url }]);
  const { page } = browser;
  await page.goto(`${server.url}/admin/management`);
  const button = page.getByRole('button', { name: tc.demo.remove });
  await button.waitFor();
  await expectAccessible(page, 'console with the demo library notice');
  await button.click();
  await page.getByText(tc.demo.removed).waitFor();
  await expect(page.getByRole('button', { name: tc.demo.remove }).count()).resolves.toBe(0);
  await page.goto(`${server.url}/landing`);
  await expect(page.getByText('ตัวอย่าง ประกาศค่าธรรมเนียมการศึกษา').count()).resolves.toBe(0);
});
