import { describe, expect, test } from 'bun:test';
import { markPages, splitPages } from './pages';
import { joinPages } from '../../web/islands/console/format';

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
  test('a marker names the page that follows it; markers that do not count upwards only separate', () => {
    expect(splitPages('ข้อ ๑\n\n--- หน้า ๓ ---\n\nข้อ ๙\n\n--- หน้า 4 ---\n\nข้อ ๑๐')).toEqual([
      { page: 1, content: 'ข้อ ๑' },
      { page: 3, content: 'ข้อ ๙' },
      { page: 4, content: 'ข้อ ๑๐' },
    ]);
    // footers: "หน้า 1" closes page 1, "หน้า 2" closes page 2
    expect(splitPages('ก\nหน้า 1\nข\nหน้า 2\n')).toEqual([
      { page: 1, content: 'ก' },
      { page: 2, content: 'ข' },
    ]);
  });
});

describe('page numbers survive the console', () => {
  const pages = [
    { page: 1, text: 'ข้อ ๑ ให้ใช้ระเบียบนี้' },
    { page: 2, text: 'ข้อ ๕ เสนอโครงการล่วงหน้า ๓๐ วัน' },
    { page: 3, text: 'ข้อ ๙ วันที่ ๑ มกราคม ๒๕๖๗' },
  ];
  test('extracted text (markPages) saved as is splits back into the same pages', () => {
    expect(splitPages(markPages(pages).text)).toEqual(pages.map((p) => ({ page: p.page, content: p.text })));
    expect(markPages([pages[0]!]).text).toBe(pages[0]!.text); // one page: no marker
  });
  test('check spans move with their page', () => {
    const plain = pages.map((p) => p.text).join('\n\n');
    const at = (needle: string) => ({ start: plain.indexOf(needle), end: plain.indexOf(needle) + needle.length, kind: 'number' as const });
    const marked = markPages(pages, [at('๓๐'), at('๒๕๖๗')]);
    expect(marked.spans.map((s) => marked.text.slice(s.start, s.end))).toEqual(['๓๐', '๒๕๖๗']);
  });
  test('the edit form (stored pages joined by the console) saves the same pages back', () => {
    const stored = [
      { pageNumber: 1, pageContent: 'ก' },
      { pageNumber: 2, pageContent: 'ข' },
      { pageNumber: 5, pageContent: 'ค' },
    ];
    expect(splitPages(joinPages(stored))).toEqual([
      { page: 1, content: 'ก' },
      { page: 2, content: 'ข' },
      { page: 5, content: 'ค' },
    ]);
  });
});

// The reviewed text is an admin's (up to MAX_CONTENTS), read on the server's thread: two runs of spaces side by side
// in the page marker split a long line of spaces every way there is (200,000 spaces took over a minute).
test('a line of spaces is read in one pass, and a marker after it still starts a page', () => {
  const pages = splitPages(`หน้าแรก${' '.repeat(200_000)}x\n--- หน้า 2 ---\nหน้าสอง`);
  expect(pages.map((p) => p.page)).toEqual([1, 2]);
  expect(pages[1]!.content).toBe('หน้าสอง');
});
