import { describe, expect, test } from 'bun:test';
import { evidenceFor as evidenceOf } from '../scoring/evidence.ts';
import { evidenceOrder as orderOf } from '../scoring/evidence-order.ts';
import type { SearchHit } from '../index/index-store.ts';
import { readQuestion } from './question.ts';
import { askedBound, boundBefore, bounded, statedNumbers } from './stated-number.ts';
import { hit } from '../scoring/test-hit.ts';

// the tests state questions as text: each is read as the assistant reads a turn's question
const evidenceFor = (q: string, hits: SearchHit[], passage?: SearchHit) => evidenceOf(readQuestion(q), hits, passage ?? hits[0]);
const evidenceOrder = (q: string, hits: SearchHit[]) => orderOf(readQuestion(q), hits);

const BANDS = [
  'ข้อ ๑๕ นักศึกษาที่มีคะแนนความประพฤติลดลง ให้ดำเนินการ ดังนี้',
  '(๑) ต่ำกว่า ๘๐ คะแนน แต่ไม่ต่ำกว่า ๖๐ คะแนน ให้แจ้งผู้ปกครองเป็นหนังสือ',
  '(๒) ต่ำกว่า ๖๐ คะแนน แต่ไม่ต่ำกว่า ๔๐ คะแนน ให้ทำทัณฑ์บน',
  '(๔) ต่ำกว่า ๒๐ คะแนน ให้ออก',
].join('\n');
// the look-alike: the same everyday words (คะแนน, ความประพฤติ), a cap rather than a band, and no bound 55 meets
const RESTORE = 'ข้อ ๑๔ นักศึกษาที่ถูกตัดคะแนนความประพฤติอาจขอคืนคะแนนความประพฤติได้ โดยเข้าร่วมกิจกรรมจิตอาสา แต่รวมแล้วไม่เกิน ๒๐ คะแนนต่อปีการศึกษา';

