import { describe, expect, test } from 'bun:test';
import { readQuestion } from '../../modules/knowledge';
import { hit } from '../../modules/knowledge/scoring/test-hit';
import { candidateFeatures, ocrFeatures } from './feature-candidates';

const clean = 'นักศึกษาต้องชำระค่าธรรมเนียมการศึกษาภายใน ๒ สัปดาห์นับจากวันเปิดภาคการศึกษา';
// the same sentence as a poor scan reads it: vowels and tone marks cut off their consonants, Latin debris inside
const garbled = 'นักศึ กษาต้ อ ง ช ํ า ระ ค่ าธรรม เนี ยม lI การศึ ก ษา ภายใน ส อ ง สั ป ดา ห์';

describe('OCR readings of a passage', () => {
  test.each([
    ['clean text', clean, 'low'],
    ['garbled scan', garbled, 'high'],
  ])('%s: single-letter words, Latin debris and stray marks', (_, text, level) => {
    const f = ocrFeatures(text);
    for (const v of Object.values(f)) {
      expect(v).toBeGreaterThanOrEqual(0);
      expect(v).toBeLessThanOrEqual(1);
    }
    if (level === 'low') expect(f).toEqual({ singleShare: 0, latinShare: 0, strayMarks: 0 });
    else {
      expect(f.singleShare).toBeGreaterThan(0.1);
      expect(f.latinShare).toBeGreaterThan(0);
      expect(f.strayMarks).toBeGreaterThan(0);
    }
  });
});

describe('candidate features of a quoted passage', () => {
  const q = readQuestion('ต้องชำระค่าธรรมเนียมการศึกษาภายในกี่สัปดาห์');
  const answer = hit(`ข้อ ๕ ${clean}`, 10, 'fees');
  const neighbour = hit('ข้อ ๖ การลงทะเบียนเรียนล่าช้าต้องชำระค่าปรับ', 8, 'fees');
  const other = hit('ประกาศหอพัก ค่าหอพักภาคการศึกษาละ ๔,๐๐๐ บาท', 6, 'dorm');
  const hits = [answer, neighbour, other];
  test.each([
    ['the quote holds the asked kind and the words', `ข้อ ๕ ${clean}`, { quoteType: 1, isTop: 1 }],
    ['the quote lacks the number asked for', 'นักศึกษาต้องชำระค่าธรรมเนียมการศึกษา', { quoteType: 0, isTop: 1 }],
  ])('%s', (_, quote, expected) => {
    const f = candidateFeatures(q, hits, answer, quote);
    expect(f).toMatchObject(expected);
    expect(f.quoteCover).toBeGreaterThan(0.5);
    for (const v of Object.values(f)) {
      expect(v).toBeGreaterThanOrEqual(0);
      expect(v).toBeLessThanOrEqual(1);
    }
  });
  test('documents competing among the retrieved: two of three passages from the quoted one’s document', () => {
    const f = candidateFeatures(q, hits, answer, clean);
    expect(f.docsTop5).toBeCloseTo(1 / 4, 6);
    expect(f.sameDocTop5).toBeCloseTo(2 / 5, 6);
    expect(candidateFeatures(q, hits, other, other.text).isTop).toBe(0);
  });
});
