import { describe, expect, test } from 'bun:test';
import { joinCutWords } from './ocr-spaces.ts';

describe('spaces OCR put inside a word', () => {
  test('a space that cut a word is dropped (our scans)', () => {
    expect(joinCutWords('เพื่อปฏิ บัติตามระ เบียบนี้')).toBe('เพื่อปฏิบัติตามระเบียบนี้');
    expect(joinCutWords('นักศึกษาระ ดับบัณฑิตศึกษา')).toBe('นักศึกษาระดับบัณฑิตศึกษา');
    expect(joinCutWords('ข้อ ๗ ประ ตูหอพักปิด')).toBe('ข้อ ๗ ประตูหอพักปิด');
  });

  test('spaces between phrases, words, names and abbreviations stay', () => {
    for (const text of [
      'ว่าด้วยวินัยนักศึกษา พ.ศ. ๒๕๖๘ ให้ใช้บังคับ',
      'หมายความว่า การกระทำใด ๆ เพื่อให้ตนเองได้คะแนน',
      'เด็กอายุยังไม่เกินสิบสองปี กระทำการอันกฎหมายบัญญัติเป็นความผิด',
      'ประจำเดือนพฤศจิกายน พ.ศ. ๒๕๖๘',
      'ในขณะที่ จอช นอร์แมน และกัปตันแดเนียล วูดริฟ',
      'เกิดขึ้นใน ปี ๒๕๖๘',
    ])
      expect(joinCutWords(text)).toBe(text);
  });
});
