import { describe, expect, test } from 'bun:test';
import { pageRows } from './page-table.ts';
import { chunkDocument } from './chunker.ts';
import { toRow } from './index-schema.ts';
import { lineTokens } from './tokens.ts';

const meta = (title: string, pages?: { page: number; text: string }[]) => ({ documentId: 'd', title, category: null, isActive: true, fileType: 'pdf', pages });

describe('page rows', () => {
  const pages = [
    { page: 1, text: 'ข้อ ๑ นักศึกษาต้องลงทะเบียนเรียน' },
    { page: 2, text: 'ให้ครบตามกำหนด ภายในสองสัปดาห์' },
  ];
  const chunks = chunkDocument({ title: 'ระเบียบ.pdf', pages });

  test('a page row is the page as extracted, so text running on from the page before is found on its own page', () => {
    const rows = pageRows(meta('ระเบียบการลงทะเบียน.pdf', pages), chunks);
    expect(rows.map((r) => r.page)).toEqual([1, 2]);
    expect(rows[1]!.tokens).toContain('สัปดาห์');
    expect(rows[0]!.tokens).not.toContain('สัปดาห์');
  });

  test('a descriptive file name is a field of every page; a scanner name is not', () => {
    expect(pageRows(meta('ระเบียบการลงทะเบียน.pdf', pages), chunks)[1]!.tokens.split(' ')).toContain('ระเบียบ');
    expect(pageRows(meta('scan0001.pdf', pages), chunks)[0]!.tokens.split(' ')).not.toContain('scan0001');
  });

  test("a file name that says nothing leaves the document's own name as the field of every page", () => {
    const memo = [
      {
        page: 1,
        text: 'บันทึกข้อความ\nส่วนราชการ กองพัฒนานักศึกษา\nที่ อว ๐๖๓๐ วันที่ ๙ มกราคม ๒๕๖๓\nเรื่อง ขอประชาสัมพันธ์การเลือกตั้งนายกองค์การนักศึกษา\nเรียน คณบดีทุกคณะ\nด้วยกองพัฒนานักศึกษา',
      },
      { page: 2, text: '๑. ผู้สมัครยื่นใบสมัครภายในวันที่ ๒๐ มกราคม\n๒. ผู้สมัครต้องมีคะแนนเฉลี่ยสะสม ๒.๕๐' },
    ];
    const memoChunks = chunkDocument({ title: '09-01-63', pages: memo });
    const rows = pageRows(meta('09-01-63.pdf', memo), memoChunks);
    expect(rows[1]!.tokens.split(' ')).toContain('ประชาสัมพันธ์');
    // a descriptive file name stays the field
    expect(pageRows(meta('ระเบียบการลงทะเบียน.pdf', memo), memoChunks)[1]!.tokens.split(' ')).not.toContain('ประชาสัมพันธ์');
  });

  test('without its pages a page row is the passages starting on it; a document without passages has none', () => {
    const rows = pageRows(meta('t'), chunks);
    expect(rows.length).toBeGreaterThan(0);
    expect(pageRows(meta('t', pages), [])).toEqual([]);
  });
});

describe('passages on a page', () => {
  const pages = [
    { page: 1, text: 'ข้อ ๑ นักศึกษาต้องลงทะเบียนเรียน\nข้อ ๒ นักศึกษาต้องชำระค่าธรรมเนียม' },
    { page: 2, text: 'ข้อ ๓ การลาพักการศึกษาให้ยื่นคำร้อง' },
    { page: 3, text: 'ต่อคณบดีภายในสองสัปดาห์' },
  ];
  const chunks = [
    { ordinal: 0, page: 1, headingPath: [], text: 'ข้อ ๑ นักศึกษาต้องลงทะเบียนเรียน' },
    { ordinal: 1, page: 1, headingPath: [], text: 'ข้อ ๒ นักศึกษาต้องชำระค่าธรรมเนียม' },
    { ordinal: 2, page: 2, headingPath: [], text: 'ข้อ ๓ การลาพักการศึกษาให้ยื่นคำร้อง ต่อคณบดีภายในสองสัปดาห์' },
  ];
  test('each page row counts the passages starting on it; a page a passage only runs on to holds none', () => {
    expect(pageRows(meta('t', pages), chunks).map((r) => [r.page, r.passages])).toEqual([
      [1, 2],
      [2, 1],
      [3, 0],
    ]);
  });

  test('each page row holds the passage it is cited by: its first, or on a page no passage starts on the one running on to it, at that page', () => {
    const cited = pageRows(meta('t', pages), chunks).map((r) => JSON.parse(r.hit) as { ordinal: number; page: number; text: string });
    expect(cited.map((h) => [h.page, h.ordinal])).toEqual([
      [1, 0],
      [2, 2],
      [3, 2],
    ]);
    expect(cited[2]!.text).toBe(chunks[2]!.text);
  });
});

describe('page rows written with their passages', () => {
  test('a page written after its passages reads its lines’ tokens from them: the same tokens as a page tokenised alone, few lines segmented again', () => {
    const pages = [
      { page: 1, text: 'ระเบียบมหาวิทยาลัย ว่าด้วยการลงทะเบียน\nข้อ ๑ นักศึกษาต้องลงทะเบียนเรียน\nข้อ ๒ นักศึกษาต้องชำระค่าธรรมเนียม' },
      { page: 2, text: 'ภายในสองสัปดาห์นับแต่วันเปิดภาค\nข้อ ๓ การลาพักการศึกษาให้ยื่นคำร้องต่อคณบดี' },
    ];
    const m = meta('ระเบียบการลงทะเบียน.pdf', pages);
    const chunks = chunkDocument({ title: m.title, pages });
    const memo = new Map<string, string>();
    const tokens = lineTokens(memo);
    for (const c of chunks) toRow(m, c, undefined, tokens);
    const passageLines = memo.size;
    const multiset = (t: string) => t.split(' ').filter(Boolean).sort();
    const written = pageRows(m, chunks, tokens);
    expect(written.map((r) => multiset(r.tokens))).toEqual(pageRows(m, chunks).map((r) => multiset(r.tokens)));
    // only the file name's line and the lines no passage holds as they stand were segmented for the pages
    expect(memo.size - passageLines).toBeLessThanOrEqual(2);
  });
});
