import { expect, test } from 'bun:test';
import { isAbbreviation } from './abbreviations.ts';

test.each([
  // institutions' and funds' initials, as students type them
  ['มทร', true],
  ['มทส', true],
  ['กนศร', true],
  ['มรชร', true],
  // Thai words written with consonants alone are dictionary words
  ['ขอ', false],
  ['ลง', false],
  ['ของ', false],
  ['สอบ', false],
  ['คน', false],
  // anything with a vowel or a tone mark, a single letter, a long run, a Latin word
  ['ทุน', false],
  ['ก', false],
  ['กขคฆงจ', false],
  ['it', false],
] as const)('%s: %p', (word, expected) => {
  expect(isAbbreviation(word)).toBe(expected);
});
