// README screenshots, made by the e2e harness on a fresh demo library (so they show what a first start shows):
//   bun scripts/screenshots.ts   → docs/screenshots/chat-answer.png, docs/screenshots/console-library.png
// Rerun after a visible change to the chat or the console, and commit the PNGs.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { launchBrowser, startTestServer } from '../tests/e2e/harness';
import { ChatPage } from '../tests/e2e/pages/chat-page';

const out = join(import.meta.dir, '..', 'docs', 'screenshots');
mkdirSync(out, { recursive: true });
const server = await startTestServer({ DEMO_LIBRARY: 'true', CHAT_RATE_PER_MINUTE: '1000' });
const browser = await launchBrowser({ width: 1100, height: 1150 });
try {
  const { page } = browser;
  const chat = new ChatPage(page);
  await chat.open(`${server.url}/guest/chat`);
  await chat.chooseReferences(true);
  await chat.ask('ค่าธรรมเนียมการศึกษาภาคปกติภาคการศึกษาละเท่าไร');
  await (await chat.waitForAnswer()).locator('.answer-refs').waitFor();
  await page.screenshot({ path: join(out, 'chat-answer.png') });

  const { token } = server.signIn('admin@demo.ac.th', 'admin', { firstname: 'ผู้ดูแล', lastname: 'ระบบ' });
  await browser.context.addCookies([{ name: 'askreg_session', value: token, url: server.url }]);
  await page.goto(`${server.url}/admin/management`);
  await page.locator('.library table, .library-empty').first().waitFor();
  await page.screenshot({ path: join(out, 'console-library.png') });
  console.log(`wrote ${out}/chat-answer.png and console-library.png`);
} finally {
  await browser.close();
  await server.close();
}
process.exit(0); // the server's worker pools would keep the process alive
