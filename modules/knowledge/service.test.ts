import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import type { AppContext } from '../../src/context';
import { createTestContext, type TestContext } from '../../tests/helpers/server';
import { documentRow, documents } from '../../tests/helpers/tables';
import { searchActive } from '../documents/active';
import { checkHealth } from '../health/service';
import { indexDocumentFromPages, knowledgeIndex, search as searchQuestion, searchWithPages, setActiveInIndex, type SearchOptions } from './service';
import { readQuestion } from './question/question';

// the tests state questions as text: each is read as the assistant reads a turn's question
const search = (ctx: AppContext, q: string, opts: SearchOptions) => searchQuestion(ctx, readQuestion(q), opts);

// No HTTP here: a bare context (on the test database) keeps this test independent of the web build.
let h: TestContext;
beforeAll(async () => {
  h = await createTestContext();
});
afterAll(() => h.close());

async function row(id: string, isActive: boolean) {
  await h.ctx.db.insert(documents).values(documentRow(id, { isActive }));
}

const page = (text: string) => [{ page: 1, text }];

describe('knowledge facade', () => {
  test('one index per app, reported by the health probe', async () => {
    expect(await knowledgeIndex(h.ctx)).toBe(await knowledgeIndex(h.ctx));
    const report = await checkHealth(h.ctx);
    expect(report.checks.knowledge?.ok).toBe(true);
  });

  test('search returns active documents only, checked against the database as well as the index', async () => {
    await row('active-doc', true);
    await row('inactive-doc', false);
    await indexDocumentFromPages(h.ctx, {
      documentId: 'active-doc',
      title: 'ระเบียบทุน',
      category: null,
      isActive: true,
      fileType: 'pdf',
      pages: page('ข้อ ๑ นักศึกษาที่ได้รับทุนการศึกษาต้องรักษาผลการเรียน'),
    });
    // The index still believes this one is active: the database must win.
    await indexDocumentFromPages(h.ctx, {
      documentId: 'inactive-doc',
      title: 'ระเบียบทุนเก่า',
      category: null,
      isActive: true,
      fileType: 'pdf',
      pages: page('ข้อ ๑ นักศึกษาที่ได้รับทุนการศึกษาต้องรายงานตัว'),
    });
    // And this one has no row at all (a leftover).
    await indexDocumentFromPages(h.ctx, { documentId: 'ghost', title: 'ทุน', category: null, isActive: true, fileType: 'pdf', pages: page('ทุนการศึกษา') });
    const ids = (await searchActive(h.ctx, 'ทุนการศึกษา', { k: 10 })).map((x) => x.documentId);
    expect(ids).toContain('active-doc');
    expect(ids).not.toContain('inactive-doc');
    expect(ids).not.toContain('ghost');
  });

  test("search keeps only the hits the caller's live filter accepts, asking once with the hits' documents", async () => {
    await indexDocumentFromPages(h.ctx, {
      documentId: 'live-a',
      title: 'หอพัก',
      category: null,
      isActive: true,
      fileType: 'pdf',
      pages: page('ข้อ ๓ หอพักนักศึกษาปิดประตูเวลาสี่ทุ่ม'),
    });
    await indexDocumentFromPages(h.ctx, {
      documentId: 'live-b',
      title: 'หอพักเก่า',
      category: null,
      isActive: true,
      fileType: 'pdf',
      pages: page('ข้อ ๔ หอพักนักศึกษาห้ามนำสัตว์เลี้ยงเข้า'),
    });
    const asked: string[][] = [];
    const live = (ids: string[]) => (asked.push(ids), new Set(ids.filter((id) => id !== 'live-b')));
    const ids = (await search(h.ctx, 'หอพักนักศึกษา', { k: 10, live })).map((x) => x.documentId);
    expect(ids).toContain('live-a');
    expect(ids).not.toContain('live-b');
    expect(asked).toHaveLength(1);
    expect(asked[0]).toEqual(expect.arrayContaining(['live-a', 'live-b']));
  });

  test('category filter uses category names; progress is reported', async () => {
    await row('cat-doc', true);
    const stages: string[] = [];
    const { chunks } = await indexDocumentFromPages(
      h.ctx,
      {
        documentId: 'cat-doc',
        title: 'ค่าธรรมเนียม',
        category: 'การเงิน',
        isActive: true,
        fileType: 'pdf',
        pages: page('ข้อ ๒ ค่าธรรมเนียมการศึกษาให้ชำระภายในกำหนด'),
      },
      { onProgress: (p) => stages.push(p.stage) },
    );
    expect(chunks).toBeGreaterThan(0);
    expect(stages[0]).toBe('chunking');
    expect(stages.at(-1)).toBe('indexing');
    expect((await searchActive(h.ctx, 'ค่าธรรมเนียม', { categories: ['การเงิน'] })).map((x) => x.documentId)).toEqual(['cat-doc']);
    expect(await searchActive(h.ctx, 'ค่าธรรมเนียม', { categories: ['อื่น'] })).toEqual([]);
    await setActiveInIndex(h.ctx, 'cat-doc', false);
    expect(await searchActive(h.ctx, 'ค่าธรรมเนียม')).toEqual([]);
  });

  test('copies of one passage take one place among the k retrieved: the next distinct clause keeps its place', async () => {
    const copy = 'ข้อ ๗ ประตูหอพักสหกรณ์ปิดเวลา ๒๓.๐๐ นาฬิกา ผู้พักที่กลับหลังเวลาปิดประตูให้แจ้งผู้ดูแลหอพักสหกรณ์ล่วงหน้า';
    for (const id of ['copy-pdf', 'copy-docx'])
      await indexDocumentFromPages(h.ctx, { documentId: id, title: 'ระเบียบหอพักสหกรณ์', category: null, isActive: true, fileType: 'pdf', pages: page(copy) });
    await indexDocumentFromPages(h.ctx, {
      documentId: 'other-clause',
      title: 'ประกาศหอพักสหกรณ์',
      category: null,
      isActive: true,
      fileType: 'pdf',
      pages: page('ข้อ ๒ หอพักสหกรณ์เปิดรับผู้พักใหม่ทุกภาคการศึกษา'),
    });
    const everyone = (ids: string[]) => new Set(ids);
    const ids = (await search(h.ctx, 'หอพักสหกรณ์ปิดประตูกี่โมง', { k: 2, live: everyone })).map((x) => x.documentId);
    expect(ids).toHaveLength(2);
    expect(ids.filter((id) => id.startsWith('copy-'))).toHaveLength(1);
    expect(ids).toContain('other-clause');
  });

  test("each hit carries its whole document's text, read again after the document is re-indexed", async () => {
    const doc = (clause: string) => ({
      documentId: 'whole-doc',
      title: 'ระเบียบห้องสมุดกลาง',
      category: null,
      isActive: true,
      fileType: 'pdf',
      pages: page(clause),
    });
    await indexDocumentFromPages(h.ctx, doc('ข้อ ๑ ห้องสมุดกลางเปิดบริการทุกวัน\nข้อ ๒ ผู้ยืมหนังสือเกินกำหนดต้องชำระค่าปรับ'));
    const everyone = (ids: string[]) => new Set(ids);
    const [hit] = await search(h.ctx, 'ห้องสมุดกลางเปิดบริการวันไหน', { k: 1, live: everyone });
    expect(hit!.documentId).toBe('whole-doc');
    // the other clause of the same document is part of it; no other document is
    expect(hit!.documentText).toContain('ค่าปรับ');
    expect(hit!.documentText).not.toContain('หอพัก');
    await indexDocumentFromPages(h.ctx, doc('ข้อ ๑ ห้องสมุดกลางเปิดบริการทุกวัน\nข้อ ๒ ห้ามนำอาหารเข้าห้องสมุดกลาง'));
    const [again] = await search(h.ctx, 'ห้องสมุดกลางเปิดบริการวันไหน', { k: 1, live: everyone });
    expect(again!.documentText).toContain('อาหาร');
    expect(again!.documentText).not.toContain('ค่าปรับ');
  });
});

