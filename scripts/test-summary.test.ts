import { describe, expect, test } from 'bun:test';
import { countsFrom, failureDetails, summaryLines, typecheckFailure } from './test-summary';

// The closing block bun prints, as the shard runner sees it.
const BUN_OUTPUT = `tests/faults/disk-full.test.ts:
(skip) disk full > uploads fail cleanly
src/x.test.ts:
expect(received).toBe(expected)
  Expected: 1
  Received: 2
(fail) x > adds [1.00ms]
(pass) x > works

 7 pass
 2 skip
 1 fail
 12 expect() calls
Ran 10 tests across 2 files. [120.00ms]`;

describe('test summary (what CI reads)', () => {
  test('counts pass, fail and skip from bun output', () => {
    expect(countsFrom(BUN_OUTPUT)).toEqual({ passed: 7, failed: 1, skipped: 2 });
    expect(countsFrom('no summary at all')).toEqual({ passed: 0, failed: 0, skipped: 0 });
  });

  test('the last line is exactly `N passed, N failed`, skips go on the line before', () => {
    const lines = summaryLines({ passed: 7, failed: 1, skipped: 2 }, '2 files in 2 shards, 3 s');
    expect(lines.at(-1)).toBe('7 passed, 1 failed');
    expect(lines.at(-1)).toMatch(/^\d+ passed, \d+ failed$/);
    expect(lines[0]).toBe('2 files in 2 shards, 3 s, 2 skipped');
    expect(summaryLines({ passed: 3, failed: 0, skipped: 0 }, 'h')).toEqual(['h', '3 passed, 0 failed']);
  });

  test('a failing test is listed with the error printed before it', () => {
    const [detail, ...rest] = failureDetails(BUN_OUTPUT);
    expect(rest).toEqual([]);
    expect(detail).toStartWith('src/x.test.ts: (fail) x > adds');
    expect(detail).toContain('Received: 2');
  });

  test('a type error shows as a failure with the compiler messages', () => {
    const out = "src/a.ts(3,7): error TS2322: Type 'string' is not assignable to type 'number'.\n";
    const failure = typecheckFailure(out, 2);
    expect(failure.split('\n')[0]).toBe('typecheck: (fail) tsc --noEmit -p . exited with 2');
    expect(failure).toContain('src/a.ts(3,7): error TS2322');
    const many = typecheckFailure(Array.from({ length: 50 }, (_, i) => `e${i}`).join('\n'), 2);
    expect(many).toContain('… 10 more lines');
  });
});
