import { describe, expect, test } from 'bun:test';
import { ThinkFilter } from './think-filter';

const run = (deltas: string[]) => {
  const f = new ThinkFilter();
  return deltas.map((d) => f.push(d)).join('') + f.end();
};

describe('ThinkFilter', () => {
  test('drops a thinking block, also when its tags arrive split across tokens', () => {
    expect(run(['<think>คิดก่อน</think>\n\nคำตอบคือ ๓๐ วัน'])).toBe('คำตอบคือ ๓๐ วัน');
    expect(run(['<th', 'ink>', 'ข้อ ๕ ว่า', 'อย่างไร</th', 'ink>', '\n', 'ต้องเสนอ', 'ล่วงหน้า ๓๐ วัน'])).toBe('ต้องเสนอล่วงหน้า ๓๐ วัน');
  });

  test('shows nothing of the thinking while it streams', () => {
    const f = new ThinkFilter();
    expect(f.push('<think>เหตุผล')).toBe('');
    expect(f.push('ยาวมาก <b>')).toBe('');
    expect(f.push('</think>ได้')).toBe('ได้');
  });

  test('text without a block passes through; a lone "<" is not swallowed', () => {
    expect(run(['ค่าปรับ ', '<', ' 100 บาท'])).toBe('ค่าปรับ < 100 บาท');
    expect(run(['a <thin'])).toBe('a <thin');
    expect(run(['ตอบ <b>ตัวหนา</b>'])).toBe('ตอบ <b>ตัวหนา</b>');
  });

  test('an unfinished block at the end leaves nothing of it', () => {
    expect(run(['<think>ยังคิดไม่จบ'])).toBe('');
  });
});
