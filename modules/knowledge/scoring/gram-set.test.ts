import { describe, expect, test } from 'bun:test';
import { charGrams, GRAM_MARK } from '../index/tokens';
import { gramCode, gramSet, sharesAtLeast } from './gram-set';
import { nearDuplicate, sharedNeeded } from './passage-copies';

// Texts of every kind a trigram comes from: Thai with Thai digits, Latin and numbers, runs of one to three characters,
// astral characters (no code: kept as strings), punctuation only, and nothing.
const texts = [
  'ข้อ ๑๒ นักศึกษาที่ประสงค์จะลาพักการศึกษาให้ยื่นคำร้องต่อคณบดีภายในสองสัปดาห์แรก',
  'ข้อ ๑๒ นักศึกษาที่ประสงค์จะลาพักการศึกษาให้ยื่นคำร้อง และชำระค่าธรรมเนียม 1,000 บาท',
  'GPA 2.00 ติด F หรือ W ภาค 1/2568',
  'a b cd ef g',
  'หอพัก 🏠🏠 ค่าน้ำ 💧 ห้อง 𠮷𠮷𠮷 ชั้น',
  '🏠🏠🏠🏠 ห้อง 𠮷𠮷',
  '!!! ... ,,,',
  '',
];

const plainSet = (text: string) => new Set(charGrams(text));

describe('a passage’s trigrams as sorted codes', () => {
  test('hold exactly the trigrams charGrams gives, no more', () => {
    for (const text of texts) {
      const codes = gramSet(text);
      const plain = plainSet(text);
      expect(codes.size).toBe(plain.size);
      for (const g of plain) expect(codes.has(g)).toBe(true);
      for (const other of texts) for (const g of plainSet(other)) expect(codes.has(g)).toBe(plain.has(g));
      for (const word of ['ข้อ', 'ab', GRAM_MARK, '', 'ข้อ๑๒']) expect(codes.has(word)).toBe(plain.has(word));
    }
  });

  test('two trigrams share a code only when they are the same string', () => {
    const grams = [...new Set(texts.flatMap((t) => charGrams(t)))];
    const coded = grams.filter((g) => gramCode(g) >= 0);
    expect(new Set(coded.map(gramCode)).size).toBe(coded.length);
    expect(gramCode(`${GRAM_MARK}ab`)).not.toBe(gramCode(`${GRAM_MARK}ab\u0000`));
    expect(gramCode(`${GRAM_MARK}🏠🏠`)).toBe(-1); // four UTF-16 units
    expect(gramCode('abc')).toBe(-1);
  });

  test('the shared count reaches a bound exactly when the plain sets’ intersection does', () => {
    for (const a of texts)
      for (const b of texts) {
        const [pa, pb] = [plainSet(a), plainSet(b)];
        const shared = [...pa].filter((g) => pb.has(g)).length;
        for (const need of [0, 1, shared - 1, shared, shared + 1, pa.size]) expect(sharesAtLeast(gramSet(a), gramSet(b), need)).toBe(shared >= need);
      }
  });
});

test('the trigrams a copy needs are the fewest s of n with s / n ≥ 0.8, as floating point reads it', () => {
  for (let n = 1; n <= 2000; n++) {
    const need = sharedNeeded(n);
    expect(need / n >= 0.8).toBe(true);
    expect((need - 1) / n >= 0.8).toBe(false);
  }
});

test('copies among texts with astral characters are told as the plain containment rule tells them', () => {
  const withEmoji = ['ค่าห้อง 🏠🏠 เดือนละ ๓,๐๐๐ บาท ชำระภายในวันที่ ๕', 'ค่าห้อง 🏠🏠 เดือนละ ๓,๐๐๐ บาท ชำระภายในวันที่ ๕ ของเดือน', '🏠🏠🏠 ห้อง'];
  for (const a of withEmoji)
    for (const b of withEmoji) {
      const [pa, pb] = [plainSet(a), plainSet(b)];
      const shared = [...pa].filter((g) => pb.has(g)).length;
      expect(nearDuplicate(a, b)).toBe(a === b || shared / (Math.min(pa.size, pb.size) || 1) >= 0.8);
    }
});
