import { describe, expect, test } from 'bun:test';
import { thaiWordsToNumber } from '../../../src/thai/numbers';
import { bahtText, formatThaiAmount, formatThaiDate, thaiDayOf, toArabicDigits, toThaiDigits } from './thai';

describe('bahtText', () => {
  const cases: Array<[number, string]> = [
    [0, 'ศูนย์บาทถ้วน'],
    [1, 'หนึ่งบาทถ้วน'],
    [10, 'สิบบาทถ้วน'],
    [11, 'สิบเอ็ดบาทถ้วน'],
    [20, 'ยี่สิบบาทถ้วน'],
    [21, 'ยี่สิบเอ็ดบาทถ้วน'],
    [101, 'หนึ่งร้อยเอ็ดบาทถ้วน'],
    [110, 'หนึ่งร้อยสิบบาทถ้วน'],
    [1001, 'หนึ่งพันเอ็ดบาทถ้วน'],
    [20_000, 'สองหมื่นบาทถ้วน'],
    [100_000, 'หนึ่งแสนบาทถ้วน'],
    [150_000, 'หนึ่งแสนห้าหมื่นบาทถ้วน'],
    [1_000_000, 'หนึ่งล้านบาทถ้วน'],
    [1_000_001, 'หนึ่งล้านหนึ่งบาทถ้วน'],
    [11_000_000, 'สิบเอ็ดล้านบาทถ้วน'],
    [21_000_021, 'ยี่สิบเอ็ดล้านยี่สิบเอ็ดบาทถ้วน'],
    [1_000_000_000_000, 'หนึ่งล้านล้านบาทถ้วน'],
    [1520.5, 'หนึ่งพันห้าร้อยยี่สิบบาทห้าสิบสตางค์'],
    [0.25, 'ยี่สิบห้าสตางค์'],
    [0.29, 'ยี่สิบเก้าสตางค์'],
    [12.01, 'สิบสองบาทหนึ่งสตางค์'],
    [25_000.75, 'สองหมื่นห้าพันบาทเจ็ดสิบห้าสตางค์'],
    [-5, 'ลบห้าบาทถ้วน'],
  ];
  for (const [n, want] of cases) test(`${n}`, () => expect(bahtText(n)).toBe(want));
  test('rejects non-finite amounts', () => expect(() => bahtText(Number.NaN)).toThrow());
  // the reader of number words (src/thai/numbers.ts) reads back every whole amount written here
  for (const [n, want] of cases.filter(([n]) => n > 0 && Number.isInteger(n)))
    test(`${n} read back`, () => expect(thaiWordsToNumber(want.replace(/บาทถ้วน$/, ''))).toBe(n));
});

describe('Thai numerals and Buddhist-era dates', () => {
  test('digits both ways', () => {
    expect(toThaiDigits('ข้อ 12 ปี 2568')).toBe('ข้อ ๑๒ ปี ๒๕๖๘');
    expect(toArabicDigits('๑๕,๐๐๐')).toBe('15,000');
    expect(formatThaiAmount(150000)).toBe('๑๕๐,๐๐๐');
    expect(formatThaiAmount(1520.5)).toBe('๑,๕๒๐.๕๐');
  });
  test('the date is the Thai calendar day, with year + 543', () => {
    // 2025-03-14 20:00 UTC is already 15 March in Bangkok
    expect(formatThaiDate(thaiDayOf(new Date('2025-03-14T20:00:00Z')))).toBe('๑๕ มีนาคม ๒๕๖๘');
    expect(formatThaiDate({ day: 1, month: 1, yearBE: 2569 })).toBe('๑ มกราคม ๒๕๖๙');
  });
});
