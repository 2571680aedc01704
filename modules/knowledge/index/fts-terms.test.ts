// The term ids of a text scanned (TermIds.eachToken) are those of its tokens as ftsTokens reads them, term for term:
// the held index's rows are read by the one and its queries by the other (memory-bm25.ts).
import { expect, test } from 'bun:test';
import { ftsTokens, TermIds } from './fts-terms.ts';

const idsScanned = (texts: string[]) => {
  const terms = new TermIds();
  return {
    terms,
    ids: texts.map((t) => {
      const ids: number[] = [];
      terms.eachToken(t, (id) => ids.push(id));
      return ids;
    }),
  };
};
const idsRead = (texts: string[]) => {
  const terms = new TermIds();
  return texts.map((t) => ftsTokens(t).map((token) => terms.idOf(token, true)));
};

const TEXTS = [
  'ค่า ธรรมเนียม #ค่า #่าธ ค่า',
  'TOEIC toeic Toeic #TOE #oei',
  '\u212A k K', // the Kelvin sign lower-cases to an ASCII k
  'É é ÉCOLE école Ωmega ωmega',
  `${'ก'.repeat(21)} ${'ก'.repeat(22)} ${'a'.repeat(63)} ${'a'.repeat(64)} ${'ab'.repeat(40)}`,
  'a\u00a0b\u3000c\ufeffd\u2028e\u200af\tg\nh\u000bi\u000cj\rk\u1680l\u202fm\u205fn\u2029o',
  '  leading and trailing  ',
  '😀 a😀 #😀😀 ๑๒๓ 123 ๑๒๓๔๕ ๑๒๓๔๕๖ abcde abcdef',
  '',
  '\u200b zero\u200bwidth',
];

test.each(TEXTS)('%p: the same terms scanned as read', (text) => {
  expect(idsScanned([text]).ids).toEqual(idsRead([text]));
});

test('texts of random characters: the same terms scanned as read, and a query finds each scanned term', () => {
  const pool = ['ก', 'ข', 'า', '่', '๑', 'a', 'B', 'z', '1', '#', 'É', 'ß', '\u212A', 'İ', '😀', ' ', ' ', '\n', '\u00a0', '\u3000'];
  let seed = 11;
  const rand = () => (seed = (seed * 1664525 + 1013904223) % 4294967296) / 4294967296;
  const texts = Array.from({ length: 300 }, () => Array.from({ length: Math.floor(rand() * 40) }, () => pool[Math.floor(rand() * pool.length)]).join(''));
  const { terms, ids } = idsScanned(texts);
  expect(ids).toEqual(idsRead(texts));
  texts.forEach((text, i) => expect(ftsTokens(text).map((t) => terms.idOf(t, false))).toEqual(ids[i]!));
  expect(terms.idOf('never-seen', false)).toBe(-1);
});

// a token of 22 Thai letters is 66 bytes: LanceDB drops it (64 bytes or more)
const LONG = 'ก'.repeat(22);

test.each([
  ['ค่า  ธรรมเนียม\nTOEIC', ['ค่า', 'ธรรมเนียม', 'toeic']],
  [`สั้น ${LONG}`, ['สั้น']],
  ['ก'.repeat(21), ['ก'.repeat(21)]], // 63 bytes: kept
  ['', []],
] as const)('the tokens of %p', (text, tokens) => {
  expect(ftsTokens(text)).toEqual([...tokens]);
});
