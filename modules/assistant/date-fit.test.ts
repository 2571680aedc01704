import { describe, expect, test } from 'bun:test';
import { dateFits, questionDays } from './date-fit';

// the refund table of our conduct eval set's fee announcement (scripts/eval/data/conduct/fee-refund-2568.txt)
const rows = {
  before: 'ก่อนวันเปิดภาคการศึกษา | ถึงวันที่ ๘ มิถุนายน ๒๕๖๘ | ร้อยละ ๑๐๐',
  weeks12: 'สัปดาห์ที่ ๑ – ๒ | ๙ – ๒๒ มิถุนายน ๒๕๖๘ | ร้อยละ ๗๕',
  weeks34: 'สัปดาห์ที่ ๓ – ๔ | ๒๓ มิถุนายน – ๖ กรกฎาคม ๒๕๖๘ | ร้อยละ ๕๐',
  after: 'ตั้งแต่สัปดาห์ที่ ๙ เป็นต้นไป | ตั้งแต่วันที่ ๔ สิงหาคม ๒๕๖๘ | ไม่คืนเงิน',
};

describe('the day a question names, placed in the periods of a table', () => {
  test('the question names one day, abbreviated month and a two-digit Buddhist-era year', () => {
    expect(questionDays('ถ้าถอนทุกวิชาวันที่ 25 มิ.ย. 68 จะได้เงินคืนกี่เปอร์เซ็นต์')).toEqual([{ day: { day: 25, month: 6, yearBE: 2568 }, yearGiven: true }]);
    expect(questionDays('ถอนได้ถึงวันไหน')).toEqual([]);
  });

  test('exactly one row covers it: a cross-month range, not the same-month range or the open-ended ones', () => {
    const [day] = questionDays('ถอนวันที่ 25 มิ.ย. 68');
    expect(Object.entries(rows).filter(([, r]) => dateFits(r, day!))).toEqual([['weeks34', rows.weeks34]]);
  });

  test('"ถึงวันที่" bounds a period from above, "ตั้งแต่วันที่" from below; a day without a year matches any year', () => {
    const [early] = questionDays('ยื่นวันที่ 1 มิถุนายน 2568');
    expect(dateFits(rows.before, early!)).toBe(true);
    expect(dateFits(rows.weeks12, early!)).toBe(false);
    const [late] = questionDays('ยื่นวันที่ 10 ส.ค.');
    expect(late!.yearGiven).toBe(false);
    expect(dateFits(rows.after, late!)).toBe(true);
    expect(dateFits(rows.weeks34, late!)).toBe(false);
  });

  test('a piece without a date says nothing', () => {
    expect(dateFits('มหาวิทยาลัยจะหักค่าดำเนินการ ๒๐๐ บาท', questionDays('วันที่ 25 มิ.ย. 68')[0]!)).toBeNull();
  });
});
