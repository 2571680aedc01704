import { expect, test } from 'bun:test';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fitQuestions, realQueryFiles } from './fit-questions.ts';
import { realDevHalf } from './real-dev.ts';

test('only fit-half questions are read: never a held half, never a set held out whole', () => {
  const dir = mkdtempSync(join(tmpdir(), 'fit-questions-'));
  try {
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
    const file = join(dir, 'queries.jsonl');
    writeFileSync(file, ids.map((id) => JSON.stringify({ id, kind: 'answer', text: id })).join('\n'));
    const read = fitQuestions([file, file]).map((q) => q.id);
    expect(read).toEqual(ids.filter((id) => realDevHalf(id) === 'fit'));
    expect(read.some((id) => /^(?:rf|rn|rt|rg)-/.test(id))).toBe(false);
    expect(read.length).toBeGreaterThan(0);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("every real set's questions are found, and what is read of them is the fit half", () => {
  const files = realQueryFiles();
  expect(files.some((f) => f.includes(join('real_dev', 'crru')))).toBe(true);
  expect(files.some((f) => f.includes(join('real_fresh_a', 'snru')))).toBe(true);
  const read = fitQuestions(files);
  expect(read.length).toBeGreaterThan(100);
  expect(read.every((q) => realDevHalf(q.id) === 'fit')).toBe(true);
});
