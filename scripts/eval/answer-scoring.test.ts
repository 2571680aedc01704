import { describe, expect, test } from 'bun:test';
import { clauseOf, keywordsFound, normaliseForKeywords, referenceRight, scoreOne, type EvalQuery, type Outcome, type ProductReply } from './answer-scoring';
import { yesNoLeads } from './answer-leads';
import { changedOutcomes, summarise } from './answer-summary';
import { auroc, reliability } from './confidence-measures';

const ref = (file: string, headingPath: string[], page: number, text = '') => ({ file, headingPath, page, text });
const reply = (over: Partial<ProductReply>): ProductReply => ({ text: '', confidence: 50, fallback: false, references: [], ...over });
const regQ: EvalQuery = {
  id: 'q1',
  text: '?',
  kind: 'answer',
  gold_file: 'regulation.pdf',
  gold_clause: 'ข้อ 5',
  gold_page: 1,
  answer_keywords: ['30 วัน'],
  paraphrase: 'far',
};
const pageQ: EvalQuery = {
  id: 'q2',
  text: '?',
  kind: 'answer',
  gold_file: 'calendar.pdf',
  gold_clause: null,
  gold_page: 3,
  answer_keywords: ['25,000 บาท'],
  paraphrase: 'close',
};

describe('keywords', () => {
  test('Thai digits, whitespace and digit commas are normalised on both sides', () => {
    expect(normaliseForKeywords('ไม่น้อยกว่า ๓๐ วัน')).toBe('ไม่น้อยกว่า30วัน');
    expect(normaliseForKeywords('๒๕,๐๐๐ บาท, และ')).toBe('25000บาท,และ');
    expect(keywordsFound('ภายใน ๓๐ วัน ก่อนเริ่ม', ['30 วัน'])).toBe(true);
    expect(keywordsFound('เพดาน 25000บาท', ['25,000 บาท'])).toBe(true);
    expect(keywordsFound('ภายใน 3 วัน', ['30 วัน'])).toBe(false);
    expect(keywordsFound('สภานักศึกษา และชมรม', ['สภานักศึกษา', 'สโมสร'])).toBe(false);
  });

  test('a keyword may be met by one of its alternatives; every keyword is still needed', () => {
    const alt = { '80': ['ร้อยละแปดสิบ'], '3.60': ['3.6'] };
    expect(keywordsFound('ไม่น้อยกว่าร้อยละแปดสิบ', ['80'], alt)).toBe(true);
    expect(keywordsFound('ตั้งแต่ ๓.๖ และ 3.25', ['3.60', '3.25'], alt)).toBe(true);
    expect(keywordsFound('ตั้งแต่ 3.6', ['3.60', '3.25'], alt)).toBe(false);
    expect(keywordsFound('ร้อยละเจ็ดสิบ', ['80'], alt)).toBe(false);
  });
});

