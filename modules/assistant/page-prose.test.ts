import { describe, expect, test } from 'bun:test';
import { chunkDocument } from '../knowledge/index/chunker';
import { readQuestion } from '../knowledge/question/question';
import type { SearchHit } from '../knowledge/service';
import { hit } from '../knowledge/scoring/test-hit';
import { extractiveAnswer } from './extractive';
import { pageProse } from './page-prose';

// A one-page announcement without ข้อ or หมวด (a scholarship notice, a flowchart's text): the chunker packs its
// lines by size, so the sentence with the figure can fall into the passage after (or before) the one retrieved.
const title = 'ประกาศทุนอุดหนุนการนำเสนอผลงาน';
const APPLY = 'นักศึกษาที่ประสงค์ขอรับทุนอุดหนุนการนำเสนอผลงานวิชาการ ให้ยื่นใบสมัครขอรับทุนพร้อมสำเนาหนังสือตอบรับจากผู้จัดการประชุม';
const COPIES = 'สำเนาหนังสือตอบรับให้ยื่นจำนวน ๕ ชุด ที่สำนักงานบัณฑิตศึกษา ภายใน ๓๐ วันก่อนวันเดินทาง';
const FILLER = 'คณะกรรมการพิจารณาทุนจะแจ้งผลการพิจารณาทางไปรษณีย์อิเล็กทรอนิกส์ของนักศึกษาเมื่อการพิจารณาเสร็จสิ้นแล้ว';
const passage = (ordinal: number, text: string, page = 1, path: string[] = []): SearchHit => ({
  ...hit(text, 0, 'grant'),
  title,
  fileType: 'pdf',
  chunkOrdinal: ordinal,
  page,
  headingPath: [title, ...path],
});
const QUESTION = 'ขอทุนนำเสนอผลงาน ต้องยื่นสำเนาหนังสือตอบรับกี่ชุด';

async function quote(document: SearchHit[], retrieved: number) {
  const hits = [{ ...document[retrieved]!, score: 10 }];
  const pages = await pageProse(hits, async () => document);
  return { hits, r: extractiveAnswer(readQuestion(QUESTION), hits, pages) };
}

describe('an announcement cut by size is quoted from its page', () => {
  test('the chunker packs such a notice by size: its passages carry the title alone, cut mid-page', () => {
    const lines = [APPLY, ...Array.from({ length: 8 }, () => FILLER), COPIES];
    const chunks = chunkDocument({ title, pages: [{ page: 1, text: lines.join('\n') }] });
    expect(chunks.length).toBeGreaterThan(1);
    for (const c of chunks) expect(c.headingPath).toEqual([title]);
    expect(chunks.findIndex((c) => c.text.includes(APPLY))).not.toBe(chunks.findIndex((c) => c.text.includes(COPIES)));
  });

  const cases: Array<{ name: string; document: SearchHit[]; retrieved: number; quotes: boolean }> = [
    { name: 'the figure in the next passage of the page', document: [passage(0, APPLY), passage(1, COPIES)], retrieved: 0, quotes: true },
    { name: 'the figure in the passage before', document: [passage(0, COPIES), passage(1, APPLY)], retrieved: 1, quotes: true },
    {
      name: 'the figure two passages on, a short one between',
      document: [passage(0, APPLY), passage(1, FILLER), passage(2, COPIES)],
      retrieved: 0,
      quotes: true,
    },
    { name: 'the next passage is on another page', document: [passage(0, APPLY), passage(1, COPIES, 2)], retrieved: 0, quotes: false },
    {
      name: 'the passage is a clause (cited by its ข้อ, read alone)',
      document: [passage(0, `ข้อ ๓ ${APPLY}`, 1, ['ข้อ 3']), passage(1, COPIES, 1, ['ข้อ 3'])],
      retrieved: 0,
      quotes: false,
    },
  ];
  for (const c of cases)
    test(`${c.name}: ${c.quotes ? 'quoted' : 'not read'}`, async () => {
      const { hits, r } = await quote(c.document, c.retrieved);
      expect(r?.text).toContain('สำเนาหนังสือตอบรับ');
      expect(r?.text.includes('๕ ชุด')).toBe(c.quotes);
      // the reference is the passage retrieved, whatever was read around it
      expect(r?.used[0]).toBe(hits[0]);
    });

  test('the page is not read instead of the passage: a quote from it that would cut what the passage shows is not taken', async () => {
    // a neighbour matching the question's words over and over fills the quote's length before the passage's own sentence
    const loud = Array.from({ length: 12 }, (_, i) => `ทุนนำเสนอผลงานประเภทที่ ${i + 1} ยื่นสำเนาหนังสือตอบรับตามแบบของสำนักงานบัณฑิตศึกษา`).join('\n');
    const { r } = await quote([passage(0, loud), passage(1, COPIES)], 1);
    // (the figure leads the answer either way: the passage's sentence is what must stay quoted)
    expect(r?.text).toContain(COPIES);
  });

  test('a long page is not read whole', async () => {
    const long = Array.from({ length: 30 }, () => passage(0, FILLER.repeat(3)));
    const document = [...long.map((p, i) => ({ ...p, chunkOrdinal: i })), { ...passage(30, APPLY) }, passage(31, COPIES)];
    const pages = await pageProse([{ ...document[30]!, score: 10 }], async () => document);
    expect([...pages.values()][0]!.text.length).toBeLessThan(3000);
  });
});
