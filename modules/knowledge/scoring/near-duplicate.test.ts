import { expect, test } from 'bun:test';
import { nearDuplicate } from './evidence';
import { charGrams } from '../index/tokens';

// The containment rule written plainly: the share of the smaller passage's trigrams the other holds.
function containment(a: string, b: string): boolean {
  if (a === b) return true;
  const ga = new Set(charGrams(a));
  const gb = new Set(charGrams(b));
  let shared = 0;
  for (const g of ga) if (gb.has(g)) shared++;
  return shared / (Math.min(ga.size, gb.size) || 1) >= 0.8;
}

const clause = 'ข้อ ๑๒ นักศึกษาที่ประสงค์จะลาพักการศึกษาให้ยื่นคำร้องต่อคณบดีภายในสองสัปดาห์แรกของภาคการศึกษา';
const cases: Array<[string, string]> = [
  [clause, clause],
  [clause, `${clause} และชำระค่าธรรมเนียมรักษาสภาพ`],
  [`${clause} และชำระค่าธรรมเนียมรักษาสภาพการเป็นนักศึกษาภาคการศึกษาละ ๑,๐๐๐ บาท`, clause],
  [clause, 'ข้อ ๕ การลงทะเบียนเรียนรายวิชาและจำนวนหน่วยกิต'],
  [clause, clause.slice(0, 40)],
  [clause.slice(10), clause.slice(0, 60)],
  ['', clause],
  ['', '!!'],
  ['abc', 'abd'],
];

test('a copy is a passage holding 80 % of the smaller one’s trigrams, whichever is passed first', () => {
  for (const [a, b] of cases) {
    expect(nearDuplicate(a, b)).toBe(containment(a, b));
    expect(nearDuplicate(b, a)).toBe(containment(b, a));
  }
  expect(nearDuplicate(clause, `${clause} และชำระค่าธรรมเนียมรักษาสภาพ`)).toBe(true);
  expect(nearDuplicate(clause, 'ข้อ ๕ การลงทะเบียนเรียนรายวิชาและจำนวนหน่วยกิต')).toBe(false);
});

test('pairs compared again, after many other pairs, get the same answer', () => {
  const others = Array.from({ length: 600 }, (_, i) => `${clause.slice(0, 30 + (i % 50))} ข้อย่อย ${i}`);
  for (let round = 0; round < 2; round++)
    for (const o of others) {
      expect(nearDuplicate(clause, o)).toBe(containment(clause, o));
      expect(nearDuplicate(o, clause)).toBe(containment(o, clause));
    }
});
