import { describe, expect, test } from 'bun:test';
import { categoryTone, fileBadgeLabel, fileKind, highlightParts, joinPages, listFileType, truncateName } from './format';

describe('truncateName (~60 chars at a word boundary)', () => {
  test('short names are untouched', () => expect(truncateName('ระเบียบกิจกรรม.pdf')).toBe('ระเบียบกิจกรรม.pdf'));
  test('English names cut at a space, never mid-word', () => {
    const name = 'Regulations on student organisation activities and budget approval procedures 2024';
    const out = truncateName(name);
    expect(out.endsWith('…')).toBe(true);
    expect(Array.from(out).length).toBeLessThanOrEqual(61);
    expect(name.startsWith(out.slice(0, -1))).toBe(true);
    expect(name[out.length - 1]).toBe(' ');
  });
  test('Thai names cut at a word boundary', () => {
    const name = 'ข้อบังคับมหาวิทยาลัยว่าด้วยการจัดกิจกรรมขององค์กรนักศึกษาและการเบิกจ่ายงบประมาณโครงการ';
    const out = truncateName(name);
    expect(out.endsWith('…')).toBe(true);
    const kept = out.slice(0, -1);
    expect(name.startsWith(kept)).toBe(true);
    expect(Array.from(kept).length).toBeLessThanOrEqual(60);
    const boundaries = [...new Intl.Segmenter('th', { granularity: 'word' }).segment(name)].map((s) => s.index);
    expect(boundaries).toContain(kept.length);
  });
});

describe('types and badges', () => {
  test('list type is pdf when type or name says so, else docx', () => {
    expect(listFileType('application/pdf', 'x')).toBe('pdf');
    expect(listFileType('', 'A.PDF')).toBe('pdf');
    expect(listFileType('docx', 'a.docx')).toBe('docx');
    expect(listFileType(null, 'a.txt')).toBe('docx');
    expect(listFileType('txt', 'ตัวอย่าง ประกาศ')).toBe('txt');
  });
  test('view badge: pdf, docx, doc, other', () => {
    expect(fileKind('pdf')).toBe('pdf');
    expect(fileKind('application/vnd.openxmlformats-officedocument.wordprocessingml.document')).toBe('docx');
    expect(fileKind('', 'old.doc')).toBe('doc');
    expect(fileKind('txt', 'a.txt')).toBe('other');
  });
});

describe('category chip tones', () => {
  test('fixed for finance, project, template and none', () => {
    expect(categoryTone('finance')).toBe('finance');
    expect(categoryTone('การเงิน')).toBe('finance');
    expect(categoryTone('Project')).toBe('project');
    expect(categoryTone('template')).toBe('template');
    expect(categoryTone('')).toBe('none');
    expect(categoryTone(null)).toBe('none');
  });
  test('derived from the name otherwise, stable', () => {
    expect(categoryTone('ระเบียบ')).toBe(categoryTone('ระเบียบ'));
    expect(['violet', 'teal', 'rose', 'sky', 'lime', 'orange']).toContain(categoryTone('ระเบียบ'));
  });
});

test('pages are joined by blank lines in page order', () => {
  expect(
    joinPages([
      { pageNumber: 2, pageContent: 'B\n' },
      { pageNumber: 1, pageContent: ' A' },
    ]),
  ).toBe('A\n\n--- หน้า 2 ---\n\nB');
  expect(joinPages([{ pageNumber: 1, pageContent: 'A' }])).toBe('A');
  expect(joinPages([])).toBe('');
});

test('OCR check spans follow the text after edits', () => {
  const original = 'ข้อ ๕ ภายใน 15 วัน';
  const spans = [
    { start: 4, end: 5, kind: 'article' },
    { start: 12, end: 14, kind: 'number' },
  ];
  expect(highlightParts(original, original, spans)).toEqual([
    { text: 'ข้อ ' },
    { text: '๕', kind: 'article' },
    { text: ' ภายใน ' },
    { text: '15', kind: 'number' },
    { text: ' วัน' },
  ]);
  const edited = 'แก้ ข้อ ๕ ภายใน 15 วันทำการ';
  const parts = highlightParts(edited, original, spans);
  expect(parts.map((p) => p.text).join('')).toBe(edited);
  expect(parts.filter((p) => p.kind).map((p) => p.text)).toEqual(['๕', '15']);
});

describe('file badge text', () => {
  test('a .txt reads TXT, never a cut MIME type', () => {
    expect(fileBadgeLabel('text/plain', 'ระเบียบ.txt')).toBe('TXT');
    expect(fileBadgeLabel('text/plain', 'ระเบียบกิจกรรม')).toBe('TXT');
    expect(fileBadgeLabel('text/plain', null)).not.toContain('/');
  });
  test('PDF, DOCX and DOC by type or name; unknown types read FILE', () => {
    expect(fileBadgeLabel('application/pdf', 'x')).toBe('PDF');
    expect(fileBadgeLabel('application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'x')).toBe('DOCX');
    expect(fileBadgeLabel(null, 'a.doc')).toBe('DOC');
    expect(fileBadgeLabel('application/octet-stream', 'noext')).toBe('FILE');
  });
});
