import { describe, expect, test } from 'bun:test';
import { chunkDocument } from './chunker.ts';
import { clauseHead, subHeadings } from './clause-heads.ts';

const lines = (...texts: string[]) => texts.map((text) => ({ text }));
const LEAD = 'การเทียบโอนหน่วยกิตและผลการศึกษาจากการศึกษาในคลังหน่วยกิตของมหาวิทยาลัย มีหลักเกณฑ์ดังนี้';

describe('clauseHead: the opening words a split clause keeps on every piece', () => {
  const cases: Array<[string, string[], number, string | null]> = [
    ['a short opening line', ['ข้อ ๑๗ การพ้นสภาพการเป็นนักศึกษา', '(๑) ตาย'], 1, 'การพ้นสภาพการเป็นนักศึกษา'],
    ['the number alone, its title on the next line', ['ข้อ ๑๗', 'การพ้นสภาพการเป็นนักศึกษา'], 2, 'การพ้นสภาพการเป็นนักศึกษา'],
    ['a long lead-in its list follows, cut to a heading', [`ข้อ ๕ ${LEAD}`, '(๑) การเทียบโอน'], 1, `${LEAD.slice(0, 80).trimEnd()}…`],
    ['a long lead-in, OCR specks before its first item', [`๑. ${LEAD}`, 'a', 'ก', '๑.๑.๑ บัณฑิตที่ยังไม่ได้ลงทะเบียน'], 1, `${LEAD.slice(0, 80).trimEnd()}…`],
    [
      'a law section opening with a long sentence',
      [`มาตรา ๓๓๔ ผู้ใดเอาทรัพย์ของผู้อื่นหรือที่ผู้อื่นเป็นเจ้าของรวมอยู่ด้วยไปโดยทุจริต ผู้นั้นกระทำความผิดฐานลักทรัพย์`, 'ต้องระวางโทษจำคุกไม่เกินสามปี'],
      1,
      null,
    ],
  ];
  for (const [name, texts, opening, head] of cases) test(name, () => expect(clauseHead(lines(...texts.slice(0, opening)), lines(...texts))).toBe(head));
});

describe('subHeadings: a dotted item whose next item is its own child heads its children', () => {
  const cases: Array<[string, string[], Array<string[]>]> = [
    [
      '๑.๒ heads ๑.๒.๑ and ๑.๒.๒, not ๑.๓',
      ['๑.๒ การตรวจสอบรายชื่อบัณฑิต', '๑.๒.๑ บัณฑิตตรวจสอบรายชื่อ', 'ข้อความต่อ', '๑.๒.๒ บัณฑิตที่ไม่สามารถเข้ารับ', '๑.๓ การฝึกซ้อม'],
      [[], ['๑.๒ การตรวจสอบรายชื่อบัณฑิต'], ['๑.๒ การตรวจสอบรายชื่อบัณฑิต'], ['๑.๒ การตรวจสอบรายชื่อบัณฑิต'], []],
    ],
    ['a short item followed by its sibling heads nothing', ['๒๑.๑ เป็นรายวิชาโครงงาน', '๒๑.๒ เป็นรายวิชาปัญหาพิเศษ'], [[], []]],
    [
      'a sentence-long item is not a heading even over children',
      [`๒๘.๔ ${'จะขอยกเว้นได้ไม่เกินสองในสามของจำนวนหน่วยกิตทั้งหมดของหลักสูตร'.repeat(2)}`, '๒๘.๔.๑ กรณีแรก'],
      [[], []],
    ],
    ['two levels nest', ['๓.๑ หมวดหนึ่ง', '๓.๑.๑ หมวดย่อย', '๓.๑.๑.๑ รายการ'], [[], ['๓.๑ หมวดหนึ่ง'], ['๓.๑ หมวดหนึ่ง', '๓.๑.๑ หมวดย่อย']]],
  ];
  for (const [name, texts, heads] of cases) test(name, () => expect(subHeadings(lines(...texts))).toEqual(heads));
});

test('a piece of a split clause keeps the clause lead-in and its sub-item heading', () => {
  const filler = (w: string) => `${w} `.repeat(60);
  const text = [
    `ข้อ ๑ ${LEAD}`,
    `(๑) ${filler('ระบบประเมิน')}`,
    `(๒) ${filler('เทียบประสบการณ์')}`,
    `(๓) การขอเทียบรายวิชาในระดับปริญญาตรีต้องได้รับผลการประเมินไม่ต่ำกว่า C ${filler('สาขาวิชา')}`,
    'ข้อ ๒ การรับพระราชทานปริญญาบัตร',
    `๒.๑ ${filler('การลงทะเบียน')}`,
    '๒.๒ การตรวจสอบรายชื่อบัณฑิต',
    `๒.๒.๑ ${filler('ครั้งที่หนึ่ง')}`,
    `๒.๒.๒ บัณฑิตที่ประสงค์จะเลื่อนการเข้ารับให้ยื่นคำร้องภายในวันที่ ๑๖ พฤศจิกายน ${filler('เลื่อน')}`,
  ].join('\n');
  const chunks = chunkDocument({ title: 'T', pages: [{ page: 1, text }] });
  const at = (phrase: string) => chunks.find((c) => c.text.includes(phrase))!.headingPath;
  expect(at('ไม่ต่ำกว่า C')).toEqual(['T', `${LEAD.slice(0, 80).trimEnd()}…`, 'ข้อ ๑']);
  expect(at('๑๖ พฤศจิกายน')).toEqual(['T', 'การรับพระราชทานปริญญาบัตร', '๒.๒ การตรวจสอบรายชื่อบัณฑิต', 'ข้อ ๒']);
});