describe('references', () => {
  test('the clause comes from the innermost heading naming one, else from the chunk text', () => {
    expect(clauseOf(ref('r.pdf', ['ข้อบังคับ', 'หมวด ๒', 'ข้อ ๕'], 1))).toBe('ข้อ 5');
    expect(clauseOf(ref('r.pdf', ['ข้อบังคับ'], 1, 'ข้อ ๑๐ ให้อธิการบดีรักษาการ'))).toBe('ข้อ 10');
    expect(clauseOf(ref('r.pdf', ['ข้อบังคับ'], 1, 'ตามข้อ ๕ วรรคหนึ่ง'))).toBeNull();
  });

  test('a numbered item counts as ข้อ (README): the item the chunk opens with, else its section heading, never the title', () => {
    expect(clauseOf(ref('a.pdf', ['ประกาศ', '3. คุณสมบัติของผู้มีสิทธิ์รับทุน'], 1, 'เป็นผู้ที่สมัครเข้าศึกษา'))).toBe('ข้อ 3');
    expect(clauseOf(ref('a.pdf', ['ประกาศ', '๕. ปรัชญา'], 1, '๑๑.๓ หลักสูตรปริญญาตรีแบบก้าวหน้า'))).toBe('ข้อ 11');
    expect(clauseOf(ref('a.pdf', ['ประกาศ'], 1, '3.1.1 ผู้ที่เข้าศึกษาในระดับปริญญาโท'))).toBe('ข้อ 3');
    expect(clauseOf(ref('a.pdf', ['01. ข้อบังคับคลังหน่วยกิต 2563'], 1, 'การบันทึกผลการเรียน'))).toBeNull();
    expect(clauseOf(ref('a.pdf', ['ประกาศ'], 1, '2568 เป็นต้นไป'))).toBeNull();
    // a clause named anywhere still wins over an item
    expect(clauseOf(ref('a.pdf', ['ประกาศ', 'ข้อ ๗'], 1, '1. สำเนาบัตร'))).toBe('ข้อ 7');
  });

  test('gold clause: the file (or its alias) and the clause must both match; the page does not matter', () => {
    expect(referenceRight(regQ, ref('regulation.pdf', ['ข้อ ๕'], 2))).toBe(true);
    expect(referenceRight(regQ, ref('regulation.pdf', ['ข้อ ๕๐'], 1))).toBe(false);
    expect(referenceRight(regQ, ref('regulation.pdf', ['ข้อ ๖'], 1))).toBe(false);
    expect(referenceRight(regQ, ref('regulation.docx', ['ข้อ ๕'], 1))).toBe(false);
    expect(referenceRight(regQ, ref('regulation.docx', ['ข้อ ๕'], 1), { 'regulation.docx': 'regulation.pdf' })).toBe(true);
    expect(referenceRight(regQ, undefined)).toBe(false);
  });

  test('also_gold: citing another place that gives the same answer counts, at its clause or page', () => {
    const q: EvalQuery = {
      ...regQ,
      also_gold: [
        { file: 'notice.pdf', clause: 'ข้อ 34', page: 8 },
        { file: 'form.pdf', clause: null, page: 2 },
      ],
    };
    expect(referenceRight(q, ref('notice.pdf', ['ข้อ ๓๔'], 1))).toBe(true);
    expect(referenceRight(q, ref('notice.pdf', ['ข้อ ๕'], 8))).toBe(false);
    expect(referenceRight(q, ref('form.pdf', [], 2))).toBe(true);
    expect(referenceRight(q, ref('form.pdf', [], 1))).toBe(false);
    expect(referenceRight(q, ref('regulation.pdf', ['ข้อ ๕'], 1))).toBe(true);
  });

  test('no gold clause: the page decides', () => {
    expect(referenceRight(pageQ, ref('calendar.pdf', [], 3))).toBe(true);
    expect(referenceRight(pageQ, ref('calendar.pdf', [], 4))).toBe(false);
  });
});

