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

  test('several clause numbers misread in a row take their places when the run holds on both sides (an Angsana-like scan)', () => {
    // SUT's TA regulation as OCR read it: ข้อ ๖ to ๙ came out as "ข้อ»", "ข้อ ๑", "ข้อ ๕" and "ข้อ #"
    const page1 = 'ข้อ ๔ ในข้อบังคับนี้\n\nข้อ ๕ ผู้ช่วยสอนมีหน้าที่\n\nข้อ» คุณสมบัติ\n\nข้อ ๑ ผู้ช่วยสอนต้องปฏิบัติหน้าที่';
    const page2 = 'ข้อ ๕ ผู้ช่วยสอนพึงได้รับทุน\n\nข้อ # จำนวนเงินทุน\n\nข้อ ๑๐ ให้สภาวิชาการ\n\nข้อ ๑๑ การได้รับทุน';
    const r = fixClauseNumbers([page1, page2]);
    expect(r.pages[0]).toContain('ข้อ ๖ คุณสมบัติ\n\nข้อ ๗ ผู้ช่วยสอนต้องปฏิบัติหน้าที่');
    expect(r.pages[1]).toStartWith('ข้อ ๘ ผู้ช่วยสอนพึงได้รับทุน');
    expect(r.pages[1]).toContain('ข้อ ๙ จำนวนเงินทุน');
    // held on one side only (no ข้อ ๑๑ after ข้อ ๑๐), readable numbers out of place are left as read
    const open = fixClauseNumbers([page1, 'ข้อ ๕ ผู้ช่วยสอนพึงได้รับทุน\n\nข้อ # จำนวนเงินทุน\n\nข้อ ๑๐ ให้สภาวิชาการ']);
    expect(open.pages[0]).toContain('ข้อ ๑ ผู้ช่วยสอนต้องปฏิบัติหน้าที่');
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

  test('several garbled markers between two readable items take the numbers their places demand (G4 conduct scan)', () => {
    const text = 'ข้อ ๘ นักศึกษาต้องไม่\n\n(๑) ก\n\n(๒) ข\n\n(en) ค\n\n(@) ง\n\n(๕) จ\n\n(๖) ฉ\n\n(ov) ช\n\n- (@) ซ\n\n(๙ ใส่ความ\n\n(๑๐ ล่วงละเมิด\n\n(๑๑) ญ';
    const r = fixClauseNumbers([text]);
    expect(r.pages[0]).toBe(
      'ข้อ ๘ นักศึกษาต้องไม่\n\n(๑) ก\n\n(๒) ข\n\n(๓) ค\n\n(๔) ง\n\n(๕) จ\n\n(๖) ฉ\n\n(๗) ช\n\n(๘) ซ\n\n(๙) ใส่ความ\n\n(๑๐) ล่วงละเมิด\n\n(๑๑) ญ',
    );
    expect(r.fixed).toBe(6);
  });

  test('clause headings: a Thai letter, a comma or a speck in the way, only between neighbours that demand it', () => {
    const r = fixClauseNumbers(['ข้อ ๖ ก\n\nข้อ ซ นักศึกษาอาจ\n\nข้อ ๘ ข\n\nข้อ, ๙ การทุจริต\n\nข้อ ๑๐ ค\n\n3}\tข้อ ๑๑ นักศึกษา\n\nข้อ ๑๒ ง']);
    expect(r.pages[0]).toBe('ข้อ ๖ ก\n\nข้อ ๗ นักศึกษาอาจ\n\nข้อ ๘ ข\n\nข้อ ๙ การทุจริต\n\nข้อ ๑๐ ค\n\nข้อ ๑๑ นักศึกษา\n\nข้อ ๑๒ ง');
    // a Thai letter with no run to confirm it, and a readable number out of place, stay
    for (const text of ['ข้อ ๖ ก\n\nข้อ ก ข\n\nข้อ ๙ ค', 'ข้อ ๖ ก\n\nข้อ, ๙ ข\n\nข้อ ๘ ค']) expect(fixClauseNumbers([text]).pages[0]).toBe(text);
  });

  test("a list's last (or first) marker is judged when a clause heading closes the list", () => {
    const last = 'ข้อ ๕ ได้แก่\n\n(๑) ก\n\n(๒) ข\n\n(en) ค\n\n(๔ ง\n\n(©) จ\n\nข้อ ๖ ต่อไป\n\n(๑) ฉ';
    expect(fixClauseNumbers([last]).pages[0]).toBe('ข้อ ๕ ได้แก่\n\n(๑) ก\n\n(๒) ข\n\n(๓) ค\n\n(๔) ง\n\n(๕) จ\n\nข้อ ๖ ต่อไป\n\n(๑) ฉ');
    const first = 'ข้อ ๕ ได้แก่\n\n(@) ก\n\n(๒) ข\n\n(๓) ค';
    expect(fixClauseNumbers([first]).pages[0]).toBe('ข้อ ๕ ได้แก่\n\n(๑) ก\n\n(๒) ข\n\n(๓) ค');
    // a Latin word without brackets holds its place but is not replaced: "(QW" is (๔) W
    const grades = 'ข้อ ๑๗ ดังนี้\n\n(๑) I\n\n(๒) S\n\n(๓) U\n\n(QW หมายถึง\n\n(@) AU หมายถึง\n\nข้อ ๑๘ ต่อไป';
    expect(fixClauseNumbers([grades]).pages[0]).toBe(grades.replace('(@)', '(๕)'));
    // no clause closing the list, a run of one, or Thai-letter sub-items: nothing to go by
    for (const text of ['(๑) ก\n\n(๒) ข\n\n(@) ค', 'ข้อ ๑ ก\n\n(๒) ข\n\n(@) ค\n\nข้อ ๒ ง', 'ข้อ ๑ ก\n\n(๑) ข\n\n(๒) ค\n\n(ก) ง\n\nข้อ ๒ จ'])
      expect(fixClauseNumbers([text]).pages[0]).toBe(text);
  });

  test('ข้อ read as a look-alike word or Latin before the demanded number, or run into the paragraph before', () => {
    const r = fixClauseNumbers(['ข้อ ๘ ก\n\nซื้อ ๙ นักศึกษา\n\nข้อ ๑๐ ข ก็ได้ข้อ ๑๑ นักศึกษาที่\n\nข้อ ๑๒ ค\n\ndp ๑๓ นักศึกษา\n\nข้อ ๑๔ ง']);
    expect(r.pages[0]).toBe('ข้อ ๘ ก\n\nข้อ ๙ นักศึกษา\n\nข้อ ๑๐ ข ก็ได้\n\nข้อ ๑๑ นักศึกษาที่\n\nข้อ ๑๒ ค\n\nข้อ ๑๓ นักศึกษา\n\nข้อ ๑๔ ง');
    // a cross-reference to the missing clause stays in its sentence; a real word with no run to confirm it stays
    for (const text of ['ข้อ ๑๐ ตามข้อ ๑๑ นักศึกษา และข้อ ๑๑ (๒) ก\n\nข้อ ๑๒ ค', 'ซื้อ ๙ ครั้ง\n\nข้อ ๓ ก']) expect(fixClauseNumbers([text]).pages[0]).toBe(text);
  });

  test('a citation of an item with the same garble as its restored marker takes the same number', () => {
    const text = 'ข้อ ๘ ห้าม\n\n(๕) ก\n\n(๖) ข\n\n(ov) ลักทรัพย์\n\n(๘) ค\n\nข้อ ๙ ลักทรัพย์ตามข้อ ๘ (ov) หรือตามข้อ ๙ (ov) หรือ (ov)';
    const r = fixClauseNumbers([text]);
    expect(r.pages[0]).toBe('ข้อ ๘ ห้าม\n\n(๕) ก\n\n(๖) ข\n\n(๗) ลักทรัพย์\n\n(๘) ค\n\nข้อ ๙ ลักทรัพย์ตามข้อ ๘ (๗) หรือตามข้อ ๙ (ov) หรือ (ov)');
    expect(r.fixed).toBe(2);
  });
});
