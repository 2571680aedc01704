import { describe, expect, test } from 'bun:test';
import { noRateFor, otherYear } from './off-question.ts';

describe('otherYear: the passage is about another year than the one asked', () => {
  test('one year asked, the passage names only another one: fires', () => {
    expect(otherYear(['ค่าปรับ', '2568'], 'ประกาศ ปีการศึกษา 2569 ค่าปรับวันละ 5 บาท')).toBe(true);
  });
  test('the asked year is in the passage: does not fire', () => {
    expect(otherYear(['ค่าปรับ', '2568'], 'ประกาศ ปีการศึกษา 2568 แทนฉบับ 2567')).toBe(false);
  });
  test('several years asked, the passage names one of them: not another year (before: fired on the year it lacked)', () => {
    // graduated in 2560, received the 2561 letter, wants to move to 2562: the 2561 letter is what is asked about
    expect(otherYear(['จบ', '2560', '2561', '2562', 'เลื่อน'], 'การตรวจสอบรายชื่อบัณฑิต ประจำปี พ.ศ. 2561')).toBe(false);
  });
  test('several years asked, the passage names none of them but another: fires', () => {
    expect(otherYear(['2560', '2561'], 'ปฏิทินการศึกษา 2565')).toBe(true);
  });
  test('a term asked and another term named: fires; the asked term named: does not', () => {
    expect(otherYear(['1/2569'], 'ภาคการศึกษาที่ 2/2568 ชำระเงิน')).toBe(true);
    expect(otherYear(['1/2569', '2/2569'], 'ภาคการศึกษาที่ 2/2569 ชำระเงิน 1/2570')).toBe(false);
  });
});

describe('noRateFor: the question asks a rate per a unit the passage states no rate for', () => {
  // a fee table's cells write a rate after a slash (a project-expense table: "ไม่เกิน 200 บาท/คน/มื้อ")
  const table = 'ค่าอาหารและเครื่องดื่ม 1. ค่าอาหาร - นักศึกษา/นักเรียน ไม่เกิน 200 บาท/คน/มื้อ 2. ค่าอาหารว่าง - นักศึกษา ไม่เกิน 30 บาท/คน/มื้อ';
  const cases: Array<[string, string, string, boolean]> = [
    ['unit-ละ asked, the passage writes unit-ละ', 'ค่าไฟหน่วยละกี่บาท', 'ค่าไฟฟ้าหน่วยละ 8 บาท', false],
    ['unit-ละ asked, the passage gives no rate for it', 'ค่าไฟหน่วยละกี่บาท', 'ชำระค่าไฟฟ้าตามหน่วยที่ใช้จริง ค่าประกัน 2,000 บาท', true],
    ['a table cell states the rate after a slash (before: fired)', 'ค่าอาหารมื้อละกี่บาท', table, false],
    ['asked the other way round, กี่บาทต่อมื้อ, against the slash cell (before: not read as a rate question)', 'ค่าข้าวกี่บาทต่อมื้อ', table, false],
    ['two units asked (หัวละ … ต่อมื้อ): a rate for either answers (before: fired on หัว)', 'ค่าข้าวเบิกได้หัวละกี่บาทต่อมื้อ', table, false],
    ['asked per meal, the passage states only a rate per day', 'ค่าข้าวกี่บาทต่อมื้อ', 'ค่าเบี้ยเลี้ยง เบิกได้วันละ 240 บาท', true],
    ['a date with a slash is no rate', 'ค่าปรับวันละกี่บาท', 'ชำระภายใน 15/08/2568 ค่าปรับ 500 บาท', true],
    ['ร้อยละ is a percentage, never a rate question', 'คืนเงินร้อยละเท่าไหร่', 'คืนเงิน 50 %', false],
  ];
  for (const [name, query, text, fires] of cases) test(name, () => expect(noRateFor(query, text)).toBe(fires));
});
