import { describe, expect, test } from 'bun:test';
import { splitPages } from './pages';

describe('splitPages', () => {
  test('form feeds separate pages; empty pages are dropped', () => {
    expect(splitPages('ก\fข\n\f\fค')).toEqual([
      { page: 1, content: 'ก' },
      { page: 2, content: 'ข' },
      { page: 3, content: 'ค' },
    ]);
  });
  test('marker lines such as "--- หน้า 2 ---" or "[Page 3]" separate pages', () => {
    expect(splitPages('ข้อ ๑ ก\n\n--- หน้า ๒ ---\n\nข้อ ๒ ข\n[Page 3]\nข้อ ๓ ค').map((p) => p.content)).toEqual(['ข้อ ๑ ก', 'ข้อ ๒ ข', 'ข้อ ๓ ค']);
  });
  test('plain text with blank lines stays one page; blank text has none', () => {
    expect(splitPages('ย่อหน้า ๑\n\nย่อหน้า ๒ หน้าที่ของนักศึกษา')).toEqual([{ page: 1, content: 'ย่อหน้า ๑\n\nย่อหน้า ๒ หน้าที่ของนักศึกษา' }]);
    expect(splitPages('  \n ')).toEqual([]);
  });
});
