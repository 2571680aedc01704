import { describe, expect, test } from 'bun:test';
import { restoreSaraAa, SARA_AA_BUDGET } from './sara-aa.ts';

// Lines of real layers whose font wrote ำ for า (RMUTT's graduate forms, SSKRU's กยศ form, an RMUTI announcement),
// each as the normaliser leaves it and as the page reads; a page of them is mended.
const MENDED: Array<[string, string]> = [
  ['มหำวิทยำลัยเทคโนโลยีรำชมงคลธัญบุรี', 'มหาวิทยาลัยเทคโนโลยีราชมงคลธัญบุรี'],
  ['กรุณำกรอกเอกสำรด้วยตัวบรรจง', 'กรุณากรอกเอกสารด้วยตัวบรรจง'],
  ['แบบคำร้องขอผ่อนผันกำรชำระค่ำบำรุงกำรศึกษำ ค่ำลงทะเบียน', 'แบบคำร้องขอผ่อนผันการชำระค่าบำรุงการศึกษา ค่าลงทะเบียน'],
  ['1. ควำมเห็นอำจำรย์ที่ปรึกษำ Advisor’s comment', '1. ความเห็นอาจารย์ที่ปรึกษา Advisor’s comment'],
  ['ลำดับที่\tรหัสวิชำ\tชื่อวิชำ\tลงนำมผู้สอน', 'ลำดับที่\tรหัสวิชา\tชื่อวิชา\tลงนามผู้สอน'],
  ['รำยละเอียดรำยวิชำที่เหลือจำกแผนกำรศึกษำ ประจำปีกำรศึกษำ', 'รายละเอียดรายวิชาที่เหลือจากแผนการศึกษา ประจำปีการศึกษา'],
  ['เกินกว่ำจำนวนปีที่กำหนดไว้ในหลักสูตร', 'เกินกว่าจำนวนปีที่กำหนดไว้ในหลักสูตร'],
  ['สำนักบัณฑิตศึกษำ', 'สำนักบัณฑิตศึกษา'],
];

describe('า put back where a font wrote ำ', () => {
  test.each(MENDED)('%s → %s', (line, expected) => {
    const page = `${MENDED[0][0]}\n${line}`;
    expect(restoreSaraAa(page)).toBe(`${MENDED[0][1]}\n${expected}`);
  });

  test('a line that holds า is another font: its ำ are left, on a page mended elsewhere', () => {
    const page = `${MENDED[0][0]}\nนักศึกษาที่ได้ระดับคะแนนต่ำกว่า 2.00 ต้องดำเนินการ`;
    expect(restoreSaraAa(page)).toBe(`${MENDED[0][1]}\nนักศึกษาที่ได้ระดับคะแนนต่ำกว่า 2.00 ต้องดำเนินการ`);
  });

  test('real ำ words of a line without า stay ำ', () => {
    const page = `${MENDED[0][0]}\nลำดับ ทำให้ จำนวน กำหนด คำสั่ง ประจำปี`;
    expect(restoreSaraAa(page)).toBe(`${MENDED[0][1]}\nลำดับ ทำให้ จำนวน กำหนด คำสั่ง ประจำปี`);
  });

  test('fewer than three ำ read as า on the page: left as it is (an OCR slip, a rare word)', () => {
    for (const page of ['(สำเนำ)\n\n1. ข้อบังคับนี้เรียกว่า', 'คำบลณแขวง .. 2 มม. อำเภณ์ขด', 'หมำยเหตุ']) expect(restoreSaraAa(page)).toBe(page);
  });

  test('a page without ำ, or whose ำ are all words, is returned as it is', () => {
    for (const page of ['การศึกษา', 'กำหนด\nจำนวน\nคำร้อง', '']) expect(restoreSaraAa(page)).toBe(page);
  });

  test('a line of 100,000 characters is mended whole', () => {
    expect(restoreSaraAa('มหำวิทยำลัยเทคโนโลยี '.repeat(4_762))).toBe('มหาวิทยาลัยเทคโนโลยี '.repeat(4_762));
  });
});

describe("a document's reads of ำ are bounded", () => {
  test('a page over what is left of the budget is left as it is, and the budget is spent page by page', () => {
    const page = `${MENDED[0][0]}\n${MENDED[1][0]}`;
    const reads = (page.match(/ำ/g) ?? []).length;
    const budget = { left: reads * 2 - 1 };
    expect(restoreSaraAa(page, budget)).toBe(`${MENDED[0][1]}\n${MENDED[1][1]}`);
    expect(budget.left).toBe(reads - 1);
    expect(restoreSaraAa(page, budget)).toBe(page);
  });

  test('a page of nothing but ำ under the default budget is left as it is without reading it', () => {
    const page = 'กำ'.repeat(SARA_AA_BUDGET + 1);
    expect(restoreSaraAa(page)).toBe(page);
  });
});