describe('one question', () => {
  test('an answer is right only with the top reference and every keyword; later references do not count', () => {
    const good = scoreOne(regQ, reply({ text: 'ล่วงหน้า ๓๐ วัน', references: [ref('regulation.pdf', ['ข้อ ๕'], 1)] }));
    expect(good).toMatchObject({ refRight: true, keywordsRight: true, right: true, topRef: 'regulation.pdf ข้อ 5 p1' });
    const second = scoreOne(regQ, reply({ text: 'ล่วงหน้า ๓๐ วัน', references: [ref('regulation.pdf', ['ข้อ ๖'], 2), ref('regulation.pdf', ['ข้อ ๕'], 1)] }));
    expect(second).toMatchObject({ refRight: false, keywordsRight: true, right: false });
  });

  test('a fallback is wrong for an answer question (even if the message holds a keyword) and right otherwise', () => {
    const fb = reply({ text: 'ขออภัย 30 วัน', fallback: true, confidence: 12 });
    expect(scoreOne(regQ, fb)).toMatchObject({ right: false, keywordsRight: false, fallback: true });
    expect(scoreOne({ id: 'n', text: '?', kind: 'near_miss' }, fb).right).toBe(true);
    expect(scoreOne({ id: 'o', text: '?', kind: 'off_topic' }, reply({ text: 'x', references: [ref('a.pdf', [], 1)] })).right).toBe(false);
  });

  test("a yes/no question's lead is read off the first line and held against the document's answer", () => {
    const asked = (expected: EvalQuery['expected_yes_no']): EvalQuery => ({ ...regQ, question_type: 'yes_no', expected_yes_no: expected });
    const answer = (text: string) => reply({ text, references: [ref('regulation.pdf', ['ข้อ ๕'], 1)] });
    const permit = 'ได้ — ตามเงื่อนไขต่อไปนี้\n\nตาม ระเบียบ ข้อ ๕ …';
    expect(scoreOne(asked('no'), answer(permit)).lead).toEqual({ says: 'yes', agrees: false });
    expect(scoreOne(asked('conditional'), answer(permit)).lead).toEqual({ says: 'yes', agrees: true });
    expect(scoreOne(asked('no'), answer('ไม่ได้\n\nตาม ระเบียบ ข้อ ๕ ห้าม…')).lead).toEqual({ says: 'no', agrees: true });
    expect(scoreOne(asked('yes'), answer('ไม่ — ถูกยกเลิกแล้ว\n\nตาม …')).lead).toEqual({ says: 'no', agrees: false });
    // asked whether a thing is forbidden, "ใช่ — ห้าม" says yes
    expect(scoreOne(asked('yes'), answer('ใช่ — ห้าม\n\nตาม ระเบียบ ข้อ ๘ ห้ามมิให้…')).lead).toEqual({ says: 'yes', agrees: true });
    // a quote that answers alone leads with no verdict, though its text says ได้ further on
    expect(scoreOne(asked('yes'), answer('ตาม ระเบียบ ข้อ ๕ นักศึกษายืมได้ ๗ วัน')).lead).toEqual({ says: 'none', agrees: null });
    // no lead is read of a fallback, of another kind of question, or where the set gives no expected answer
    expect(scoreOne(asked('no'), reply({ text: 'ขออภัย', fallback: true })).lead).toBeUndefined();
    expect(scoreOne(regQ, answer(permit)).lead).toBeUndefined();
    expect(scoreOne(asked(null), answer(permit)).lead).toBeUndefined();
    const led = [asked('no'), asked('conditional'), asked('no')].map((q, i) => scoreOne(q, answer(i === 2 ? 'ไม่ได้\n…' : permit)));
    expect(yesNoLeads(led)).toEqual({ shown: 3, yes: { led: 2, agree: 1 }, no: { led: 1, agree: 1 } });
  });

  test("a count's, a date's or a person's lead is held against the keywords on its own", () => {
    const answer = (text: string) => scoreOne(regQ, reply({ text, references: [ref('regulation.pdf', ['ข้อ ๕'], 1)] }));
    // the quote is right, the lead names another figure: the answer is right, its lead is not
    const misled = answer('๗ วัน\n\nตาม ระเบียบ ข้อ ๕ ให้แจ้งล่วงหน้า ๓๐ วัน');
    expect(misled).toMatchObject({ right: true, leadHolds: false });
    expect(answer('๓๐ วัน\n\nตาม ระเบียบ ข้อ ๕ ให้แจ้งล่วงหน้า ๓๐ วัน').leadHolds).toBe(true);
    // no lead: the quote opens the answer; a yes/no verdict is read apart (lead)
    expect(answer('ตาม ระเบียบ ข้อ ๕ ให้แจ้งล่วงหน้า ๓๐ วัน\n\nหากต้องการ…').leadHolds).toBeUndefined();
    expect(answer('ไม่ได้\n\nตาม ระเบียบ ข้อ ๕ …').leadHolds).toBeUndefined();
    expect(summarise([misled]).directLeads).toEqual({ led: 1, holds: 0 });
  });
});

const outcome = (
  id: string,
  kind: Outcome['kind'],
  confidence: number,
  right: boolean,
  fallback = false,
  paraphrase: Outcome['paraphrase'] = null,
): Outcome => ({
  id,
  kind,
  paraphrase,
  confidence,
  fallback,
  right,
  refRight: right && kind === 'answer',
  keywordsRight: right && kind === 'answer',
  topRef: '-',
});

