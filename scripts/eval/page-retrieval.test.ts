// The page comparison of the answer eval on a library that holds a copy of a document (campus_dev B: the
// regulation as PDF and as DOCX): each copy's pages are pages of their own for the plain rankers, and a gold
// page is found in either copy.
import { expect, test } from 'bun:test';
import { buildReferenceRankers } from './reference-rankers';
import { goldPages } from './page-retrieval';
import type { EvalQuery } from './answer-scoring';

const q = { id: 'x', text: 'ค่าปรับ', kind: 'answer', gold_file: 'regulation.pdf', gold_clause: 'ข้อ 4', gold_page: 2 } as unknown as EvalQuery;

test('a gold page is found in a copy the aliases name', () => {
  expect([...goldPages(q, { 'regulation.docx': 'regulation.pdf' })].sort()).toEqual(['regulation.docx#2', 'regulation.pdf#2']);
  expect([...goldPages(q)]).toEqual(['regulation.pdf#2']);
});

test('the plain rankers take the pages of two copies under their own keys (one key twice is refused)', () => {
  const pages = ['regulation.pdf#1', 'regulation.docx#1', 'other.pdf#1'].map((id) => ({ id, text: `${id} ข้อ ๔ ค่าปรับ` }));
  expect(() => buildReferenceRankers(pages)).not.toThrow();
  expect(() => buildReferenceRankers([...pages, pages[0]!])).toThrow();
});
