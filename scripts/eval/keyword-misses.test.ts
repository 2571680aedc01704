import { describe, expect, test } from 'bun:test';
import { formatMisses, keywordMisses, questionBucket } from './keyword-misses';

const sources = {
  answer: 'ตามระเบียบ ข้อ ๕ นักศึกษาต้องยื่นคำร้อง',
  cited: 'ข้อ ๕ นักศึกษาต้องยื่นคำร้อง\nภายใน ๑๕ วัน',
  siblings: ['(๑) ค่าธรรมเนียม ๒,๐๐๐ บาท'],
  page: 'ข้อ ๕ … ลงนามโดยอธิการบดี',
  document: ['ข้อ ๙ ให้คณบดีเป็นผู้รักษาการ'],
};

describe('keywordMisses: where a keyword the answer lacks is found, nearest first', () => {
  test.each([
    ['15 วัน', 'quote'],
    ['2000 บาท', 'sibling'],
    ['อธิการบดี', 'page'],
    ['คณบดี', 'document'],
    ['30 วัน', 'absent'],
  ])('%s → %s', (keyword, bucket) => {
    expect(keywordMisses([keyword], {}, sources).map((m) => m.bucket)).toEqual([bucket as never]);
  });

  test('a keyword the answer holds, or one of its alternatives, is no miss', () => {
    expect(keywordMisses(['ยื่นคำร้อง', 'ร้อยละ 80'], { 'ร้อยละ 80': ['ยื่น'] }, sources)).toEqual([]);
  });

  test('an absent keyword is told apart: spelled otherwise on the page, its number on the page, neither', () => {
    const src = { ...sources, page: 'ดาเนินการภายใน ๓๐ วันทาการ' };
    const kinds = keywordMisses(['ดำเนินการ', '30 วันทำการ', 'ผู้ปกครอง'], {}, src).map((m) => m.absentKind);
    expect(kinds).toEqual(['spelled', 'spelled', 'words']);
    expect(keywordMisses(['30 วันปฏิทิน'], {}, src)[0]!.absentKind).toBe('number');
  });

  test('a miss the answer holds once tone marks and ำ are folded is marked loose', () => {
    const misses = keywordMisses(['ไม่มีสิทธิ์สอบ'], {}, { ...sources, answer: 'ไม่มีสิทธิสอบ' });
    expect(misses[0]!.loose).toBe(true);
  });
});

describe('questionBucket and formatMisses', () => {
  test('a question counts where its farthest keyword is', () => {
    expect(questionBucket(keywordMisses(['15 วัน', 'คณบดี'], {}, sources))).toBe('document');
    expect(questionBucket([])).toBeNull();
  });

  test('held questions are counted, never named', () => {
    const records = [{ id: 'held-1', misses: keywordMisses(['15 วัน'], {}, sources) }];
    const text = formatMisses('union', records, [100, 200, 900], () => false);
    expect(text).toContain('quote 1');
    expect(text).toContain('median 200, p90 900');
    expect(text).not.toContain('held-1');
  });
});
