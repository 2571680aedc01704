import { describe, expect, test } from 'bun:test';
import { findCheckSpans } from './check-spans.ts';
import { markImprobable } from './improbable-digits.ts';

const kinds = (text: string) => markImprobable(text, findCheckSpans(text)).map((s) => [text.slice(s.start, s.end), s.kind]);

describe('improbable OCR digits', () => {
  test("a year far from the document's own years is suspect; its neighbours are not", () => {
    const text = 'ประกาศ ณ วันที่ ๑๕ มกราคม พ.ศ. ๒๕๖๗\nข้อ ๒ ให้ใช้ตั้งแต่ปีการศึกษา ๒๕๖๗\nแก้ไขเมื่อ พ.ศ. ๒๕๖๖\nออกเมื่อ พ.ศ. ๒๕๒๓';
    const k = kinds(text);
    expect(k).toContainEqual(['พ.ศ. ๒๕๒๓', 'suspect']);
    expect(k).toContainEqual(['๑๕ มกราคม พ.ศ. ๒๕๖๗', 'date']);
    expect(k).toContainEqual(['พ.ศ. ๒๕๖๖', 'date']);
  });

  test('a day of month above 31 is suspect', () => {
    const k = kinds('ภายในวันที่ ๓๕ มีนาคม ๒๕๖๗ และวันที่ 28 ก.พ. 2567');
    expect(k).toContainEqual(['๓๕ มีนาคม ๒๕๖๗', 'suspect']);
    expect(k.find(([t]) => t.startsWith('28'))?.[1]).toBe('date');
  });

  test('with too few years to know the usual one, years are left as they are', () => {
    expect(kinds('ออกเมื่อ พ.ศ. ๒๕๒๓').map(([, kind]) => kind)).toEqual(['date']);
  });
});

describe('improbable OCR digits: the parts of a date and of an amount', () => {
  test('a day beyond the month it names is suspect (๓๐ กุมภาพันธ์, ๓๑ เมษายน); ๒๙ ก.พ. and ๓๑ มีนาคม are not', () => {
    const k = kinds('เมื่อวันที่ ๓๐ กุมภาพันธ์ ๒๕๖๗ วันที่ ๓๑ เม.ย. ๒๕๖๗ วันที่ ๒๙ ก.พ. ๒๕๖๗ วันที่ ๓๑ มีนาคม ๒๕๖๗');
    expect(k).toContainEqual(['๓๐ กุมภาพันธ์ ๒๕๖๗', 'suspect']);
    expect(k).toContainEqual(['๓๑ เม.ย. ๒๕๖๗', 'suspect']);
    expect(k).toContainEqual(['๒๙ ก.พ. ๒๕๖๗', 'date']);
    expect(k).toContainEqual(['๓๑ มีนาคม ๒๕๖๗', 'date']);
  });

  test('a year of three digits after พ.ศ. lost a digit', () => {
    expect(kinds('ประกาศ ณ วันที่ ๑๕ มีนาคม พ.ศ. ๒๕๖ และ พ.ศ. ๒๕๖๗')).toEqual([
      ['๑๕ มีนาคม พ.ศ. ๒๕๖', 'suspect'],
      ['พ.ศ. ๒๕๖๗', 'date'],
    ]);
  });

  test('an amount whose comma groups are not threes is suspect; ๒๐,๐๐๐ and 1,250,000 are not', () => {
    const k = kinds('วงเงิน ๒๐,๐๐ บาท วงเงิน ๒๐,๐๐๐ บาท และ 1,250,000 บาท ครั้งที่ ๓/๒๕๖๗');
    expect(k).toContainEqual(['๒๐,๐๐', 'suspect']);
    expect(k).toContainEqual(['๒๐,๐๐๐', 'number']);
    expect(k).toContainEqual(['1,250,000', 'number']);
    expect(k).toContainEqual(['๓/๒๕๖๗', 'number']);
  });
});
