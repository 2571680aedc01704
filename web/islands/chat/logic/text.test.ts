import { describe, expect, test } from 'bun:test';
import {
  answerView,
  cleanAnswer,
  confidenceBand,
  fileKind,
  fileKindLabel,
  formatConfidence,
  isDocumentLink,
  parseAccuracy,
  stripContentSections,
} from './text';

describe('answer text cleaning (chat.md §5)', () => {
  test('removes end markers, accuracy and warning lines, stray asterisks; collapses blank lines', () => {
    const raw =
      'ต้องยื่น **ล่วงหน้า 14 วัน** ก่อนจัดกิจกรรม*<|eot_id|>\n\n\n\n* ข้อ 1\n*ข้อความ* ปกติ\nWarning: this may be wrong\nคำตอบนี้ may be hallucinated\nAccuracy: 85%</s>';
    expect(cleanAnswer(raw)).toBe('ต้องยื่น **ล่วงหน้า 14 วัน** ก่อนจัดกิจกรรม\n\n- ข้อ 1\nข้อความ ปกติ');
  });
  test('accuracy: the field wins; otherwise the trailing line, Thai or English', () => {
    expect(answerView('คำตอบ\nAccuracy: 72.5%', 90)).toEqual({ text: 'คำตอบ', accuracy: 90 });
    expect(answerView('คำตอบ\n**Accuracy: 72.5 %**')).toEqual({ text: 'คำตอบ', accuracy: 72.5 });
    expect(parseAccuracy('ตอบ\nความแม่นยำ: 40%')).toBe(40);
    expect(parseAccuracy('no line here, 50% of students')).toBeNull();
    expect(parseAccuracy('Accuracy: 140%')).toBeNull();
  });
  test('a field of null/NaN falls back to the parsed line', () => {
    expect(answerView('x\nAccuracy: 33%', null).accuracy).toBe(33);
    expect(answerView('x', Number.NaN).accuracy).toBeNull();
  });
  test('confidence line: label per band and two decimals', () => {
    expect(confidenceBand(80)).toBe('high');
    expect(confidenceBand(79.99)).toBe('medium');
    expect(confidenceBand(30)).toBe('medium');
    expect(confidenceBand(29.9)).toBe('low');
    expect(formatConfidence(85)).toBe('ความมั่นใจสูง, 85.00%');
    expect(formatConfidence(12.345)).toBe('ความมั่นใจต่ำ, 12.35%');
    expect(formatConfidence(50)).toBe('ความมั่นใจปานกลาง, 50.00%');
  });
});

describe('user text and files', () => {
  test('"Content from" sections are stripped from the shown user text', () => {
    expect(stripContentSections('ตรวจโครงการนี้\n\nContent from proposal.pdf\nเนื้อหา…\n\nContent from b.docx\nอีก')).toBe('ตรวจโครงการนี้');
    expect(stripContentSections('no sections')).toBe('no sections');
  });
  test('file type labels: PDF, DOCX/DOC, other', () => {
    expect(fileKindLabel(fileKind('a.PDF'))).toBe('PDF');
    expect(fileKindLabel(fileKind('a.docx'))).toBe('DOCX/DOC');
    expect(fileKindLabel(fileKind('a.doc'))).toBe('DOCX/DOC');
    expect(fileKind('notes.txt')).toBe('other');
    expect(fileKind('noext')).toBe('other');
  });
  test('document links: pdf, docx, doc, xlsx, xls and our download endpoints', () => {
    for (const href of ['/x/a.pdf', 'https://u.ac.th/f.docx?x=1', '/a.doc', '/b.xlsx', '/c.xls#p', '/api/files/abc/download', '/api/drafts/d1/download'])
      expect(isDocumentLink(href)).toBe(true);
    for (const href of ['/page', 'https://u.ac.th/pdf', '/a.pdf.html', '/api/files/abc/get']) expect(isDocumentLink(href)).toBe(false);
  });
});
