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
