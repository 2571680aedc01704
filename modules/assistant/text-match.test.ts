import { describe, expect, spyOn, test } from 'bun:test';
import { answerProfile, answerSupport, fold, gramCoverage, gramSet, gramShare, questionTerms, wordCoverage } from './text-match';
import * as tokens from '../knowledge/index/tokens';
import { latinShare } from './language';
import { readQuestion, type SearchHit } from '../knowledge';
import { chunkHit } from '../knowledge/scoring/test-hit';
import { setEvidenceAblation } from '../knowledge/scoring/evidence';
import { extractiveAnswer } from './extractive';

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

// A model's answers as the support reads them: sentences of Thai and English, amounts, a line of one word.
const ANSWERS = [
  'ตามระเบียบ ข้อ ๕ นักศึกษาต้องชำระค่าธรรมเนียม 12,500 บาท ภายใน 7 วัน\nลาพักการศึกษาได้ไม่เกินสองภาคการศึกษา',
  'The student shall pay 1,000,000 baht. ปริญญาโท 3000 บาทต่อภาคการศึกษา',
  'ทุนกยศ ม.ค. 68 ต้องยื่น TOEIC 500',
  'สวัสดีครับ',
];

/** The support as it was read before: every source joined into one text, its words and trigrams looked up there. */
function supportOverJoined(answer: string, sources: string[]): number {
  const joined = sources.join('\n');
  const [haystack, have] = [fold(joined), gramSet(joined)];
  let [total, supported] = [0, 0];
  for (const { words, grams } of answerProfile(answer).sentences) {
    total += words.length;
    supported += words.length * (0.5 * wordCoverage(words, haystack) + 0.5 * gramCoverage(grams, have));
  }
  return total ? supported / total : 0;
}

describe('the support of an answer by its sources', () => {
  for (const answer of ANSWERS)
    test(`is the support by the sources joined: ${answer.slice(0, 30)}`, () => {
      for (let i = 0; i < TEXTS.length; i++) {
        const sources = [TEXTS[i]!, TEXTS[(i + 1) % TEXTS.length]!, TEXTS[(i + 3) % TEXTS.length]!];
        expect(answerSupport(answer, sources)).toBe(supportOverJoined(answer, sources));
        expect(answerSupport(answer, sources.slice(0, 1))).toBe(supportOverJoined(answer, sources.slice(0, 1)));
      }
      expect(answerSupport(answer, [])).toBe(supportOverJoined(answer, []));
      // an amount split at a source's end is not one amount with the next source's digits
      expect(answerSupport(answer, ['ค่าธรรมเนียม 12,', '500 บาท'])).toBe(supportOverJoined(answer, ['ค่าธรรมเนียม 12,', '500 บาท']));
    });

  test('reads neither the answer nor a source again: a turn weighs them against each clause, then against all', () => {
    const [answer, clauses] = [`${ANSWERS[0]} ครั้งที่ ${Math.random()}`, [TEXTS[0]!, TEXTS[1]!, TEXTS[5]!]];
    answerSupport(answer, [clauses[0]!, clauses[1]!]);
    answerSupport(answer, [clauses[2]!]);
    const read = spyOn(tokens, 'charGrams');
    try {
      answerSupport(answer, [...clauses].reverse());
      expect(read).not.toHaveBeenCalled();
    } finally {
      read.mockRestore();
    }
  });
});

describe("a quote reads the question's words as the evidence does", () => {
  // A calendar's lines, as the demo library's (modules/documents/demo-texts.ts) and real calendars write them.
  const CALENDAR = [
    'ปฏิทินการศึกษา ภาคการศึกษาที่ ๑ ปีการศึกษา ๒๕๖๘',
    'ลงทะเบียนเรียนล่วงหน้า วันที่ ๒๑ - ๒๕ กรกฎาคม ๒๕๖๘',
    'วันเปิดภาคการศึกษา วันจันทร์ที่ ๔ สิงหาคม ๒๕๖๘',
    'เพิ่มหรือถอนรายวิชาโดยไม่ติดอักษร W วันที่ ๔ - ๑๕ สิงหาคม ๒๕๖๘',
    'สอบกลางภาค วันที่ ๒๒ - ๒๖ กันยายน ๒๕๖๘',
    'วันสุดท้ายของการเรียน วันที่ ๒๑ พฤศจิกายน ๒๕๖๘',
    'สอบปลายภาค วันที่ ๒๔ พฤศจิกายน - ๕ ธันวาคม ๒๕๖๘',
    'ประกาศผลการศึกษา วันที่ ๑๙ ธันวาคม ๒๕๖๘',
  ].join('\n');
  const calendar = (): SearchHit => chunkHit({ ordinal: 0, text: CALENDAR, headingPath: ['ปฏิทินการศึกษา'] }, 'cal', 'ปฏิทินการศึกษา', 10);

  test('a word is held in another wording of its group: slang read as "สอบไล่" is held by "สอบปลายภาค"', () => {
    const q = questionTerms(readQuestion('สอบไฟนอลวันไหน'));
    expect(q.words).toContain('สอบไล่');
    expect(wordCoverage(q.words, fold('สอบปลายภาค วันที่ ๒๔ พฤศจิกายน'), q.alternatives)).toBe(1);
    expect(wordCoverage(q.words, fold('สอบกลางภาค วันที่ ๒๒ กันยายน'), q.alternatives)).toBeLessThan(1);
  });

  test('an ablation of the synonyms leaves the other wordings out of the quote as of the evidence', () => {
    setEvidenceAblation(['synonyms']);
    try {
      expect(questionTerms(readQuestion('สอบไฟนอลวันไหน')).alternatives).toBeUndefined();
    } finally {
      setEvidenceAblation();
    }
    expect(questionTerms(readQuestion('สอบไฟนอลวันไหน')).alternatives?.get('สอบไล่')).toContain('สอบปลายภาค');
  });

  test('the calendar row asked for is quoted, not the whole calendar (before: every dated row, the final exam among them)', () => {
    const a = extractiveAnswer(readQuestion('สอบไฟนอลวันไหน'), [calendar()])!;
    expect(a.text).toContain('สอบปลายภาค วันที่ ๒๔ พฤศจิกายน - ๕ ธันวาคม ๒๕๖๘');
    expect(a.text).not.toContain('สอบกลางภาค');
    expect(a.text).not.toContain('ประกาศผลการศึกษา');
  });
});
