// See the source (issue 35): ask → open the first reference → the cited page is shown with the quoted
// words marked, for a text PDF and for a scan of the same regulation; an inactive document is a 404.
// The words' expected place comes from the text PDF's own text layer (pdf.js in this process), which the
// scan reproduces page for page, so neither check trusts the viewer's own matching.
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test';
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { getDocumentProxy } from 'unpdf';
import type { Page } from 'playwright-core';
import { launchBrowser, startTestServer, type Browser, type TestServer } from './harness';
import { ChatPage } from './pages/chat-page';
import { expectAccessible } from './a11y';
import { createDocument } from '../../modules/documents/pipeline';
import { indexingIdle } from '../../modules/documents/indexer';
import { setDocumentActive } from '../../modules/documents/service';
import { FIXTURES } from '../../modules/documents/testing/helpers';

setDefaultTimeout(240_000);
let server: TestServer;
let browser: Browser;
let textPdf: string;
let scanPdf: string;

async function ingest(name: string, title: string, isActive: boolean): Promise<string> {
  const tmpPath = join(server.ctx.paths.tmpDir, `${crypto.randomUUID()}.pdf`);
  copyFileSync(join(FIXTURES, name), tmpPath);
  const bytes = await Bun.file(tmpPath).bytes();
  const file = {
    tmpPath,
    size: bytes.length,
    sha256: new Bun.CryptoHasher('sha256').update(bytes).digest('hex'),
    head: bytes.subarray(0, 4096),
    clientName: name,
  };
  const fields = { fileName: title, description: '', category: null, isActive, fallbackContact: 'กองพัฒนานักศึกษา', contents: '' };
  const { id } = await createDocument(server.ctx, file, fields, { allowIncompleteFields: true });
  await indexingIdle(server.ctx); // on Postgres the elected writer's job
  return id;
}

