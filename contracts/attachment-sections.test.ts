import { describe, expect, test } from 'bun:test';
import { parseSections, sectionHeading, withoutSections } from './attachment-sections';

describe('attachment sections', () => {
  const stored = `ข้อนี้หมายถึงอะไร\n\n${sectionHeading('ระเบียบ.pdf')}ข้อ ๑ ...\n\n${sectionHeading('แบบฟอร์ม\nปลอม.docx')}ช่องที่ ๒`;

  test('what the writer writes the parser reads back: the question, then each file in order', () => {
    expect(parseSections(stored)).toEqual({
      text: 'ข้อนี้หมายถึงอะไร',
      sections: [
        { name: 'ระเบียบ.pdf', text: 'ข้อ ๑ ...' },
        { name: 'แบบฟอร์ม ปลอม.docx', text: 'ช่องที่ ๒' },
      ],
    });
  });

  test('a file name is one heading line, at most 200 characters', () => {
    expect(sectionHeading('a\r\nb')).toBe('Content from a b\n');
    expect(sectionHeading('x'.repeat(300))).toBe(`Content from ${'x'.repeat(200)}\n`);
  });

  test('a question without sections is returned whole', () => {
    expect(parseSections('ถามเฉย ๆ')).toEqual({ text: 'ถามเฉย ๆ', sections: [] });
  });

  test("for display, other clients' headings are cut too (any line, any case, behind markdown marks)", () => {
    expect(withoutSections(stored)).toBe('ข้อนี้หมายถึงอะไร');
    expect(withoutSections('คำถาม\n## content from a.pdf\nเนื้อหา')).toBe('คำถาม');
    expect(withoutSections('คำถาม\nเนื้อหา Content from ไม่ใช่หัวข้อ')).toBe('คำถาม\nเนื้อหา Content from ไม่ใช่หัวข้อ');
  });
});