describe('a number the question states', () => {
  test('is read with the unit after it; years, terms, clauses, ordinals and dates are not stated numbers', () => {
    expect([...statedNumbers('คะแนนความประพฤติเหลือ 55 จะโดนอะไรไหม')]).toEqual([['55', { value: 55, unit: null }]]);
    expect([...statedNumbers('เกรดเฉลี่ยสะสม ๑.๘๒ จะติดโปรไหม')]).toEqual([['1.82', { value: 1.82, unit: null }]]);
    expect([...statedNumbers('ลาพักมาแล้ว 2 เทอม ค่าเทอม 20,000 บาท งบ 5 หมื่น')]).toEqual([
      ['2', { value: 2, unit: 'ภาค' }],
      ['20000', { value: 20000, unit: 'บาท' }],
      ['5', { value: 50000, unit: null }],
    ]);
    expect(statedNumbers('ข้อ 5 ปี 2568 เทอม 1/68 สัปดาห์ที่ 6 วันที่ 4 ปี 1 ใครชนะฟุตบอลโลกปี 2022 ค.ศ. 2019').size).toBe(0);
  });

  test('is taken in by a bound it meets, every bound of the item at once, in the same unit, not by a cap alone unless in its unit', () => {
    expect(bounded(BANDS, { value: 55, unit: null })).toBe(true); // (๒) ต่ำกว่า ๖๐ แต่ไม่ต่ำกว่า ๔๐
    expect(bounded(BANDS, { value: 18, unit: null })).toBe(true); // (๔) ต่ำกว่า ๒๐
    expect(bounded(BANDS, { value: 85, unit: null })).toBe(false); // above every band
    expect(bounded('ค่าเฉลี่ยสะสมต่ำกว่า ๒.๐๐ แต่ไม่ต่ำกว่า ๑.๕๐ ให้อยู่ในสถานภาพรอพินิจ', { value: 1.82, unit: null })).toBe(true);
    expect(bounded('ค่าเฉลี่ยสะสมต่ำกว่า ๒.๐๐ แต่ไม่ต่ำกว่า ๑.๕๐ ให้อยู่ในสถานภาพรอพินิจ', { value: 1.2, unit: null })).toBe(false);
    expect(bounded('มาสายเกิน ๓๐ นาที ไม่มีสิทธิ์เข้าสอบ', { value: 40, unit: 'นาที' })).toBe(true);
    expect(bounded('มาสายเกิน ๓๐ นาที ไม่มีสิทธิ์เข้าสอบ', { value: 40, unit: 'วัน' })).toBe(false); // another unit
    expect(bounded('เวลาเรียนไม่น้อยกว่าร้อยละ ๘๐', { value: 85, unit: '%' })).toBe(true);
    // a cap takes in a number in its own unit only: any small number is under it
    expect(bounded('ลาได้ครั้งละไม่เกิน ๒ ภาคการศึกษาติดต่อกัน', { value: 2, unit: 'ภาค' })).toBe(true);
    expect(bounded(RESTORE, { value: 18, unit: null })).toBe(false);
    expect(bounded('ค่าปรับค้างชำระตั้งแต่ ๒๐๐ บาทขึ้นไป จะถูกระงับสิทธิ์การยืม', { value: 250, unit: 'บาท' })).toBe(true);
    expect(bounded('เปิดให้ยื่นตั้งแต่ ๑๐ มิถุนายน', { value: 25, unit: null })).toBe(false); // a date, not a bound
    // a scan's OCR drops the tone marks
    expect(bounded('(๒) ตำกว่า ๖๐ คะแนน แต่ไม่ตำกว่า ๔๐ คะแนน ให้ทำทัณฑ์บน', { value: 55, unit: null })).toBe(true);
  });

  test('is covered by the clause whose bound it meets, which the evidence orders first (before: the look-alike first)', () => {
    const question = 'ตอนนี้คะแนนความประพฤติเหลือ 55 จะโดนอะไรมั้ยครับ';
    const hits = [hit(RESTORE, 10), hit(BANDS, 9)];
    expect(evidenceFor(question, hits, hits[1]).wordCover).toBeGreaterThan(evidenceFor(question, hits, hits[0]).wordCover);
    expect(evidenceOrder(question, hits)[0]!.text).toBe(BANDS);
    // the number is not foreign to the document that bounds it, whichever of its clauses is weighed
    const document = `${RESTORE}\n${BANDS}`;
    const inDocument = [hit(RESTORE, 10), hit(BANDS, 9)].map((h) => ({ ...h, documentText: document }));
    expect(evidenceFor(question, inDocument, inDocument[0]).foreign).toBeLessThan(
      evidenceFor(question, [{ ...hit(RESTORE, 10), documentText: RESTORE }]).foreign,
    );
    // with no number stated, the clauses tie on coverage and the text order stands
    expect(evidenceOrder('คะแนนความประพฤติเหลือเท่าไรจะโดนอะไร', hits)[0]!.text).toBe(RESTORE);
  });
});

describe('the bound a question asks of a count', () => {
  test.each([
    ['ต้องเรียนไม่น้อยกว่ากี่หน่วยกิต', 'least'],
    ['ต้องไปฝึกงานอย่างน้อยกี่ชั่วโมง', 'least'],
    ['ต้องทำจิตอาสาขั้นต่ำกี่ชั่วโมง', 'least'],
    ['ลงได้สูงสุดกี่หน่วยกิต', 'most'],
    ['เบิกได้ชิ้นละไม่เกินเท่าไหร่', 'most'],
    ['ยืมได้มากสุดกี่เล่ม', 'most'],
    ['ต้องยื่นล่วงหน้ากี่วัน', null],
    ['ขั้นต่ำและสูงสุดกี่คน', null],
  ] as const)('%s: %s', (question, bound) => {
    expect(askedBound(question)).toBe(bound);
    expect(readQuestion(question).bound).toBe(bound);
  });

  test('is read in the text right before a figure, across a table cell, OCR without tone marks too', () => {
    const at = (text: string, figure: string) => boundBefore(text, text.indexOf(figure));
    expect(at('ลงทะเบียนไม่น้อยกว่า ๙ หน่วยกิต', '๙')).toBe('least');
    expect(at('วิชาเฉพาะเลือก | ไม่น้อยกว่า | 18 หน่วยกิต', '18')).toBe('least');
    expect(at('ไม่เกิน ๒๒ หน่วยกิต', '๒๒')).toBe('most');
    expect(at('ไมเกิน ๒๒ หน่วยกิต', '๒๒')).toBe('most');
    expect(at('ต้องได้คะแนนต่ำกว่า ๖๐ คะแนน', '๖๐')).toBeNull();
    expect(at('ภายใน ๓๐ วัน', '๓๐')).toBeNull();
  });
});
