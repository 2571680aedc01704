// The Thai package's tables: one month table in three spellings, one digit fold.
import { describe, expect, test } from 'bun:test';
import { foldThaiDigits, THAI_DIGITS, toThaiDigits } from './digits';
import { FULL_MONTH_PATTERN, SHORT_MONTH_PATTERN, shortMonthSpellings, THAI_MONTHS, THAI_MONTHS_SHORT, THAI_MONTHS_SPOKEN } from './months';
import { NUMBER_IN_WORDS_TONELESS, THAI_DIGIT_WORDS, THAI_SCALE, thaiWordsToNumber } from './numbers';
import { withoutInvisible } from './invisible';
import { beforeName } from './spacing';

describe('digits', () => {
  test('fold both ways, everything else kept', () => {
    expect(foldThaiDigits('ข้อ ๑๒ วันที่ ๓๐/๙/๒๕๖๘')).toBe('ข้อ 12 วันที่ 30/9/2568');
    expect(toThaiDigits(2568)).toBe('๒๕๖๘');
    expect(toThaiDigits('ข้อ 7.5')).toBe('ข้อ ๗.๕');
    expect(foldThaiDigits(toThaiDigits('0123456789'))).toBe('0123456789');
    expect(THAI_DIGITS).toBe(toThaiDigits('0123456789'));
  });
});

describe('months', () => {
  test('twelve of each spelling, month 1 first', () => {
    for (const table of [THAI_MONTHS, THAI_MONTHS_SHORT, THAI_MONTHS_SPOKEN]) expect(table).toHaveLength(12);
    THAI_MONTHS_SPOKEN.forEach((spoken, i) => expect(THAI_MONTHS[i]!.startsWith(spoken)).toBe(true));
  });

  test('the patterns match what they name and nothing of another table', () => {
    const full = new RegExp(`^(?:${FULL_MONTH_PATTERN})$`);
    const short = new RegExp(`^(?:${SHORT_MONTH_PATTERN})$`);
    expect(THAI_MONTHS.every((m) => full.test(m))).toBe(true);
    expect(THAI_MONTHS_SHORT.every((m) => short.test(m))).toBe(true);
    expect(short.test('มxค.')).toBe(false);
  });

  test('an abbreviation as typed: spaced, last dot dropped, run together (not inside a word)', () => {
    const [dotted, together] = shortMonthSpellings(6).map((s) => new RegExp(`^(?:${s})`));
    expect(['มิ.ย.', 'มิ. ย.', 'มิ.ย'].every((s) => dotted!.test(s))).toBe(true);
    expect(together!.test('มิย 68')).toBe(true);
    expect(new RegExp(`^(?:${shortMonthSpellings(1)[1]})`).test('มคอ.๓')).toBe(false);
  });
});

describe('numbers', () => {
  test('scales and digit words by value', () => {
    expect(THAI_SCALE.หมื่น).toBe(10_000);
    expect(THAI_DIGIT_WORDS[5]).toBe('ห้า');
  });
});

describe('invisible format characters', () => {
  test.each([
    ['a word joined across a zero width space', 'โครง\u200bการ', 'โครงการ'],
    ['a soft hyphen inside a word', 'โครง\u00adการ', 'โครงการ'],
    ['a trailing byte order mark', 'วัน\ufeff', 'วัน'],
    ['a word joiner and an invisible separator', 'กี่\u2060วัน\u2063', 'กี่วัน'],
    ['joiners between letters', 'a\u200cb\u200dc', 'abc'],
    ['visible text kept as it is', 'ข้อ ๑๒ (1) ค่าธรรมเนียม', 'ข้อ ๑๒ (1) ค่าธรรมเนียม'],
  ])('%s', (_, text, expected) => {
    expect(withoutInvisible(text)).toBe(expected);
  });
});

describe('spacing before a name', () => {
  test.each([
    ['ตาม', 'ระเบียบมหาวิทยาลัย', 'ตามระเบียบมหาวิทยาลัย'],
    ['ตาม', 'regulation.pdf', 'ตาม regulation.pdf'],
    ['ตาม', '2iO_con_1540457403.pdf', 'ตาม 2iO_con_1540457403.pdf'],
    ['โครงการ', 'Smart Campus', 'โครงการ Smart Campus'],
    ['โครงการ', 'ค่ายอาสา', 'โครงการค่ายอาสา'],
    ['ยึดตาม', '“ประกาศ”', 'ยึดตาม “ประกาศ”'],
    ['โครงการ', '', 'โครงการ'],
  ])('%s + %s', (word, name, joined) => expect(beforeName(word, name)).toBe(joined));
});

describe('a number said in words', () => {
  test.each([
    ['สามหมื่น', 30_000],
    ['หนึ่งแสนห้าหมื่นสองพันห้าร้อยยี่สิบเอ็ด', 152_521],
    ['สองล้านห้าแสน', 2_500_000],
    ['ห้าสิบ', 50],
    ['สิบเอ็ด', 11],
    ['ยี่สิบ', 20],
    ['ร้อย', 100],
    ['ล้าน', 1_000_000],
    ['หนึ่งล้าน', 1_000_000],
    ['สิบล้าน', 10_000_000],
    ['หนึ่งร้อยล้าน', 100_000_000],
    ['ห้าแสน', 500_000],
    ['หนึงแสน', 100_000],
    ['หาพัน', 5_000],
    ['เก้า', 9],
  ])('%s is %d', (words, value) => {
    expect(thaiWordsToNumber(words)).toBe(value);
  });

  test.each([['ห้าหก'], ['สามารถ'], ['บาท'], ['']])('%s is no number', (words) => {
    expect(thaiWordsToNumber(words)).toBeNull();
  });

  test('the pattern without tone marks matches what a scan reads', () => {
    expect(new RegExp(`^${NUMBER_IN_WORDS_TONELESS}$`).test('หนึงลาน')).toBe(true);
  });
});
