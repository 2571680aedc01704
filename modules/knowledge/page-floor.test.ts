import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../src/config';
import { createContext, type AppContext } from '../../src/context';
import { indexDocumentFromPages, searchWithPages } from './service';
import { readQuestion } from './question/question';

// A small library where whole pages rank better than the passages do: the leave regulation's clause 3 runs over
// the page break ("students on sick leave over three days" / "must attach a certificate from a state hospital"),
// so it is one passage cited at its first page, while the words the question asks with are on the second page,
// which no passage starts on. Page BM25 reads that page whole and ranks it first.
const LIBRARY: Record<string, string[]> = {
  'ระเบียบการลา.pdf': [
    'ข้อ ๑ ระเบียบนี้ใช้บังคับกับนักศึกษาทุกคน\nข้อ ๒ นักศึกษาลากิจได้ไม่เกินภาคละสามวัน โดยยื่นใบลาต่ออาจารย์ที่ปรึกษา\nข้อ ๓ นักศึกษาที่ลาป่วยติดต่อกันเกินสามวัน',
    'ต้องแนบใบรับรองแพทย์จากสถานพยาบาลของรัฐประกอบใบลาทุกครั้ง',
  ],
  'ประกาศค่าธรรมเนียม.pdf': ['ข้อ ๑ ค่าธรรมเนียมการศึกษาภาคละแปดพันบาท\nข้อ ๒ นักศึกษาลาพักการศึกษาต้องชำระค่ารักษาสภาพ\nข้อ ๓ ชำระที่กองคลัง'],
  'คู่มือหอพัก.pdf': ['ข้อ ๑ ผู้พักที่ป่วยให้แจ้งหัวหน้าหอ\nข้อ ๒ ห้ามนำสัตว์เลี้ยงเข้าหอพัก\nข้อ ๓ ปิดประตูหอเวลาสี่ทุ่ม'],
};
const everyDocument = () => ({ has: () => true });
const pageOrder = (hits: Array<{ documentId: string; page: number }>) => [...new Set(hits.map((h) => `${h.documentId}#${h.page}`))];

let ctx: AppContext;
beforeAll(async () => {
  ctx = createContext(loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'error', DATA_DIR: mkdtempSync(join(tmpdir(), 'askreg-page-floor-')) }));
  for (const [title, pages] of Object.entries(LIBRARY))
    await indexDocumentFromPages(ctx, {
      documentId: title,
      title,
      category: null,
      isActive: true,
      fileType: 'pdf',
      pages: pages.map((text, i) => ({ page: i + 1, text })),
    });
});
afterAll(async () => {
  await ctx.close();
  rmSync(ctx.config.dataDir, { recursive: true, force: true });
});

describe('the page order holds the whole-page fusion as a floor', () => {
  test('a page the passages miss (the end of a clause over a page break) is among the first two pages, cited by the clause running on to it', async () => {
    const { hits, pages } = await searchWithPages(ctx, readQuestion('ใบรับรองแพทย์ต้องมาจากสถานพยาบาลของรัฐไหม'), { k: 30, live: everyDocument });
    // the passages' own order cites the clause at page 1 only: page 2 is not in it
    expect(pageOrder(hits)).not.toContain('ระเบียบการลา.pdf#2');
    const order = pageOrder(pages);
    expect(order.indexOf('ระเบียบการลา.pdf#2')).toBeGreaterThanOrEqual(0);
    expect(order.indexOf('ระเบียบการลา.pdf#2')).toBeLessThan(2);
    const cited = pages.find((h) => h.documentId === 'ระเบียบการลา.pdf' && h.page === 2)!;
    expect(cited.text).toContain('ข้อ ๓');
  });
});
