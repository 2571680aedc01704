import { describe, expect, test } from 'bun:test';
import { otherYear } from './off-question.ts';

describe('otherYear: the passage is about another year than the one asked', () => {
  test('one year asked, the passage names only another one: fires', () => {
    expect(otherYear(['ค่าปรับ', '2568'], 'ประกาศ ปีการศึกษา 2569 ค่าปรับวันละ 5 บาท')).toBe(true);
  });
  test('the asked year is in the passage: does not fire', () => {
    expect(otherYear(['ค่าปรับ', '2568'], 'ประกาศ ปีการศึกษา 2568 แทนฉบับ 2567')).toBe(false);
  });
  test('several years asked, the passage names one of them: not another year (before: fired on the year it lacked)', () => {
    // graduated in 2560, received the 2561 letter, wants to move to 2562: the 2561 letter is what is asked about
    expect(otherYear(['จบ', '2560', '2561', '2562', 'เลื่อน'], 'การตรวจสอบรายชื่อบัณฑิต ประจำปี พ.ศ. 2561')).toBe(false);
  });
  test('several years asked, the passage names none of them but another: fires', () => {
    expect(otherYear(['2560', '2561'], 'ปฏิทินการศึกษา 2565')).toBe(true);
  });
  test('a term asked and another term named: fires; the asked term named: does not', () => {
    expect(otherYear(['1/2569'], 'ภาคการศึกษาที่ 2/2568 ชำระเงิน')).toBe(true);
    expect(otherYear(['1/2569', '2/2569'], 'ภาคการศึกษาที่ 2/2569 ชำระเงิน 1/2570')).toBe(false);
  });
});
