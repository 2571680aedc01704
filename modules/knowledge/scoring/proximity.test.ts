import { describe, expect, test } from 'bun:test';
import { focusProximity } from './proximity';

describe('the question’s words held together (focusProximity)', () => {
  const filler = 'x'.repeat(120);
  test.each([
    ['no focus words', [], 'ค่าปรับวันละ 50 บาท', 0],
    ['none held', ['ค่าปรับ'], 'การลงทะเบียนเรียน', 0],
    ['a short text: the plain share', ['ค่าปรับ', 'ล่าช้า', 'หอพัก'], 'ค่าปรับชำระล่าช้าวันละ 50 บาท', 2 / 3],
    ['every word in one sentence of a long clause', ['ค่าปรับ', 'ล่าช้า'], `${filler} ชำระค่าปรับเมื่อลงทะเบียนล่าช้า ${filler}`, 1],
    ['the words far apart: one at a time', ['ค่าปรับ', 'ล่าช้า'], `ค่าปรับ ${filler} ล่าช้า`, 1 / 2],
    ['a word repeated counts once', ['ค่าปรับ', 'ล่าช้า'], `ค่าปรับ ค่าปรับ ค่าปรับ ${filler} ล่าช้า`, 1 / 2],
    ['the best of several spans', ['ก', 'ข', 'ค'], `ก ${filler} ข ค ${filler} ก`, 2 / 3],
    ['compared folded (Thai digits, case)', ['50', 'gpa'], 'ได้ GPA ไม่ต่ำกว่า ๕๐', 1],
  ])('%s', (_, focus, text, expected) => {
    expect(focusProximity(focus as string[], text, 100)).toBeCloseTo(expected as number);
  });

  test('a word must end inside the span to count', () => {
    const text = `ค่าปรับ${'x'.repeat(92)}ล่าช้า`; // ล่าช้า starts at 99 and ends past 100
    expect(focusProximity(['ค่าปรับ', 'ล่าช้า'], text, 100)).toBe(0.5);
    expect(focusProximity(['ค่าปรับ', 'ล่าช้า'], text, 110)).toBe(1);
  });
});
