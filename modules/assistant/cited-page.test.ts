// A clause kept whole across a page break is cited at the page of the words the answer quotes from it: the source
// viewer opens there (real_reg rmutp: the dean who signed, under the last clause on page 3, was cited at page 2).
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { createTestContext, type TestContext } from '../../tests/helpers/server';
import { startFakeOllama, type FakeOllama } from '../../tests/helpers/fake-ollama';
import { viewerPath } from '../../contracts/viewer-path';
import { pageViewData, viewableDocument } from '../documents/viewer/service';
import { answer } from './service';
import { addDocument } from './test-corpus';

const PAGES = [
  [
    'ประกาศคณะวิทยาศาสตร์และเทคโนโลยี',
    'เรื่อง หลักเกณฑ์การคำนวณภาระงานขั้นต่ำของคณาจารย์ประจำ พ.ศ. ๒๕๖๓',
    'ข้อ ๑ ประกาศนี้ให้ใช้บังคับตั้งแต่ปีการศึกษา ๒๕๖๓ เป็นต้นไป',
    'ข้อ ๒ คณาจารย์ประจำต้องมีภาระงานสอนไม่น้อยกว่าสิบสองชั่วโมงต่อสัปดาห์',
  ].join('\n'),
  ['ข้อ ๓ ภาระงานวิจัยให้คิดตามสัดส่วนของผู้ร่วมวิจัยแต่ละคน', 'ข้อ ๔ ในกรณีที่มีปัญหาในการดำเนินการตามประกาศนี้ ให้คณบดีมีอำนาจวินิจฉัยชี้ขาด', 'ประกาศ ณ วันที่ ๑๕ มิถุนายน พ.ศ. ๒๕๖๓'].join(
    '\n',
  ),
  ['(นายจิระศักดิ์ ธาระจักร์)', 'คณบดีคณะวิทยาศาสตร์และเทคโนโลยี'].join('\n'),
];

const DOCUMENT = { title: 'หลักเกณฑ์ภาระงานคณาจารย์ 2563', text: PAGES.join('\n'), pages: PAGES };
let t: TestContext;
let m: TestContext;
let ollama: FakeOllama;
beforeAll(async () => {
  t = await createTestContext();
  await addDocument(t.ctx, DOCUMENT);
  ollama = startFakeOllama();
  m = await createTestContext({ OLLAMA_HOST: ollama.url });
  await addDocument(m.ctx, DOCUMENT);
});
afterAll(async () => {
  await t.close();
  await m.close();
  await ollama.close();
});

describe('the page a reference cites', () => {
  test('the signature under the last clause, on the page after it starts: the page of the name', async () => {
    const r = await answer(t.ctx, { message: 'คณบดีคณะวิทยาศาสตร์และเทคโนโลยีที่ลงนามประกาศภาระงานชื่ออะไร', showRegulation: false, log: false });
    expect(r.fallback).toBe(false);
    expect(r.text).toContain('จิระศักดิ์');
    expect(r.references[0]).toMatchObject({ headingPath: expect.arrayContaining(['ข้อ ๔']), page: 3 });
    // the source viewer opens page 3 with the passage, which starts on page 2, marked on both
    const ref = r.references[0]!;
    const q = new URL(viewerPath(ref.documentId, ref.page, ref.text), 'http://x').searchParams;
    const found = await viewableDocument(t.ctx, ref.documentId, false);
    const view = await pageViewData(t.ctx, found, { page: 3, from: q.get('from')!, to: q.get('to')! });
    expect(view.markedPages).toEqual([2, 3]);
    expect(view.text?.slice(view.textMarks![0]!.start, view.textMarks![0]!.end)).toContain('จิระศักดิ์');
  });

  test('the same clause asked about its own words: the page it starts on', async () => {
    const r = await answer(t.ctx, { message: 'ถ้ามีปัญหาในการดำเนินการตามประกาศภาระงาน ใครมีอำนาจวินิจฉัยชี้ขาด', showRegulation: false, log: false });
    expect(r.fallback).toBe(false);
    expect(r.references[0]).toMatchObject({ headingPath: expect.arrayContaining(['ข้อ ๔']), page: 2 });
  });

  test("a model's answer cites the page of the passage's part that backs it", async () => {
    ollama.behave({ reply: 'ผู้ลงนามประกาศคือ นายจิระศักดิ์ ธาระจักร์ คณบดีคณะวิทยาศาสตร์และเทคโนโลยี' });
    const r = await answer(m.ctx, { message: 'คณบดีคณะวิทยาศาสตร์และเทคโนโลยีที่ลงนามประกาศภาระงานชื่ออะไร', showRegulation: false, log: false });
    expect(r.provider).not.toBe('extractive');
    expect(r.references[0]).toMatchObject({ headingPath: expect.arrayContaining(['ข้อ ๔']), page: 3 });
    ollama.behave({ reply: 'ในกรณีที่มีปัญหาในการดำเนินการตามประกาศนี้ ให้คณบดีมีอำนาจวินิจฉัยชี้ขาด' });
    const own = await answer(m.ctx, { message: 'ถ้ามีปัญหาในการดำเนินการตามประกาศภาระงาน ใครมีอำนาจวินิจฉัยชี้ขาด', showRegulation: false, log: false });
    expect(own.references[0]).toMatchObject({ headingPath: expect.arrayContaining(['ข้อ ๔']), page: 2 });
  });
});