describe("the chat's search", () => {
  // its own library: the clauses' words weigh by what else the index holds
  let own: TestContext;
  let ctx: AppContext;
  beforeAll(async () => {
    own = await createTestContext();
    ctx = own.ctx;
  });
  afterAll(() => own.close());

  test("the clause that answers comes before a look-alike that repeats the question's words (evidence-order.ts)", async () => {
    const clauses = [
      'ข้อ ๕ ผู้พักที่ประสงค์จะย้ายออกจากหอพักให้แจ้งหัวหน้าหอพักภายใน ๗ วัน ผู้พักที่ย้ายออกจากหอพักต้องชำระค่าหอพักที่ค้างภายในวันที่ย้ายออก ค่าหอพักให้ชำระที่กองคลังภายในวันที่ ๕ ของเดือน',
      'ข้อ ๗ ผู้พักขอคืนเงินประกันได้ภายใน ๓๐ วันนับแต่วันที่ย้ายออก',
    ];
    await indexDocumentFromPages(ctx, {
      documentId: 'refund',
      title: 'ระเบียบหอพักนักศึกษา',
      category: null,
      isActive: true,
      fileType: 'pdf',
      pages: page(clauses.join('\n')),
    });
    const question = 'ย้ายออกจากหอแล้ว ขอคืนเงินค่าหอพักได้ภายในกี่วัน';
    // what the text score alone ranks first
    expect((await (await knowledgeIndex(ctx)).search(question, { k: 3 }))[0]!.text).toStartWith('ข้อ ๕');
    const everyone = (ids: string[]) => new Set(ids);
    const [first] = await search(ctx, question, { k: 3, live: everyone });
    expect(first!.text).toStartWith('ข้อ ๗');
  });
});

