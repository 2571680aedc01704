import { describe, expect, test } from 'bun:test';
import { charGrams, codePointLength, foldThaiDigits, lineTokens, segmentWords, toIndexTokens } from './tokens.ts';

describe('tokens', () => {
  test('folds Thai digits to ASCII', () => {
    expect(foldThaiDigits('ข้อ ๑๒ วันที่ ๒๘/๐๒/๒๕๖๗')).toBe('ข้อ 12 วันที่ 28/02/2567');
  });

  test('splits Thai words, lowercases, drops punctuation and folds digits', () => {
    const words = segmentWords('องค์กรนักศึกษาต้องเสนอโครงการ (ล่วงหน้า) ๓๐ วัน “Student” 20,000 บาท');
    expect(words).toContain('องค์กร');
    expect(words).toContain('นักศึกษา');
    expect(words).toContain('โครงการ');
    expect(words).toContain('30');
    expect(words).toContain('20000');
    expect(words).toContain('student');
    expect(words.some((w) => /[()“”]/.test(w))).toBe(false);
  });

  test("a typed particle does not cut the word before it (before: 'กี่ | บา | ทอ่ะ', 'แล้ | วอ่ะ', 'เห | รอ')", () => {
    expect(segmentWords('กี่บาทอ่ะค่ะ')).toEqual(['กี่', 'บาท', 'อ่ะ', 'ค่ะ']);
    expect(segmentWords('คะแนนเหลือ 18 แล้วอ่ะ')).toContain('แล้ว');
    expect(segmentWords('จะโดนไหมอ่ะ')).toContain('ไหม');
    expect(segmentWords('แล้วงี้ต้องทำไง').slice(0, 2)).toEqual(['แล้ว', 'งี้']);
    expect(segmentWords('ลาพักได้จริงเหรอคะ')).toEqual(['ลา', 'พัก', 'ได้', 'จริง', 'หรือ', 'คะ']);
    // only where it ends a phrase, and never the end of a common word
    expect(segmentWords('อะไรคือศิลปะ')).toEqual(['อะไร', 'คือ', 'ศิลปะ']);
    expect(segmentWords('สภาวะ')).not.toContain('วะ');
    expect(segmentWords('ขาดเรียนไปเยอะ อาจารย์บอก')).toContain('เยอะ'); // before: 'ไปเย | อะ'
    expect(segmentWords('ไปกันเถอะ')).toContain('เถอะ');
    // "เท่าไหร่" is "เท่าไร" (not "เท่า", times); an abbreviation's dot ends it, "พ.ศ." keeps its own
    expect(segmentWords('ค่าปรับเท่าไหร่')).toEqual(segmentWords('ค่าปรับเท่าไร'));
    expect(segmentWords('ขอใบรับรองการเป็นนศ.ยังไง')).toEqual(expect.arrayContaining(['นศ', 'ยัง']));
    expect(segmentWords('พ.ศ.๒๕๖๘')).toEqual(['พ.ศ', '2568']);
  });

  // ฯ shortens a name and is no letter of the word before it (before: "สาขาวิชาฯ" was "สาขา | วิ | ชาฯ", "ทะเบียนฯ"
  // "ทะ | เบียนฯ"); ฯลฯ ("and so on") stays as written
  test.each([
    ['สาขาวิชาฯ แต่งตั้ง', ['สาขา', 'วิชา', 'แต่ง', 'ตั้ง']],
    ['งานทะเบียนฯ', ['งาน', 'ทะเบียน']],
    ['คณะกรรมการฯ', ['คณะ', 'กรรมการ']],
    ['มหาวิทยาลัยฯ กำหนด', ['มหาวิทยาลัย', 'กำหนด']],
    ['กรุงเทพฯ', ['กรุงเทพ']],
    ['อาหาร ขนม ฯลฯ', ['อาหาร', 'ขนม', 'ฯลฯ']],
  ])('ฯ ends the word before it: %s', (text, words) => {
    expect(segmentWords(text)).toEqual(words);
    expect(charGrams(text).some((g) => g.includes('ฯ'))).toBe(text.includes('ฯลฯ'));
  });

  test('character trigrams are marked and do not cross spaces', () => {
    const grams = charGrams('กขคง จฉ');
    expect(grams).toEqual(['#กขค', '#ขคง', '#จฉ']);
  });

  test('index tokens contain words and grams, single-space separated', () => {
    const tokens = toIndexTokens('ข้อ ๕ การอนุมัติโครงการ').split(' ');
    expect(tokens).toContain('5');
    expect(tokens).toContain('โครงการ');
    expect(tokens.some((t) => t.startsWith('#'))).toBe(true);
    expect(tokens.every((t) => t.length > 0)).toBe(true);
  });

  test('code points are counted without splitting surrogate pairs', () => {
    expect(codePointLength('')).toBe(0);
    expect(codePointLength('ข้อ')).toBe(3);
    expect(codePointLength('a😀b')).toBe(3);
    expect(codePointLength('กิจกรรม𠀀')).toBe(Array.from('กิจกรรม𠀀').length);
  });

  test('a text tokenised line by line has the tokens it has whole; a line met again is read from the memo', () => {
    const multiset = (tokens: string) => tokens.split(' ').filter(Boolean).sort();
    const clause = 'ข้อ ๑๒ นักศึกษาต้องชำระค่าธรรมเนียมการศึกษา ภาคการศึกษาละ ๘,๐๐๐ บาท';
    const page = `ระเบียบมหาวิทยาลัย ว่าด้วยการเงิน พ.ศ. ๒๕๖๖\n${clause}\n\nภายในวันที่ 3/7/2568 รบกวน\nขอผ่อนผัน “Student” ได้ไหมอ่ะ`;
    const memo = new Map<string, string>();
    const tokens = lineTokens(memo);
    expect(multiset(tokens(clause))).toEqual(multiset(toIndexTokens(clause)));
    expect(memo.size).toBe(1);
    expect(multiset(tokens(page))).toEqual(multiset(toIndexTokens(page)));
    // the clause's line was tokenised once; the page's blank line is not a line of tokens
    expect(memo.size).toBe(4);
  });
});
