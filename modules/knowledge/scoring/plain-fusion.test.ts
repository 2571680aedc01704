import { describe, expect, test } from 'bun:test';
import { FUSION_K, fuseRanked, plainTerms, SHAPED_WEIGHT } from './plain-fusion';
import type { SearchHit } from '../index/search-hit';
import { temporaryIndex } from '../index/test-index';

const hit = (doc: string, score: number, extra: Partial<SearchHit> = {}): SearchHit => ({
  documentId: doc,
  title: doc,
  category: null,
  fileType: 'txt',
  chunkOrdinal: 0,
  text: doc,
  headingPath: [],
  page: 1,
  score,
  ...extra,
});

test('plain terms: every word of the question as typed, and its marked trigrams', () => {
  const { words, grams } = plainTerms('ค่าเทอม ๒๕๖๘ ได้ไหม');
  expect(words.split(' ')).toContain('2568');
  expect(words.split(' ')).toContain('ได้'); // no stop words taken out
  expect(grams.split(' ').every((g) => g.startsWith('#'))).toBe(true);
  expect(grams.split(' ')).toContain('#256');
});

test('the shaped list alone cannot pass a passage both plain lists put first', () => {
  expect(SHAPED_WEIGHT / (FUSION_K + 1)).toBeLessThanOrEqual(2 / (FUSION_K + 1));
  const shaped = ['s1', 's2', 's3', 's4'].map((d, i) => hit(d, 40 - i));
  const fused = fuseRanked(shaped, [[hit('p', 5), hit('s4', 4)], [hit('p', 9)]], 3);
  expect(fused.map((h) => h.documentId)).toContain('p');
  // s4, held by the shaped list and one plain list, comes first
  expect(fused[0]!.documentId).toBe('s4');
});

test("the fused order carries the shaped list's score profile; each passage keeps its own text score for the evidence", () => {
  const shaped = [hit('a', 30), hit('b', 20, { matchScore: 25 }), hit('c', 10)];
  const fused = fuseRanked(
    shaped,
    [
      [hit('c', 3), hit('d', 2)],
      [hit('c', 7), hit('d', 6)],
    ],
    4,
  );
  expect(fused.map((h) => h.documentId)).toEqual(['c', 'a', 'b', 'd']);
  expect(fused.map((h) => h.score)).toEqual([30, 20, 10, 10]);
  expect(fused.map((h) => h.retrievalScore)).toEqual([10, 30, 20, 10]);
  // a definitions clause's own match (definitions-clause.ts) stays what the margin weighs
  expect(fused[2]!.matchScore).toBe(25);
  // d, which the shaped list did not return, scored at most its last score there
  expect(fused[3]!.matchScore).toBe(10);
});

test('passages of equal score are fused in one order whatever order the index returned them in (copies of one text)', () => {
  const pdf = hit('doc-a', 9, { text: 'ข้อ ๕ ค่าธรรมเนียม' });
  const docx = hit('doc-b', 9, { text: 'ข้อ ๕ ค่าธรรมเนียม' });
  const other = hit('doc-c', 4);
  const orders = [
    [pdf, docx, other],
    [docx, pdf, other],
  ];
  const fused = orders.map((list) => fuseRanked(list, [list, list], 3).map((h) => h.documentId));
  expect(fused[0]).toEqual(fused[1]!);
  expect(fused[0]).toEqual(['doc-a', 'doc-b', 'doc-c']);
});

describe('plain rankers as the backbone of the index search', () => {
  // A document whose title repeats the question's words, with clauses sharing a few of them, and the one
  // clause of another document that answers: the title bonus alone ranked every clause of the first above it.
  const TITLE = 'ประกาศการลงทะเบียนเรียนช้าและค่าปรับของนักศึกษา';
  const flood = Array.from({ length: 8 }, (_, i) => `ข้อ ${i + 1} นักศึกษาที่ลงทะเบียนเรียนให้ติดต่อสำนักงานทะเบียนในเรื่องที่ ${i + 1}`).join('\n');
  const index = temporaryIndex([
    { documentId: 'flood', title: TITLE, text: flood },
    { documentId: 'answer', title: 'ประกาศกองคลัง ฉบับที่ ๓', text: 'ข้อ 1 ผู้ลงทะเบียนเรียนช้ากว่ากำหนดต้องชำระค่าปรับวันละ ๑๐๐ บาท ไม่เกิน ๑,๐๐๐ บาท' },
  ]);

  test('a clause both plain rankers put first is not placed below every clause a matching title favours', async () => {
    const hits = await index().search('ลงทะเบียนเรียนช้าต้องชำระค่าปรับวันละเท่าไร', { k: 3 });
    expect(hits.findIndex((h) => h.documentId === 'answer')).toBeGreaterThanOrEqual(0);
    expect(hits.findIndex((h) => h.documentId === 'answer')).toBeLessThan(2);
  });
});