describe('pages beside the passages', () => {
  test('the page order changes neither which passages the answer reads nor their order; the pages hold only live documents', async () => {
    for (const id of ['fee-a', 'fee-b']) await row(id, true);
    await row('fee-off', false);
    const texts: Record<string, string> = {
      'fee-a': 'ข้อ ๑ ค่าธรรมเนียมการศึกษาภาคปกติ ภาคการศึกษาละ ๘,๐๐๐ บาท\nข้อ ๒ ค่าปรับการชำระล่าช้า วันละ ๕๐ บาท',
      'fee-b': 'ค่าธรรมเนียมหอพัก ภาคการศึกษาละ ๔,๐๐๐ บาท ชำระก่อนเปิดภาค',
      'fee-off': 'ค่าธรรมเนียมการศึกษา ฉบับยกเลิก ภาคการศึกษาละ ๗,๐๐๐ บาท',
    };
    for (const [documentId, text] of Object.entries(texts))
      await indexDocumentFromPages(h.ctx, { documentId, title: documentId, category: null, isActive: true, fileType: 'pdf', pages: page(text) });
    const live = (ids: string[]) => ({ has: (id: string) => ids.includes(id) && id !== 'fee-off' });
    const question = readQuestion('ค่าธรรมเนียมการศึกษาภาคละเท่าไหร่');
    const plain = await searchQuestion(h.ctx, question, { k: 8, live });
    const both = await searchWithPages(h.ctx, question, { k: 8, live });
    expect(both.hits.map((x) => [x.documentId, x.chunkOrdinal])).toEqual(plain.map((x) => [x.documentId, x.chunkOrdinal]));
    expect(both.pages.length).toBeGreaterThan(0);
    expect(both.pages.some((x) => x.documentId === 'fee-off')).toBe(false);
  });
});