beforeAll(async () => {
  server = await startTestServer({ CHAT_RATE_PER_MINUTE: '1000' });
  textPdf = await ingest('regulation.pdf', 'ข้อบังคับกิจกรรม (ไฟล์ข้อความ)', true);
  // read by OCR at ingest: its word boxes are kept for the viewer
  scanPdf = await ingest('regulation-scan-g4.pdf', 'ข้อบังคับกิจกรรม (ไฟล์สแกน)', false);
  browser = await launchBrowser({ width: 1440, height: 900 });
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

type Box = { x: number; y: number; w: number; h: number };
const fold = (s: string) =>
  s
    .normalize('NFC')
    .replace(/\s+/g, '')
    .replace(/[๐-๙]/g, (d) => String(d.charCodeAt(0) - 0x0e50));

const grams = (s: string) => new Set([...s].map((_, i, a) => a.slice(i, i + 3).join('')).filter((g) => [...g].length === 3));

/**
 * Boxes (fractions of the page) of the text-layer item of the text PDF that holds `piece` on `page`: the
 * item sharing most three-letter pieces with it (a scan's passage is OCR's reading, a letter or two off).
 */
async function layerBoxes(page: number, piece: string): Promise<Box[]> {
  const doc = await getDocumentProxy(new Uint8Array(await Bun.file(join(FIXTURES, 'regulation.pdf')).arrayBuffer()));
  const p = await doc.getPage(page);
  const { width, height } = p.getViewport({ scale: 1 });
  const items = (await p.getTextContent()).items as Array<{ str: string; transform: number[]; width: number }>;
  const want = grams(fold(piece));
  const score = (s: string) => {
    const have = grams(fold(s));
    return [...want].filter((g) => have.has(g)).length / Math.max(1, want.size);
  };
  const best = Math.max(...items.map((it) => score(it.str ?? '')));
  return items
    .filter((it) => best >= 0.5 && score(it.str ?? '') === best)
    .map((it) => {
      const size = Math.hypot(it.transform[2]!, it.transform[3]!);
      return { x: it.transform[4]! / width, y: 1 - (it.transform[5]! + size) / height, w: it.width / width, h: (size * 1.3) / height };
    });
}

const overlaps = (a: Box, b: Box) => Math.min(a.x + a.w, b.x + b.w) > Math.max(a.x, b.x) && Math.min(a.y + a.h, b.y + b.h) > Math.max(a.y, b.y);

/** The marks drawn over the page image, as fractions of the image's box on screen. */
async function marksOnScreen(page: Page): Promise<Box[]> {
  const image = (await page.locator('.source-panel[open] .viewer-page img').boundingBox())!;
  const marks = await page.locator('.source-panel[open] [data-testid=viewer-mark]').all();
  const out: Box[] = [];
  for (const m of marks) {
    const b = (await m.boundingBox())!;
    out.push({ x: (b.x - image.x) / image.width, y: (b.y - image.y) / image.height, w: b.width / image.width, h: b.height / image.height });
  }
  return out;
}

async function askAndOpenFirstReference(question: string) {
  const page = browser.page;
  const chat = new ChatPage(page);
  await chat.open(`${server.url}/guest/chat`);
  await chat.chooseReferences(true);
  await chat.ask(question);
  const answer = await chat.waitForAnswer(60_000);
  const link = answer.locator('[data-testid=reference-link]').first();
  await link.waitFor();
  const href = (await link.getAttribute('href'))!;
  const cited = Number(new URL(href, server.url).searchParams.get('page'));
  await link.click();
  const panel = page.locator('.source-panel[open]');
  await panel.locator('.viewer-page img').waitFor({ timeout: 120_000 });
  await page.waitForFunction(() => (document.querySelector('.source-panel .viewer-page img') as HTMLImageElement | null)?.complete);
  return { page, link, panel, cited, href };
}

describe('see the source', () => {
  for (const kind of ['text', 'scan'] as const)
    test(`ask → first reference → its page with the quoted words marked (${kind} PDF)`, async () => {
      await setDocumentActive(server.ctx, textPdf, kind === 'text');
      await setDocumentActive(server.ctx, scanPdf, kind === 'scan');
      const { page, link, panel, cited } = await askAndOpenFirstReference('ต้องเสนอโครงการต่อกองพัฒนานักศึกษาล่วงหน้ากี่วัน');
      await expect(panel.locator('.viewer-meta').textContent()).resolves.toContain(`หน้า ${cited} จาก 2`);
      const passage = (await panel.locator('.viewer-passage-text').textContent()) ?? '';
      expect(fold(passage).length).toBeGreaterThan(20);
      const marks = await marksOnScreen(page);
      expect(marks.length).toBeGreaterThan(0);
      // the passage's first and last words, where the text layer puts them, are under a mark
      const lines = passage.split('\n').filter((l) => fold(l).length >= 6);
      for (const line of [lines[0]!, lines[lines.length - 1]!]) {
        const piece = [...fold(line)].slice(0, 12).join('');
        const expected = await layerBoxes(cited, piece);
        expect(expected.length).toBeGreaterThan(0);
        expect(expected.some((e) => marks.some((m) => overlaps(m, e)))).toBe(true);
      }
      // nothing marked far from the passage: every mark overlaps the passage's vertical span
      const spans = (await Promise.all(lines.map((l) => layerBoxes(cited, [...fold(l)].slice(0, 12).join(''))))).flat();
      const top = Math.min(...spans.map((s) => s.y));
      const bottom = Math.max(...spans.map((s) => s.y + s.h));
      for (const m of marks) expect(m.y + m.h > top - 0.02 && m.y < bottom + 0.02).toBe(true);
      await expectAccessible(page, `source panel (${kind} PDF) at 1440 px`);
      // Escape closes it and focus is back on the link
      await page.keyboard.press('Escape');
      await panel.waitFor({ state: 'hidden' });
      await expect(link.evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    });

  test('on a phone the source is a full-screen sheet with a close button; the page of its own works too', async () => {
    await setDocumentActive(server.ctx, textPdf, true);
    await browser.page.setViewportSize({ width: 390, height: 844 });
    try {
      const { page, link, panel, href } = await askAndOpenFirstReference('ต้องเสนอโครงการต่อกองพัฒนานักศึกษาล่วงหน้ากี่วัน');
      const box = (await panel.boundingBox())!;
      expect(box.width).toBeGreaterThanOrEqual(389);
      await expectAccessible(page, 'source panel at 390 px');
      await panel.getByRole('button', { name: 'ปิด' }).click();
      await panel.waitFor({ state: 'hidden' });
      await expect(link.evaluate((el) => el === document.activeElement)).resolves.toBe(true);
      // the viewer's own page, keyboard only: next page and back
      await page.goto(new URL(href, server.url).toString());
      await page.locator('[data-testid=viewer-mark]').first().waitFor();
      await expectAccessible(page, 'viewer page at 390 px');
      await page.setViewportSize({ width: 1440, height: 900 });
      await expectAccessible(page, 'viewer page at 1440 px');
      const zoomIn = page.getByRole('link', { name: 'ขยาย' });
      await zoomIn.focus();
      await page.keyboard.press('Enter');
      await page.waitForURL(/zoom=125/);
      await page.locator('[data-testid=viewer-mark]').first().waitFor();
    } finally {
      await browser.page.setViewportSize({ width: 1440, height: 900 });
    }
    expect(browser.errors).toEqual([]);
  });

  test('an inactive document is a 404 for a guest, its page image too', async () => {
    await setDocumentActive(server.ctx, scanPdf, false);
    const page = await browser.newPage();
    const res = await page.goto(`${server.url}/documents/${scanPdf}/view?page=1`);
    expect(res?.status()).toBe(404);
    const image = await page.request.get(`${server.url}/api/files/${scanPdf}/pages/1/image`);
    expect(image.status()).toBe(404);
    await page.close();
  });
});
