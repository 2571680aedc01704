import { expect, test } from 'bun:test';
import { type AskedOutcome, type Counts, countLines, failClass, fallbackClass, nearMissClass, tally } from './fail-classes';

const gold = new Set(['ระเบียบ.pdf']);
const base: AskedOutcome = {
  right: false,
  fallback: false,
  refRight: false,
  keywordsRight: false,
  files: ['ระเบียบ.pdf'],
  rightAt: -1,
  keywordsInFirst: false,
  keywordsOnPage: false,
};

test.each<[string, Partial<AskedOutcome>, string]>([
  ['a right answer', { right: true, refRight: true, keywordsRight: true, rightAt: 0 }, 'right'],
  ['a fallback, whatever its references', { fallback: true, files: [] }, 'fallback'],
  ['the gold place cited first, a keyword its page lacks', { refRight: true, rightAt: 0 }, 'wrong:ref-ok-kw-missing:not-on-page'],
  ['the gold page cited first, the keywords in another passage of it', { refRight: true, rightAt: 0, keywordsOnPage: true }, 'wrong:ref-ok-kw-missing:on-page'],
  [
    'the gold place cited first, a keyword the quote left out',
    { refRight: true, rightAt: 0, keywordsInFirst: true, keywordsOnPage: true },
    'wrong:ref-ok-kw-missing:in-passage',
  ],
  ['the gold file cited first at another place', {}, 'wrong:rightfile-wrongplace'],
  ['the gold place cited second', { rightAt: 1 }, 'wrong:rightfile-wrongplace(right later)'],
  ['the keywords quoted from another place of the gold file', { keywordsRight: true }, 'wrong:rightfile-wrongplace+kw'],
  ['another file first', { files: ['ประกาศ.pdf', 'ระเบียบ.pdf'] }, 'wrong:wrongfile'],
  [
    'another file first, the gold place second, keywords quoted',
    { files: ['ประกาศ.pdf', 'ระเบียบ.pdf'], rightAt: 1, keywordsRight: true },
    'wrong:wrongfile(right later)+kw',
  ],
  ['no reference at all, yet shown', { files: [] }, 'wrong:wrongfile'],
])('%s', (_name, outcome, expected) => {
  expect(failClass({ ...base, ...outcome }, gold)).toBe(expected);
});

test.each<[string, number, boolean, string]>([
  ['the passage that answers was first', 0, true, 'fb:gold-first'],
  ['it was second to fifth', 3, true, 'fb:gold-2to5'],
  ['it was sixth to tenth', 7, false, 'fb:gold-6to10'],
  ['not among the first ten, the gold file first', -1, true, 'fb:rightfile'],
  ['not among the first ten, another file first', -1, false, 'fb:wrongfile'],
])('a fallback: %s', (_name, rightAt, firstFileIsGold, expected) => {
  expect(fallbackClass(rightAt, firstFileIsGold)).toBe(expected);
});

test('a near-miss is sent back, shown, or shown in the high band', () => {
  expect(nearMissClass(true, 12)).toBe('nm:fb');
  expect(nearMissClass(false, 79.9)).toBe('nm:shown');
  expect(nearMissClass(false, 80)).toBe('nm:shown-hi');
});

test('counted by half, and by set only with a set named and only for the outcomes a set row keeps', () => {
  const counts: Counts = { fit: {}, held: {} };
  tally(counts, 'held', 'right', 'real_dev/union');
  tally(counts, 'held', 'right', 'real_dev/union');
  tally(counts, 'held', 'wrong:wrongfile', 'real_dev/union');
  tally(counts, 'fit', 'nm:fb', 'real_new/union');
  tally(counts, 'fit', 'answerable');
  tally(counts, 'held', 'fb:gold-first', 'real_dev/union');
  tally(counts, 'held', 'fb:wrongfile', 'real_dev/union');
  expect(counts.held).toEqual({ right: 2, 'wrong:wrongfile': 1, 'fb:gold-first': 1, 'fb:wrongfile': 1 });
  expect(counts['held real_dev/union']).toEqual({ right: 2, 'fb:gold-first': 1 });
  expect(counts['fit real_new/union']).toEqual({ 'nm:fb': 1 });
  expect(counts.fit).toEqual({ 'nm:fb': 1, answerable: 1 });
  // the halves first, as a screen always printed them, then the set rows by name
  expect(countLines(counts)).toEqual([
    'fit {"answerable":1,"nm:fb":1}',
    'held {"fb:gold-first":1,"fb:wrongfile":1,"right":2,"wrong:wrongfile":1}',
    'fit real_new/union {"nm:fb":1}',
    'held real_dev/union {"fb:gold-first":1,"right":2}',
  ]);
});

test('counted by set and by kind at once: each group a row of its own, null groups left out', () => {
  const counts: Counts = { fit: {}, held: {} };
  tally(counts, 'held', 'right', 'real_dev/union', 'kind:count');
  tally(counts, 'held', 'hi:right', 'real_dev/union', 'kind:count');
  tally(counts, 'held', 'fallback', null, 'kind:when');
  tally(counts, 'held', 'wrong:wrongfile', 'real_dev/union', 'kind:when');
  expect(counts.held).toEqual({ right: 1, 'hi:right': 1, fallback: 1, 'wrong:wrongfile': 1 });
  expect(counts['held real_dev/union']).toEqual({ right: 1, 'hi:right': 1 });
  expect(counts['held kind:count']).toEqual({ right: 1, 'hi:right': 1 });
  expect(counts['held kind:when']).toEqual({ fallback: 1 });
  expect(Object.keys(counts)).not.toContain('held null');
});
