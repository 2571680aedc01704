import { expect, test } from 'bun:test';
import type { EvalQuery } from './answer-scoring';
import { fitQuestions, realQuestions } from './fit-questions.ts';
import { realDevHalf } from './real-dev.ts';

test('only fit-half questions are read: never a held half, never a set held out whole', () => {
  const ids = [
    'rd-cr-a-001',
    'rd-cr-a-002',
    'rd-cr-a-003',
    'rm-ku-a-001',
    'rm-ku-a-002',
    'rx-sut-a-001',
    'rx-sut-a-002',
    'rf-sn-a-001',
    'rn-up-a-001',
    'rt-tu-a-001',
    'rg-x-a-001',
  ];
  const questions = ids.map((id) => ({ id, kind: 'answer', text: id }) as EvalQuery);
  const read = fitQuestions([...questions, ...questions]).map((q) => q.id);
  expect(read).toEqual(ids.filter((id) => realDevHalf(id) === 'fit'));
  expect(read.some((id) => /^(?:rf|rn|rt|rg)-/.test(id))).toBe(false);
  expect(read.length).toBeGreaterThan(0);
});

test("every real set's questions are found, and what is read of them is the fit half", () => {
  const all = realQuestions();
  expect(all.some((q) => q.id.startsWith('rd-cr-'))).toBe(true);
  expect(all.some((q) => q.id.startsWith('rf-'))).toBe(true);
  const read = fitQuestions(all);
  expect(read.length).toBeGreaterThan(100);
  expect(read.every((q) => realDevHalf(q.id) === 'fit')).toBe(true);
});
