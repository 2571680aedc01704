import { describe, expect, test } from 'bun:test';
import { chunkDocument, type SourcePage } from './chunker.ts';

// Each case: pages in, and for a phrase, the page its passage must be cited at.
const row = (label: string, n: number) => `${label}\t${'ไม่เกินวันละ 200 บาท หลักฐาน ใบสำคัญรับเงิน สำเนาบัตรประชาชน '.repeat(n)}`;
const cases: Array<{ name: string; pages: SourcePage[]; phrase: string; page: number }> = [
  {
    name: 'a table row at the top of page 2 (no clause structure) is cited at page 2, not packed behind page 1',
    pages: [
      { page: 1, text: `สรุประเบียบค่าใช้จ่าย\n${row('ค่าตอบแทนวิทยากร', 3)}\n${row('ค่าตอบแทนกรรมการ', 3)}` },
      { page: 2, text: `${row('ค่าตอบแทนนักศึกษาช่วยงาน', 1)}\n${row('ค่าอาหารและเครื่องดื่ม', 8)}` },
    ],
    phrase: 'ค่าตอบแทนนักศึกษาช่วยงาน',
    page: 2,
  },
  {
    name: 'a course at the top of page 2 of a course list is cited at page 2',
    pages: [
      { page: 1, text: `204490 เตรียมสหกิจศึกษา\t1(1-0-2)\n${'หลักการและแนวคิดเกี่ยวกับสหกิจศึกษา '.repeat(18)}` },
      { page: 2, text: `204491 สหกิจศึกษา 1\t8 หน่วยกิต\nวิชาบังคับก่อน : 204490 เตรียมสหกิจศึกษา\n${'นักศึกษาต้องไปปฏิบัติงาน '.repeat(20)}` },
    ],
    phrase: '204491 สหกิจศึกษา 1',
    page: 2,
  },
  {
    name: 'a long clause that runs over three pages: the piece on page 3 is cited at page 3',
    pages: [
      { page: 1, text: `ข้อ ๕ ตัวอย่างรายการที่เบิกได้และเบิกไม่ได้\n${'ค่าวัสดุเกี่ยวกับการวิจัย '.repeat(30)}` },
      { page: 2, text: 'ค่าพาหนะเดินทางไปสำรวจข้อมูล '.repeat(30) },
      { page: 3, text: `ค่าใช้จ่ายที่ไม่เกี่ยวกับงานวิจัยโดยตรง เช่น ค่าเข้าเล่มวิทยานิพนธ์\n${'ค่าจ้างแปลภาษา '.repeat(10)}` },
    ],
    phrase: 'ค่าเข้าเล่มวิทยานิพนธ์',
    page: 3,
  },
];

describe('a passage is cited at the page its text is on', () => {
  for (const c of cases)
    test(c.name, () => {
      const chunks = chunkDocument({ title: 'T', pages: c.pages });
      const holding = chunks.filter((ch) => ch.text.includes(c.phrase));
      expect(holding.length).toBeGreaterThan(0);
      for (const ch of holding) expect(ch.page).toBe(c.page);
    });

  test('a clause that fits stays one passage across a page break, cited where it starts', () => {
    const chunks = chunkDocument({
      title: 'T',
      pages: [
        { page: 1, text: 'ข้อ ๑ ข้อบังคับนี้เรียกว่า ตัวอย่าง\nข้อ ๒ นักศึกษาต้องชำระค่าธรรมเนียม' },
        { page: 2, text: 'ภายในสิบสี่วันนับแต่วันเปิดภาคการศึกษา\nข้อ ๓ ให้อธิการบดีรักษาการ' },
      ],
    });
    const two = chunks.find((ch) => ch.headingPath.at(-1) === 'ข้อ ๒')!;
    expect(two.text).toContain('ภายในสิบสี่วัน');
    expect(two.page).toBe(1);
    // and keeps where page 2 starts in it, for an answer quoting its words there to cite page 2 (passage-pages.ts)
    expect(two.laterPages?.map(([offset, page]) => [two.text.slice(offset), page])).toEqual([['ภายในสิบสี่วันนับแต่วันเปิดภาคการศึกษา', 2]]);
    expect(chunks.find((ch) => ch.headingPath.at(-1) === 'ข้อ ๓')!.laterPages).toBeUndefined();
  });
});
