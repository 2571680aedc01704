import { describe, expect, test } from 'bun:test';
import { layoutPageText, spacingGlyphs } from './pdf-layout.ts';

// Sarabun at 16 pt advances about half an em per glyph; marks above and below a consonant advance nothing.
const SIZE = 16;
const GLYPH = 8;
const width = (text: string) => spacingGlyphs(text) * GLYPH;
const run = (text: string, x: number, y: number) => ({ text, x, y, width: width(text), size: SIZE });
// A full line: it sets the right margin at 100 + its width.
const FULL = 'บรรดาข้อบังคับ ระเบียบ ประกาศ หรือคำสั่งอื่นใดที่ขัดหรือแย้งกับข้อบังคับนี้ ให้ใช้ข้อบังคับนี้แทน';
const RIGHT = 100 + width(FULL);
/** A line ending `room` short of the right margin. */
const endingShort = (text: string, room: number, y: number) => run(text, RIGHT - room - width(text), y);

describe('ragged-right lines of Thai text', () => {
  const first = 'ในช่วงสอบกลางภาคและสอบปลายภาค ห้องอ่านหนังสือชั้น ๑ เปิดให้บริการ';
  const next = 'ตลอด ๒๔ ชั่วโมง โดยต้องแสดงบัตรประจำตัวนักศึกษาก่อนเข้าใช้';

  test("a line that stopped short of a next word that would not fit wraps on (ตลอด is 4 glyphs wide, not 4 characters' mean)", () => {
    // The room is under the width of ตลอด (4 × 8 = 32) plus slack, but over 4 × the line's mean character width.
    const text = layoutPageText([run(FULL, 100, 700), endingShort(first, 34, 679), run(next, 100, 658)]);
    expect(text).toBe(`${FULL}\n\n${first}${next}`);
  });

  test('a line with room for the next line’s first word ends its paragraph', () => {
    const text = layoutPageText([run(FULL, 100, 700), endingShort(first, 45, 679), run(next, 100, 658)]);
    expect(text).toBe(`${FULL}\n\n${first}\n\n${next}`);
  });
});

describe('list items under a hanging indent', () => {
  // Clause at the first-line indent (132), items' markers at 140, their text at 170 (a space after the marker).
  const clause = 'ข้อ ๕ ห้ามนักศึกษานำสิ่งของดังต่อไปนี้เข้าไปในห้องสอบ';
  // The text as its own run: a PDF's marker and text are apart by a space, or by a tab stop.
  const item = (marker: string, text: string, y: number) => [run(marker, 140, y), run(text, 170, y)];

  test("an item's wrapped line starts under the item's text and continues the item; the next item starts anew", () => {
    const text = layoutPageText([
      run(FULL, 100, 742),
      endingShort(clause, 2, 721),
      // Ends 10 short of the right margin: the next line's first word (สื่อสาร) did not fit.
      ...item('(๑)', 'โทรศัพท์เคลื่อนที่ นาฬิกาอัจฉริยะ หูฟัง หรืออุปกรณ์สื่อสารทุกชนิดที่ใช้ติดต่อกับผู้อื่น', 700),
      run('สื่อสารได้ทุกชนิด', 170, 679),
      ...item('(๒)', 'ตำรา เอกสาร หรือบันทึกใด ๆ เว้นแต่ผู้ออกข้อสอบอนุญาตไว้', 658),
    ]);
    expect(text.split('\n\n')).toEqual([
      FULL,
      clause,
      '(๑) โทรศัพท์เคลื่อนที่ นาฬิกาอัจฉริยะ หูฟัง หรืออุปกรณ์สื่อสารทุกชนิดที่ใช้ติดต่อกับผู้อื่นสื่อสารได้ทุกชนิด',
      '(๒) ตำรา เอกสาร หรือบันทึกใด ๆ เว้นแต่ผู้ออกข้อสอบอนุญาตไว้',
    ]);
  });

  test('a cross-reference wrapped to the margin stays in its sentence; a paragraph after a short item starts anew', () => {
    const text = layoutPageText([
      run(FULL, 100, 742),
      endingShort('ข้อ ๑๓ เว้นแต่เป็นการนำสิ่งของต้องห้ามตามข้อ ๘', 2, 721),
      run('(๑) เข้าไปในห้องสอบโดยไม่ปรากฏว่าได้ใช้สิ่งของนั้น', 100, 700),
      ...item('(๔)', 'กระเป๋าหรือกล่องดินสอ', 679),
      run('สิ่งของตาม (๑) ให้นำไปวางไว้หน้าห้องสอบ', 170, 658),
    ]);
    expect(text.split('\n\n')).toEqual([
      FULL,
      'ข้อ ๑๓ เว้นแต่เป็นการนำสิ่งของต้องห้ามตามข้อ ๘ (๑) เข้าไปในห้องสอบโดยไม่ปรากฏว่าได้ใช้สิ่งของนั้น',
      '(๔) กระเป๋าหรือกล่องดินสอ',
      'สิ่งของตาม (๑) ให้นำไปวางไว้หน้าห้องสอบ',
    ]);
  });
});

// A file may hold pages of a million runs (the upload limit is 20 million characters): the layout's extents are
// taken by loops, not by spreading every run or line into Math.min/Math.max as arguments (which overflows the stack
// from about a million), and a paragraph's lines are joined in time linear in their number.
describe('a page of a million runs', () => {
  const many = 1_000_000;
  test('one line of a million runs is read (before: its size was the largest of every run spread as arguments)', () => {
    const runs = Array.from({ length: many }, (_, i) => ({ text: 'ก', x: i * 6, y: 700, width: 6, size: 12 }));
    expect(layoutPageText(runs)).toHaveLength(many);
  });
  test('a million lines are read as one paragraph (before: the page extent spread every line, and joining the lines took the square of their number)', () => {
    const runs = Array.from({ length: many }, (_, i) => ({ text: 'ขอ', x: 40, y: 20_000_000 - i * 14, width: 12, size: 12 }));
    const text = layoutPageText(runs);
    expect(text).toHaveLength(2 * many);
    expect(text).toBe('ขอ'.repeat(many));
  }, 20_000);
});
