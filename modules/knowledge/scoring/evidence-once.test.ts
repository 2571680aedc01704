import { expect, test } from 'bun:test';
import { evidenceFor } from './evidence.ts';
import { evidenceOnce } from './evidence-once.ts';
import { readQuestion } from '../question/question.ts';
import type { SearchHit } from '../index/search-hit.ts';
import { hit } from './test-hit.ts';

const document = 'ข้อ ๑๒ นักศึกษาที่ประสงค์จะลาพักการศึกษาให้ยื่นคำร้องต่อคณบดีภายในสองสัปดาห์แรก\nข้อ ๑๓ การขอคืนสภาพ';
const withText = (h: SearchHit, documentText: string | undefined = document): SearchHit => ({ ...h, documentText });
const hits = () => [
  withText(hit('ข้อ ๑๒ นักศึกษาที่ประสงค์จะลาพักการศึกษาให้ยื่นคำร้องต่อคณบดีภายในสองสัปดาห์แรก', 9)),
  withText(hit('ข้อ ๑๓ การขอคืนสภาพการเป็นนักศึกษาให้ยื่นคำร้องต่อนายทะเบียน', 7)),
  withText(hit('ข้อ ๒๐ ค่าธรรมเนียมรักษาสภาพภาคการศึกษาละ ๑,๐๐๐ บาท', 5, 'b')),
];
const q = 'ลาพักการศึกษาต้องยื่นคำร้องต่อใคร';

test('a passage weighed again over the same passages in another order gets the evidence it had', () => {
  const question = readQuestion(q);
  const first = hits();
  const reordered = [first[2]!, first[0]!, first[1]!].map((h) => ({ ...h, score: h.score + 1, matchScore: h.score }));
  for (const [i, h] of first.entries()) {
    const e = evidenceOnce(question, first, h);
    expect(e).toEqual(evidenceFor(readQuestion(q), hits(), hits()[i]!));
    expect(evidenceOnce(question, reordered, reordered.find((r) => r.text === h.text)!)).toBe(e);
  }
});

test('a passage weighed against other passages, or with another score, is weighed again', () => {
  const question = readQuestion(q);
  const list = hits();
  const before = evidenceOnce(question, list, list[0]!);
  // a close competitor: the margin shrinks
  const rival = withText(hit('ข้อ ๑๔ การลาพักการศึกษาเพื่อรับราชการทหาร ให้ยื่นคำร้องต่อคณบดีพร้อมหลักฐานการเรียกตัว', 8.9));
  const more = [...list, rival];
  const after = evidenceOnce(question, more, list[0]!);
  expect(after).toEqual(evidenceFor(readQuestion(q), more, more[0]!));
  expect(after.margin).toBeLessThan(before.margin);
  const weaker = list.map((h, i) => (i === 0 ? { ...h, score: 3 } : h));
  expect(evidenceOnce(question, weaker, weaker[0]!)).toEqual(evidenceFor(readQuestion(q), weaker, weaker[0]!));
  expect(evidenceOnce(question, weaker, weaker[0]!).margin).not.toBe(before.margin);
});

test('a passage without its document is weighed against what was retrieved, in its order', () => {
  const question = readQuestion(q);
  const bare = hits().map((h) => withText(h, undefined));
  const reversed = [...bare].reverse();
  expect(evidenceOnce(question, bare, bare[0]!)).toEqual(evidenceFor(readQuestion(q), bare, bare[0]!));
  expect(evidenceOnce(question, reversed, bare[0]!)).toEqual(evidenceFor(readQuestion(q), reversed, bare[0]!));
});
