import { describe, expect, test } from 'bun:test';
import { fixClauseNumbers } from './clause-numbers.ts';

describe('clause numbers from the document structure', () => {
  test('a clause number that breaks the run takes the one the run demands, across pages', () => {
    const page1 = 'ข้อบังคับ\n\nข้อ ๑ ชื่อ\n\nข้อ ๒ ใช้บังคับ\n\nข้อ ๓ ยกเลิก\n\nข้อ ๕ ในข้อบังคับนี้';
    const page2 = 'ข้อ ๕ องค์กรนักศึกษา\n\n(๑) ชื่อโครงการ\n\n(๒) กลุ่มเป้าหมาย\n\n(๕) งบประมาณ\n\n(๔) ตัวชี้วัด\n\nข้อ ๖ การอนุมัติ';
    const r = fixClauseNumbers([page1, page2]);
    expect(r.pages[0]).toEndWith('ข้อ ๔ ในข้อบังคับนี้');
    expect(r.pages[1]).toContain('(๓) งบประมาณ');
    expect(r.pages[1]).toStartWith('ข้อ ๕ องค์กรนักศึกษา');
    expect(r.fixed).toBe(2);
  });

  test('a clause number read as Latin letters between two that demand it is put back; alone it is left', () => {
    const text = 'ข้อ ๖ การอนุมัติ\n\nข้อ f เพดาน\n\nข้อ ๘ กรณี\n\n(๑) ก\n\n(@) ข\n\n(๓) ค\n\nข้อ ๙ ให้\n\nข้อ x ง\n\nข้อ y จ';
    const r = fixClauseNumbers([text]);
    expect(r.pages[0]).toContain('ข้อ ๗ เพดาน');
    expect(r.pages[0]).toContain('(๒) ข');
    expect(r.pages[0]).toEndWith('ข้อ x ง\n\nข้อ y จ');
    expect(r.fixed).toBe(2);
    // (a), (b), (c): an English list has no Thai numbers to run from
    const english = '(a) ก\n\n(b) ข\n\n(c) ค';
    expect(fixClauseNumbers([english])).toEqual({ pages: [english], fixed: 0 });
  });

  test('runs that are consistent, restart, or cannot be judged are left alone', () => {
    const text = 'ข้อ ๑ ก\n\n(๑) ก\n\n(๒) ข\n\nข้อ ๒ ข\n\n(๑) ค\n\n(๒) ง\n\nข้อ ๗ ค\n\nตามข้อ ๕ แห่ง';
    expect(fixClauseNumbers([text])).toEqual({ pages: [text], fixed: 0 });
  });

  test('a heading with digits from another row (four digits: no regulation has that many clauses) is judged too', () => {
    const r = fixClauseNumbers(['ข้อ ๒๒ การคำนวณ\n\nข้อ ๑๒๗๓ นักศึกษาที่ได้ค่าเฉลี่ย\n\nข้อ ๒๔ ให้อธิการบดี']);
    expect(r.pages[0]).toContain('ข้อ ๒๓ นักศึกษา');
    expect(r.fixed).toBe(1);
  });

  test('the word ข้อ misread before the number the run demands is spelled ข้อ again; elsewhere it is left', () => {
    const r = fixClauseNumbers(['ข้อ ๑๕ นักศึกษาที่ไม่เห็นด้วย', 'บขื้อ๑๖ การวัดผลการศึกษา\n\nข้อ ๑๗ อักษรลำดับขั้น']);
    expect(r.pages[1]).toStartWith('ข้อ ๑๖ การวัดผลการศึกษา');
    expect(r.fixed).toBe(1);
    // no neighbours that demand it, or a number out of the run: not a clause heading we can vouch for
    for (const text of ['ขอ ๓ ท่าน\n\nข้อ ๗ การสอบ', 'ข้อ ๑ ชื่อ\n\nขอ ๕ ครั้ง\n\nข้อ ๓ ยกเลิก']) expect(fixClauseNumbers([text]).pages[0]).toBe(text);
  });
});
