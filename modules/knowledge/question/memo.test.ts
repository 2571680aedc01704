import { describe, expect, test } from 'bun:test';
import { memoByString } from './memo.ts';
import { segmentWords } from '../index/tokens.ts';

describe('memoByString', () => {
  test('computes once per recent input, evicts the least recently used, skips long inputs', () => {
    const calls: string[] = [];
    const f = memoByString((s) => (calls.push(s), s.length), 2, 10);
    expect([f('a'), f('a'), f('bb')]).toEqual([1, 1, 2]);
    expect(calls).toEqual(['a', 'bb']);
    f('a'); // a is now the most recent: adding c evicts bb
    f('c');
    f('a');
    f('bb');
    expect(calls).toEqual(['a', 'bb', 'c', 'bb']);
    f('x'.repeat(11));
    f('x'.repeat(11));
    expect(calls.filter((c) => c.length === 11)).toHaveLength(2);
  });

  test('segmented words are shared, so they are frozen against accidental mutation', () => {
    const words = segmentWords('ต้องเสนอโครงการล่วงหน้ากี่วัน');
    expect(segmentWords('ต้องเสนอโครงการล่วงหน้ากี่วัน')).toBe(words);
    expect(Object.isFrozen(words)).toBe(true);
  });
});
