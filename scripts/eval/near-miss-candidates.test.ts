import { describe, expect, test } from 'bun:test';
import { readQuestion } from '../../modules/knowledge';
import { hit } from '../../modules/knowledge/scoring/test-hit';
import { fold } from '../../modules/knowledge/index/tokens';
import { nearMissCandidates, typeFar } from './near-miss-candidates';

const fees = 'ข้อ ๕ นักศึกษาต้องชำระค่าธรรมเนียมการศึกษาภาคการศึกษาละ ๘,๐๐๐ บาท';
const withDocument = (text: string, documentText: string, id = 'fees') => ({ ...hit(text, 10, id), documentText });

describe('near-miss candidates of a shown passage', () => {
  test.each([
    // the fee asked is the one the passage states: nothing is missing
    ['asked fee stated', 'ค่าธรรมเนียมการศึกษาเท่าไร', fees, fees, { docRareMiss: 0, retrievedMiss: 0, entityMiss: 0, askedMiss: 0 }],
    // a fee for a thing the document never names: its heaviest word is nowhere in the document
    ['fee of an unlisted thing', 'ค่าจอดรถยนต์ในมหาวิทยาลัยเท่าไร', fees, fees, { docRareMiss: 1, entityMiss: 0 }],
    // a form number the document does not write
    ['an unknown form number', 'แบบฟอร์ม มทส.27 ยื่นที่ไหน', fees, fees, { entityMiss: 1 }],
    // a year the document writes somewhere else than the passage is not missing from it
    ['a year the document writes', 'ค่าธรรมเนียมการศึกษาปี 2568 เท่าไร', fees, `${fees}\nประกาศ ณ วันที่ ๑ มิถุนายน ๒๕๖๘`, { entityMiss: 0 }],
  ])('%s', (_, question, passage, document, expected) => {
    const q = readQuestion(question);
    const shown = withDocument(passage, document);
    const c = nearMissCandidates(q, [shown], shown);
    expect(c).toMatchObject(expected);
    for (const v of Object.values(c)) {
      expect(v).toBeGreaterThanOrEqual(0);
      expect(v).toBeLessThanOrEqual(1);
    }
  });

  test.each([
    // the make-up exam is named in another clause of the same document: the fee shown is a neighbour's
    [
      'qualifier in another clause',
      'สอบชดเชยต้องชำระค่าธรรมเนียมกี่บาท',
      'ข้อ ๒๑ ขอตรวจสอบผลการสอบ ชำระค่าธรรมเนียม ๒๐๐ บาท',
      'ข้อ ๙ การสอบชดเชย ยื่นคำร้องต่อคณบดี\nข้อ ๒๑ ขอตรวจสอบผลการสอบ ชำระค่าธรรมเนียม ๒๐๐ บาท',
      1,
    ],
    ['qualifier in the clause', 'สอบชดเชยต้องชำระค่าธรรมเนียมกี่บาท', 'ข้อ ๙ การสอบชดเชย ชำระค่าธรรมเนียม ๑๐๐ บาท', 'ข้อ ๙ การสอบชดเชย ชำระค่าธรรมเนียม ๑๐๐ บาท', 0],
  ])('%s', (_, question, passage, document, expected) => {
    const q = readQuestion(question);
    const shown = withDocument(passage, document);
    const c = nearMissCandidates(q, [shown], shown);
    expect(c.neighbourClause).toBe(expected);
    expect(c.headMiss).toBe(expected);
    expect(c.missCount > 0).toBe(expected === 1);
  });

  test('a word another retrieved document writes is not missing from the library', () => {
    const q = readQuestion('ค่าหอพักเท่าไร');
    const shown = withDocument(fees, fees);
    const dorm = withDocument('ค่าหอพักภาคการศึกษาละ ๔,๐๐๐ บาท', 'ประกาศหอพัก ค่าหอพักภาคการศึกษาละ ๔,๐๐๐ บาท', 'dorm');
    expect(nearMissCandidates(q, [shown], shown).retrievedMiss).toBeGreaterThan(0.5);
    expect(nearMissCandidates(q, [shown, dorm], shown).retrievedMiss).toBe(0);
  });
});

describe('an amount that belongs to another head noun', () => {
  const filler = 'ก'.repeat(200);
  test.each([
    ['amount beside the head word', `ค่าปรับ ๑๐๐ บาท ${filler} ค่าหอพัก`, 'ค่าปรับเท่าไร', 0],
    ['amount only far from the head word', `ค่าปรับ ${filler} ค่าบัตร ๑๐๐ บาท`, 'ค่าปรับกี่บาท', 1],
    ['no amount at all (typeMatch says so already)', `ค่าปรับ ${filler}`, 'ค่าปรับกี่บาท', 0],
    ['the question asks no kind', `ค่าปรับ ${filler} ๑๐๐ บาท`, 'ค่าปรับ', 0],
  ])('%s', (_, passage, question, expected) => {
    // typeFar reads folded text (Arabic digits), as nearMissCandidates passes it
    expect(typeFar(readQuestion(question), fold(passage))).toBe(expected);
  });
});
