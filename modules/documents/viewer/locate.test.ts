import { describe, expect, test } from 'bun:test';
import type { PageWords, WordBox } from '../../extraction';
import { locateQuote } from './locate';

// A text-layer line: one item a line, 0.8 of the page wide, each line 0.03 below the last.
const line = (text: string, row: number): WordBox => ({ text, x: 0.1, y: 0.1 + row * 0.03, w: 0.8, h: 0.025 });
// OCR: tesseract's Thai "words" are a glyph or two; give every character its own box on the line.
function ocrLine(text: string, row: number): WordBox[] {
  const step = 0.8 / text.length;
  return [...text].map((c, i) => ({ text: c, x: 0.1 + i * step, y: 0.1 + row * 0.03, w: step, h: 0.025 }));
}
const inside = (r: { x: number; y: number; w: number; h: number }, b: WordBox) =>
  r.x <= b.x + 1e-6 && r.x + r.w >= b.x + b.w - 1e-6 && r.y <= b.y + 1e-6 && r.y + r.h >= b.y + b.h - 1e-6;

describe('locateQuote on a text layer', () => {
  const page: PageWords = {
    page: 3,
    words: [
      line('ข้อ ๗ นักศึกษาต้องลงทะเบียนเรียน', 0),
      line('ภายในระยะเวลาที่มหาวิทยาลัยกำหนด', 1),
      line('ข้อ ๘ นักศึกษาที่ไม่ชำระค่าธรรมเนียม', 2),
      line('ภายในกำหนดให้พ้นสภาพการเป็นนักศึกษา', 3),
    ],
  };

  test('a quote crossing a line break marks both lines and nothing else', () => {
    const r = locateQuote('ข้อ 8 นักศึกษาที่ไม่ชำระค่าธรรมเนียม\nภายในกำหนดให้พ้นสภาพการเป็นนักศึกษา', [page]);
    expect(r.covered).toBeGreaterThan(0.95);
    expect(r.marks.map((m) => m.page)).toEqual([3]);
    const rects = r.marks[0]!.rects;
    expect(rects).toHaveLength(2);
    expect(rects.some((x) => inside(x, page.words[2]!))).toBe(true);
    expect(rects.some((x) => inside(x, page.words[3]!))).toBe(true);
    expect(rects.some((x) => x.y < page.words[2]!.y - 0.001)).toBe(false);
  });

  test('a quote starting mid-line marks from where it starts, not the whole line', () => {
    const r = locateQuote('ที่มหาวิทยาลัยกำหนด', [page]);
    const rect = r.marks[0]!.rects[0]!;
    expect(r.marks[0]!.rects).toHaveLength(1);
    expect(rect.x).toBeGreaterThan(0.3);
    expect(rect.x + rect.w).toBeCloseTo(0.9, 3);
  });

  test('a Thai word cut by a line wrap with no hyphen still matches as one word', () => {
    // "มหาวิทยาลัย" wrapped after "มหาวิทยา"; the quote reads it whole, with no space
    const wrapped: PageWords = { page: 1, words: [line('การลาพักการศึกษาต้องได้รับอนุมัติจากมหาวิทยา', 0), line('ลัยก่อนวันเปิดภาคการศึกษา', 1)] };
    const r = locateQuote('ต้องได้รับอนุมัติจากมหาวิทยาลัยก่อนวันเปิดภาคการศึกษา', [wrapped]);
    expect(r.covered).toBe(1);
    expect(r.marks[0]!.rects).toHaveLength(2);
  });

  test('text that is not on the page marks nothing', () => {
    expect(locateQuote('การขอคืนเงินค่าหอพักนักศึกษาต่างชาติ', [page]).marks).toEqual([]);
  });
});

describe('locateQuote on OCR word boxes', () => {
  test('misread glyphs inside the quote still mark the whole passage', () => {
    // OCR read ๘ as ๙ and dropped a mark; the quote is the reviewed text
    const page: PageWords = { page: 2, words: [...ocrLine('ข้อ ๙ ผู้ใดฝ่าฝืนระเบียบนี้ต้องถูกลงโทษ', 0), ...ocrLine('ตามที่มหาวิทยาลยกำหนด', 1)] };
    const r = locateQuote('ข้อ ๘ ผู้ใดฝ่าฝืนระเบียบนี้ต้องถูกลงโทษตามที่มหาวิทยาลัยกำหนด', [page]);
    expect(r.covered).toBeGreaterThan(0.8);
    const rects = r.marks[0]!.rects;
    expect(rects).toHaveLength(2); // the glyph boxes of each line merged into one
    expect(rects[0]!.x).toBeCloseTo(0.1, 3);
    expect(rects[1]!.x + rects[1]!.w).toBeCloseTo(0.9, 3);
  });
});

describe('a quote spanning two pages', () => {
  test('marks its first part on the first page and the rest on the next', () => {
    const p5: PageWords = { page: 5, words: [line('หมวด ๒ การวัดผล', 0), ...ocrLine('ข้อ ๑๒ นักศึกษาต้องมีเวลาเรียน', 1)] };
    const p6: PageWords = { page: 6, words: [...ocrLine('ไม่น้อยกว่าร้อยละแปดสิบ', 0), line('ข้อ ๑๓ การสอบ', 1)] };
    const r = locateQuote('ข้อ ๑๒ นักศึกษาต้องมีเวลาเรียนไม่น้อยกว่าร้อยละแปดสิบ', [p5, p6]);
    expect(r.covered).toBe(1);
    expect(r.marks.map((m) => m.page)).toEqual([5, 6]);
    expect(r.marks[0]!.rects[0]!.y).toBeCloseTo(0.13, 3);
    expect(r.marks[1]!.rects).toHaveLength(1);
    expect(r.marks[1]!.rects[0]!.y).toBeCloseTo(0.1, 3);
  });
});
