import { describe, expect, test } from 'bun:test';
import { definitionsAfterRules, isDefinitions } from './definitions-clause.ts';
import { temporaryIndex } from '../index/test-index.ts';
import { hit } from './test-hit.ts';

const TITLE = 'ระเบียบมหาวิทยาลัย ว่าด้วยการใช้ห้องปฏิบัติการ';
const DEFINITIONS =
  'ข้อ ๓ ในระเบียบนี้ “นักศึกษา” หมายความว่า นักศึกษาระดับปริญญาตรีและบัณฑิตศึกษา “ภาคการศึกษา” หมายความว่า ภาคการศึกษาปกติและภาคฤดูร้อน “ห้องปฏิบัติการ” หมายความว่า ห้องปฏิบัติการของคณะ';
const RULE = 'ข้อ ๗ นักศึกษาที่ขอใช้ห้องปฏิบัติการนอกเวลาราชการ ให้ยื่นคำขอต่อหัวหน้าภาควิชาล่วงหน้าไม่น้อยกว่าสามวันทำการ';
const OTHER = 'ข้อ ๘ ผู้ใช้ห้องต้องบันทึกการใช้เครื่องมือทุกครั้ง และคืนกุญแจภายในวันเดียวกัน';

describe('a definitions clause', () => {
  test('defines two terms or more; one "หมายถึง" inside a rule is not one', () => {
    expect(isDefinitions(DEFINITIONS)).toBe(true);
    expect(isDefinitions('ข้อ ๙ ค่าปรับตามข้อนี้ หมายถึง ค่าปรับต่อวัน ให้ชำระที่กองคลัง')).toBe(false);
    expect(isDefinitions(RULE)).toBe(false);
  });

  const index = temporaryIndex([{ documentId: 'lab', title: TITLE, text: [DEFINITIONS, RULE, OTHER].join('\n') }]);

  test("ranks after the rule that answers, though it holds more of the question's general words (before: first)", async () => {
    const hits = await index().search('นักศึกษาปริญญาตรีจะใช้ห้องปฏิบัติการนอกเวลาในภาคการศึกษานี้ ต้องยื่นขอใคร', { k: 3 });
    expect(hits[0].headingPath.at(-1)).toBe('ข้อ ๗');
  });

  test('keeps its place when the question asks what a word means or takes in', async () => {
    const close = [hit(DEFINITIONS, 10), hit(RULE, 9)];
    for (const q of ['ภาคการศึกษาในระเบียบนี้หมายถึงอะไร', 'ภาคการศึกษานับรวมภาคฤดูร้อนด้วยไหม', 'คำว่านักศึกษาในระเบียบนี้ครอบคลุมใคร'])
      expect(definitionsAfterRules(q, close).map((h) => h.text)).toEqual([DEFINITIONS, RULE]);
    const ruleFirst = definitionsAfterRules('ภาคฤดูร้อนใช้ห้องปฏิบัติการได้ไหม', close);
    expect(ruleFirst.map((h) => h.text)).toEqual([RULE, DEFINITIONS]);
    // the evidence still weighs it as a competitor by what it matched
    expect(ruleFirst[1]).toMatchObject({ score: 8, matchScore: 10 });
    const hits = await index().search('ภาคการศึกษาในระเบียบนี้หมายถึงอะไร', { k: 3 });
    expect(hits[0].headingPath.at(-1)).toBe('ข้อ ๓');
  });
});
