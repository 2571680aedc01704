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
