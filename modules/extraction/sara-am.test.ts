import { describe, expect, test } from 'bun:test';
import { restoreSaraAm, restoreSaraAmPages } from './sara-am.ts';

// A Word + TH SarabunIT๙ layer's words (ำ stored as า), and what the words say they were. Lines from real_dev's
// typed PDFs, and า words that must stay (ทาง|ด้าน is not ทำ|ง|ด้าน, ค่าที่พัก not ค่ำ).
const TABLE: Array<[string, string]> = [
  ['ตามที่กาหนดไว้', 'ตามที่กำหนดไว้'],
  ['ดาเนินการ', 'ดำเนินการ'],
  ['ชาระเงินค่าธรรมเนียม', 'ชำระเงินค่าธรรมเนียม'],
  ['ผู้สาเร็จการศึกษา', 'ผู้สำเร็จการศึกษา'],
  ['ไม่ซ้ากับรายวิชา', 'ไม่ซ้ำกับรายวิชา'],
  ['ไม่ต่ากว่า', 'ไม่ต่ำกว่า'],
  ['ที่จาเป็นต้อง', 'ที่จำเป็นต้อง'],
  ['ในคาสั่ง', 'ในคำสั่ง'],
  ['ใบสาคัญ', 'ใบสำคัญ'],
  ['ทางานร่วมกัน', 'ทำงานร่วมกัน'],
  ['ประจาปี', 'ประจำปี'],
  ['สานักงาน', 'สำนักงาน'],
  ['ตาแหน่ง', 'ตำแหน่ง'],
  ['ความรู้ทางด้าน', 'ความรู้ทางด้าน'],
  ['การเตรียมความพร้อม', 'การเตรียมความพร้อม'],
  ['ค่าที่พัก', 'ค่าที่พัก'],
  ['อาจารย์ที่ปรึกษา', 'อาจารย์ที่ปรึกษา'],
  ['พัฒนาหลักสูตร', 'พัฒนาหลักสูตร'],
  ['ปัญหาสาเหตุ', 'ปัญหาสาเหตุ'],
  ['เขาเปล่า', 'เขาเปล่า'],
  ['HRM2205 Management 2565', 'HRM2205 Management 2565'],
];

describe('ำ put back from the words', () => {
  test.each(TABLE)('%s → %s', (layer, expected) => {
    const r = restoreSaraAm(layer);
    expect(r.text).toBe(expected);
    expect(r.unsure).toBe(0);
  });

  test('a า both readings make as common a word of is unsure (ลา|ไป, ลำ|ไป), and the text keeps it', () => {
    expect(restoreSaraAm('เขาลาไป')).toMatchObject({ text: 'เขาลาไป', restored: 0, unsure: 1 });
  });

  test("an old font's wrong letters mark the page garbled", () => {
    expect(restoreSaraAm('จานüนหน่วยกิต').garbled).toBe(true);
    expect(restoreSaraAm('จานวนหน่วยกิต')).toMatchObject({ text: 'จำนวนหน่วยกิต', garbled: false });
  });

  test('pages the words mend are kept; unsure, garbled and weak pages are left as they are for OCR', () => {
    const line = 'ให้นักศึกษาชาระเงินค่าธรรมเนียมการศึกษาตามที่มหาวิทยาลัยกาหนดไว้ในประกาศ ';
    const pages = [
      { page: 1, text: line.repeat(3) },
      { page: 2, text: `${line.repeat(3)}เขาลาไป` },
      { page: 3, text: `${line.repeat(3)}จานüน` },
      { page: 4, text: 'หน้า ๔' },
    ];
    const r = restoreSaraAmPages(pages);
    expect(r.fromWords).toEqual([1]);
    expect(r.ocr).toEqual([2, 3, 4]);
    expect(r.pages[0].text).toContain('ชำระเงิน');
    expect(r.pages[0].text).toContain('กำหนดไว้');
    expect(r.pages.slice(1)).toEqual(pages.slice(1));
  });
});
