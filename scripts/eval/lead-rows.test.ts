import { expect, test } from 'bun:test';
import type { EvalQuery } from './answer-scoring';
import { leadRow, leadSums } from './lead-rows';

const q = (id: string, text: string): EvalQuery => ({ id, text, kind: 'answer', answer_keywords: ['๓๐ วัน'] });
const led = { text: '๓๐ วัน\n\nตามระเบียบการลา ข้อ ๕ ให้ยื่นล่วงหน้า ๓๐ วัน', fallback: false };

test("a held question's row says its id, half, kind and outcome, never its text, its lead or its keywords", () => {
  const held = leadRow(q('h1', 'ต้องยื่นล่วงหน้ากี่วัน'), 'held', led, true);
  expect(held).toEqual({ id: 'h1', half: 'held', asked: 'count', holds: true });
  const fit = leadRow(q('f1', 'ต้องยื่นล่วงหน้ากี่วัน'), 'fit', led, true);
  expect(fit).toEqual({ id: 'f1', half: 'fit', asked: 'count', holds: true, question: 'ต้องยื่นล่วงหน้ากี่วัน', lead: '๓๐ วัน', keywords: ['๓๐ วัน'] });
  // a reply that falls back or opens with its quote leads with nothing
  expect(leadRow(q('f2', 'ลาได้ไหม'), 'fit', { text: 'ตามระเบียบการลา ข้อ ๕ …', fallback: false }, undefined)).not.toHaveProperty('lead');
});

test('the sums count the rows that lead, by half and by kind', () => {
  const rows = [
    leadRow(q('a', 'ต้องยื่นล่วงหน้ากี่วัน'), 'held', led, true),
    leadRow(q('b', 'ต้องยื่นล่วงหน้ากี่วัน'), 'held', led, false),
    leadRow(q('c', 'ต้องยื่นใคร'), 'held', { text: 'อธิการบดี\n\nตาม …', fallback: false }, false),
    leadRow(q('d', 'ต้องยื่นล่วงหน้ากี่วัน'), 'fit', { text: 'ขออภัย', fallback: true }, undefined),
  ];
  expect(leadSums(rows)).toEqual({ 'held all': { led: 3, holds: 1 }, 'held count': { led: 2, holds: 1 }, 'held who': { led: 1, holds: 0 } });
});
