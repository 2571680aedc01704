import { describe, expect, test } from 'bun:test';
import { laterPagesOf, pageOfPiece, pageParts } from './passage-pages.ts';

const lines = [
  { text: 'ข้อ ๑๓ ให้คณบดีคณะวิทยาศาสตร์และเทคโนโลยีรักษาการตามประกาศนี้', page: 2 },
  { text: 'ประกาศ ณ วันที่ ๑ มิถุนายน พ.ศ. ๒๕๖๓', page: 2 },
  { text: '(นายจิระศักดิ์ ธาระจักร์)', page: 3 },
  { text: 'คณบดีคณะวิทยาศาสตร์และเทคโนโลยี', page: 3 },
  { text: 'ภาคผนวก\tตาราง ๑', page: 5 },
];
const passage = { text: lines.map((l) => l.text).join('\n'), page: 2, laterPages: laterPagesOf(lines) };

describe('the page a quoted piece of a passage is on', () => {
  test('later pages start at their first line', () => {
    expect(passage.laterPages.map(([offset, page]) => [passage.text.slice(offset, offset + 5), page])).toEqual([
      ['(นายจ', 3],
      ['ภาคผน', 5],
    ]);
    expect(laterPagesOf([lines[0]!, lines[1]!])).toEqual([]);
  });

  test('passages joined carry their own later pages, shifted; cut at its breaks a passage gives each page its part', () => {
    const lead = { text: 'ส่งใบคำร้อง : ประกอบด้วย', page: 1 };
    expect(laterPagesOf([lead, passage])).toEqual([
      [lead.text.length + 1, 2],
      [lead.text.length + 1 + passage.laterPages[0]![0], 3],
      [lead.text.length + 1 + passage.laterPages[1]![0], 5],
    ]);
    expect(pageParts(passage).map((p) => [p.page, p.text.trim().split('\n')[0]])).toEqual([
      [2, lines[0]!.text],
      [3, lines[2]!.text],
      [5, lines[4]!.text],
    ]);
    expect(pageParts({ text: 'ข้อ ๒', page: 4 })).toEqual([{ page: 4, text: 'ข้อ ๒' }]);
  });

  test.each([
    ['the clause that opens the passage', 'ข้อ ๑๓ ให้คณบดีคณะวิทยาศาสตร์และเทคโนโลยีรักษาการตามประกาศนี้', 2],
    ['a signature on the next page, its lines joined by a space', '(นายจิระศักดิ์ ธาระจักร์) คณบดีคณะวิทยาศาสตร์และเทคโนโลยี', 3],
    ['a sentence running over the break is cited where it starts', 'ประกาศ ณ วันที่ ๑ มิถุนายน พ.ศ. ๒๕๖๓ (นายจิระศักดิ์', 2],
    ['a table row, its tab read as " | "', 'ภาคผนวก | ตาราง ๑', 5],
    ['a piece whose start was rewritten, found by its end', 'ลงนามโดย (นายจิระศักดิ์ ธาระจักร์) คณบดีคณะวิทยาศาสตร์และเทคโนโลยี', 3],
    ['words the passage does not hold: its own page', 'ค่าธรรมเนียมการศึกษา', 2],
    ["a piece whose start is rewritten past a label's length: its own page", `${'ก'.repeat(130)} (นายจิระศักดิ์ ธาระจักร์)`, 2],
    ['nothing', ' ', 2],
  ])('%s', (_, piece, page) => {
    expect(pageOfPiece(passage, piece)).toBe(page);
  });

  test('a passage on one page is cited at its page whatever is quoted', () => {
    expect(pageOfPiece({ text: 'ข้อ ๒ นักศึกษาต้องชำระค่าธรรมเนียม', page: 4 }, 'นักศึกษาต้องชำระ')).toBe(4);
  });
});
