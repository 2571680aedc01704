import { expect, test } from 'bun:test';
import { libraryRun, realLibraries } from './ask-library';
import { FETCHED_HELD_SETS } from './fetched-held-sets';

test('every real set and its libraries can be named, the held ones included', () => {
  const libraries = realLibraries();
  expect(Object.keys(libraries)).toEqual(expect.arrayContaining(['real_dev', 'real_more', 'real_extra', ...Object.keys(FETCHED_HELD_SETS)]));
  expect(libraries.real_dev).toEqual(['crru', 'sut', 'ssru', 'union']);
  expect(libraries.real_scan).toEqual(['rbru', 'union', 'union_all']);
});

test('SET:LIBRARY names the run eval-answers builds that library with', () => {
  const run = libraryRun('real_dev:sut');
  expect(run.name).toBe('sut');
  expect(run.queries.length).toBeGreaterThan(0);
  expect(run.queries.every((q) => q.id.startsWith('rd-su-'))).toBe(true);
  expect(libraryRun('real_extra:union_dev').name).toBe('union_dev');
});

test('a set or library that does not exist is named in the error, with what there is', () => {
  expect(() => libraryRun('real_nope:union')).toThrow(/no set "real_nope" \(have real_dev, real_more, real_extra/);
  expect(() => libraryRun('real_dev:ku')).toThrow('no library "ku" in real_dev (have crru, sut, ssru, union)');
  expect(() => libraryRun('real_dev')).toThrow(/no library "" in real_dev/);
});
