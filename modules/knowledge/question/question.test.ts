// readQuestion against the table of expected readings (test-question-readings.ts): one case a question.
import { describe, expect, test } from 'bun:test';
import { readQuestion } from './question.ts';
import { READINGS } from './test-question-readings.ts';

describe('readQuestion', () => {
  test.each(READINGS.map((r) => [r.question, r] as const))('%s', (question, expected) => {
    const r = readQuestion(question);
    expect({
      question: r.text,
      focus: [...r.focus],
      kinds: r.kinds.map((k) => k.kind),
      asked: r.asked,
      list: r.list,
      counted: r.counted,
      stated: Object.fromEntries(r.stated),
      numbers: [...r.numbers],
      askedPart: r.askedPart,
      story: r.story,
      wording: r.wording,
    }).toEqual(expected);
  });

  test('the unit of a rate asked is read once: per year, per unit; a percentage is no rate', () => {
    expect(readQuestion('ทุนนี้ให้ปีละกี่ทุน').rateUnit).toBe('ปี');
    expect(readQuestion('ค่าไฟหอพักหน่วยละกี่บาท').rateUnit).toBe('หน่วย');
    expect(readQuestion('ต้องเข้าเรียนร้อยละเท่าไร').rateUnit).toBeNull();
    expect(readQuestion('ค่าหอเท่าไหร่').rateUnit).toBeNull();
  });

  test('a reading is a frozen value: nothing downstream edits the question', () => {
    expect(Object.isFrozen(readQuestion('ค่าเทอมเท่าไหร่'))).toBe(true);
  });
});

test('a question pasted with invisible format characters is read as the same question', () => {
  // before: "โครง\u00adการ" stayed one unknown word and a trailing byte order mark took "วัน" out of the focus
  const plain = readQuestion('ต้องเสนอโครงการล่วงหน้ากี่วัน');
  for (const pasted of ['ต้องเสนอโครง\u00adการล่วงหน้ากี่วัน\ufeff', 'ต้องเสนอ\u200bโครง\u200bการ\u200bล่วงหน้า\u200bกี่\u2060วัน']) {
    const read = readQuestion(pasted);
    expect(read.text).toBe(plain.text);
    expect(read.focus).toEqual(plain.focus);
    expect(read.kinds).toEqual(plain.kinds);
  }
});
