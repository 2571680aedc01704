import { describe, expect, test } from 'bun:test';
import { restoreToneMarks } from './ocr-tone-marks.ts';

describe('tone marks OCR lost', () => {
  test('a word read without its tone mark gets it back when that spelling is far more common', () => {
    expect(restoreToneMarks('และโดยมติสภามหาวิทยาลัยในการประชุมครังที ๒/๒๕๖๙ เมือวันที ๒๘ กุมภาพันธ์')).toBe('และโดยมติสภามหาวิทยาลัยในการประชุมครั้งที่ ๒/๒๕๖๙ เมื่อวันที่ ๒๘ กุมภาพันธ์');
    expect(restoreToneMarks('เปิดให้บริการตลอด ๒๔ ชัวโมง')).toBe('เปิดให้บริการตลอด ๒๔ ชั่วโมง');
    expect(restoreToneMarks('ในการคำนวณค่าเฉลียสะสม')).toBe('ในการคำนวณค่าเฉลี่ยสะสม');
  });

  test('correct text is left as it is: real words without a mark, and words inside a misread stretch', () => {
    for (const text of [
      'ให้พ้นสภาพการเป็นนักศึกษา ส่วนค่าปรับหนึ่งพันบาท',
      'ได้ค่าเฉลี่ยสะสมต่ำกว่า ๒.๐๐ และยืนยันตัวตน',
      'ข้อบังคับนี้ให้ใช้บังคับตั้งแต่ภาคการศึกษาที่ ๑ ปีการศึกษา ๒๕๖๙ เป็นต้นไป',
      'วันทีประกาศตารางสอบ',
    ])
      expect(restoreToneMarks(text)).toBe(text);
  });

  test("a spelling the page keeps using, never with the mark, is the document's own (a name)", () => {
    const page = 'ระเบียบมหาวิทยาลัยเทคโนโลยีลานนาทอง\nว่าด้วยหอพัก\nข้อบังคับมหาวิทยาลัยเทคโนโลยีลานนาทอง\nอธิการบดีมหาวิทยาลัยเทคโนโลยีลานนาทอง';
    expect(restoreToneMarks(page)).toBe(page);
  });
});
