import { describe, expect, test } from 'bun:test';
import { characterErrorRate, digitAccuracy } from './cer.ts';

describe('OCR accuracy measures', () => {
  test('digit accuracy counts each reference digit read as that digit, wherever the letters around it went', () => {
    const truth = 'ข้อ ๑๘ วันที่ ๒๘ กุมภาพันธ์ พ.ศ. ๒๕๖๗ เงิน 1,500 บาท';
    expect(digitAccuracy(truth, truth)).toEqual({ correct: 12, total: 12, rate: 1 });
    // ๑๘→๑๕ and ๒๕๖๗→๒๕๒๓: three digits wrong; a lost letter elsewhere does not count.
    const ocr = 'ข้อ ๑๕ วันที ๒๘ กุมภาพันธ์ พ.ศ. ๒๕๒๓ เงิน 1,500 บาท';
    const r = digitAccuracy(ocr, truth);
    expect(r).toMatchObject({ correct: 9, total: 12 });
    expect(r.rate).toBeCloseTo(9 / 12);
    expect(digitAccuracy('ข้อ', 'ข้อ ๑')).toMatchObject({ correct: 0, total: 1, rate: 0 });
    expect(digitAccuracy('ไม่มี', 'ไม่มี').rate).toBe(1);
  });

  test('CER ignores whitespace and counts edits', () => {
    expect(characterErrorRate('ข้อ ๑', 'ข้อ๑')).toBe(0);
    expect(characterErrorRate('ขอ', 'ข้อ')).toBeCloseTo(1 / 3);
  });
});
