import { expect, test } from 'bun:test';
import { citationLead } from './extractive';
import type { SearchHit } from '../knowledge/service';

const hit = (title: string, headingPath: string[]): SearchHit => ({
  documentId: 'd',
  title,
  category: null,
  fileType: 'pdf',
  chunkOrdinal: 0,
  text: 'ข้อ ๘ ...',
  headingPath,
  page: 1,
  score: 1,
});

test('a Thai title follows ตาม directly; a Latin or numbered title is set apart by a space', () => {
  expect(citationLead(hit('ระเบียบการลา', ['ระเบียบการลา', 'ข้อ ๘']))).toBe('ตามระเบียบการลา');
  expect(citationLead(hit('regulation', ['regulation', 'หมวด ๑', 'ข้อ ๘']))).toBe('ตาม regulation หมวด ๑');
  expect(citationLead(hit('2._RegisterForm', ['ข้อ ๘']))).toBe('ตาม 2._RegisterForm');
});

test('a heading the quote opens with is said once, by the quote (a course entry over its description)', () => {
  const course = hit('IT2560_Description', ['IT2560_Description', '204491 สหกิจศึกษา 1 8 หน่วยกิต']);
  expect(citationLead(course, '204491 สหกิจศึกษา 1 | 8 หน่วยกิต (Cooperative Education I) วิชาบังคับก่อน …')).toBe('ตาม IT2560_Description');
  expect(citationLead(course, 'วิชาบังคับก่อน : รายวิชา 204490')).toBe('ตาม IT2560_Description 204491 สหกิจศึกษา 1 8 หน่วยกิต');
});
