import { describe, expect, test } from 'bun:test';
import { gramCoverage, gramSet, gramShare, questionTerms } from './text-match';
import { latinShare } from './language';
import { readQuestion } from '../knowledge';

// Pieces of the shapes the answerer weighs: Thai with Thai and Arabic digits, grouped amounts, a table row, short
// runs of one or two letters, English, a lone mark, an emoji, nothing.
const TEXTS = [
  'ข้อ ๕ นักศึกษาต้องชำระค่าธรรมเนียมการศึกษา ๑๒,๕๐๐ บาท ภายใน ๗ วัน',
  'ปริญญาโท | 3,000 | บาทต่อภาคการศึกษา',
  'ก ข ค ง (๑) ๒.๕ a b GPA 2.00 TOEIC 500',
  'The student shall pay 1,000,000 baht within 30 days of the notice.',
  'กยศ. กรอ. ม.ค. ๖๘ 😀 ทุน😀การศึกษา',
  'ลาพักการศึกษาได้ไม่เกิน ๒ ภาคการศึกษาติดต่อกัน',
  'ํ ั ',
  '',
];
const QUESTIONS = ['ค่าธรรมเนียมการศึกษา 12500 บาท จ่ายภายในกี่วัน', 'ลาพักได้กี่เทอม', 'TOEIC ต้องได้กี่คะแนน GPA 2', 'ทุนกยศ ม.ค. 68', 'ก ข'];

describe("a question's grams found in a piece are counted without building the piece", () => {
  for (const question of QUESTIONS)
    test(`the same share as the piece's grams: ${question}`, () => {
      const q = questionTerms(readQuestion(question));
      for (const text of TEXTS) expect(gramShare(q.grams, text)).toBe(gramCoverage(q.grams, gramSet(text)));
      expect(gramShare(gramSet('ก ข ทุน'), 'ทุน ก ขข')).toBe(gramCoverage(gramSet('ก ข ทุน'), gramSet('ทุน ก ขข')));
      expect(gramShare(new Set(), 'ทุน')).toBe(0);
    });
});

test('Thai and Latin letters are counted as before: marks and digits are neither, any case is Latin', () => {
  const matched = (text: string) => {
    const thai = text.match(/[\u0e01-\u0e4e]/g)?.length ?? 0;
    const latin = text.match(/[a-z]/gi)?.length ?? 0;
    return thai + latin ? latin / (thai + latin) : null;
  };
  for (const text of [...TEXTS, 'ſK@[`{ Zz', '๐๑๒ \u0e4f\u0e5b']) expect(latinShare(text)).toBe(matched(text));
});