describe('confidence measures', () => {
  test('AUROC: perfect ranking 1, reversed 0, ties half, empty side null', () => {
    expect(auroc([90, 80], [10, 20])).toBe(1);
    expect(auroc([10], [90])).toBe(0);
    expect(auroc([50], [50])).toBe(0.5);
    expect(auroc([], [1])).toBeNull();
  });

  test('reliability bins by 10 points (100 in the top bin) and ECE weights each bin by its size', () => {
    const { bins, ece } = reliability([
      { confidence: 95, right: true },
      { confidence: 100, right: false },
      { confidence: 35, right: false },
      { confidence: 35, right: true },
    ]);
    expect(bins[9]).toMatchObject({ count: 2, right: 1, fractionRight: 0.5, meanConfidence: 97.5 });
    expect(bins[3]).toMatchObject({ count: 2, right: 1, meanConfidence: 35 });
    expect(bins[0]!.fractionRight).toBeNull();
    // (2/4)·|0.5−0.975| + (2/4)·|0.5−0.35|
    expect(ece!).toBeCloseTo(0.5 * 0.475 + 0.5 * 0.15, 10);
    expect(reliability([]).ece).toBeNull();
  });

  test('summary: rates per kind and paraphrase, high-band precision, AUROC over shown and over all', () => {
    const outcomes = [
      outcome('a1', 'answer', 95, true, false, 'close'),
      outcome('a2', 'answer', 90, false, false, 'far'),
      outcome('a3', 'answer', 10, false, true, 'far'),
      outcome('n1', 'near_miss', 85, false),
      outcome('n2', 'near_miss', 5, true, true),
      outcome('o1', 'off_topic', 3, true, true),
    ];
    const s = summarise(outcomes, 80);
    expect(s.answer).toEqual({ n: 3, ref: 1 / 3, keywords: 1 / 3, right: 1 / 3, fallback: 1 / 3 });
    expect(s.close.right).toBe(1);
    expect(s.far).toMatchObject({ n: 2, right: 0, fallback: 0.5 });
    expect(s.nearMiss).toMatchObject({ n: 2, fallback: 0.5, right: 0.5 });
    expect(s.offTopic.fallback).toBe(1);
    expect(s.shown).toBe(3);
    expect(s.highShown).toBe(3);
    // Only a1 is a right answer: an answered near-miss counts against precision.
    expect(s.highPrecision).toBeCloseTo(1 / 3, 10);
    expect(s.aurocShown).toBe(1);
    expect(s.aurocAll).toBe(1);
    // a1 and a2 of the three answerable questions are shown at >= 80
    expect(s.highShareOfAnswerable).toBeCloseTo(2 / 3, 10);
  });

  test('summary: answerable questions per source type and question type', () => {
    const withType = (o: Outcome, sourceType: string, questionType: string): Outcome => ({ ...o, sourceType, questionType });
    const s = summarise([
      withType(outcome('a1', 'answer', 95, true), 'scan', 'list'),
      withType(outcome('a2', 'answer', 10, false, true), 'scan', 'open'),
      withType(outcome('a3', 'answer', 60, true), 'text', 'open'),
      outcome('n1', 'near_miss', 5, true, true),
    ]);
    expect(s.bySource).toEqual({
      scan: { n: 2, ref: 0.5, keywords: 0.5, right: 0.5, fallback: 0.5 },
      text: { n: 1, ref: 1, keywords: 1, right: 1, fallback: 0 },
    });
    expect(Object.keys(s.byQuestionType)).toEqual(['list', 'open']);
    expect(s.byQuestionType.open!.n).toBe(2);
  });
});

test('changed outcomes list questions whose verdict or fallback differs between libraries', () => {
  const a = [outcome('x', 'answer', 10, false, true), outcome('y', 'answer', 90, true), outcome('z', 'near_miss', 5, true, true)];
  const b = [outcome('x', 'answer', 70, true), outcome('y', 'answer', 88, true), outcome('z', 'near_miss', 5, true, true)];
  expect(changedOutcomes(a, b).map((c) => c.id)).toEqual(['x']);
});
