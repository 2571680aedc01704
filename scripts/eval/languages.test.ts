// The language a question and its gold document are written in, and the summary's count of questions asked across
// the two (languages.ts), on a library the product built from a Thai and an English regulation.
import { afterAll, expect, test } from 'bun:test';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { acrossLanguages } from './answer-report';
import type { Outcome } from './answer-scoring';
import { summarise } from './answer-summary';
import { writtenIn } from './languages';

const root = mkdtempSync(join(tmpdir(), 'askreg-languages-'));
process.env.EVAL_CACHE_DIR = join(root, 'cache');
process.env.LOG_LEVEL = 'silent';
afterAll(() => rmSync(root, { recursive: true, force: true }));

test.each([
  ['ขอถอนรายวิชาได้ถึงสัปดาห์ที่เท่าไหร่', 'th'],
  ['do i need to black out anything on my ID card copy?', 'en'],
  // a Thai question naming an English code or programme is Thai
  ['ติด I ในวิชา IT ต้องทำอย่างไร', 'th'],
  // an English question naming the Thai loan fund is English
  ['how many volunteer hours does the กยศ loan need?', 'en'],
  ['12.15 – 13.00', 'th'],
] as const)('%s is written in %s', (text, language) => {
  expect(writtenIn(text)).toBe(language);
});

test('a question is paired with its gold document language; questions across languages are counted apart', async () => {
  const thai = join(root, 'thai-regulation.txt');
  const english = join(root, 'english-regulation.txt');
  writeFileSync(thai, 'ข้อ ๑ นักศึกษาที่ประสงค์จะลาพักการศึกษาให้ยื่นคำร้องต่อคณบดีภายในสองสัปดาห์แรกของภาคการศึกษา\n');
  writeFileSync(
    english,
    'Article 1. A student who wishes to take a leave of absence shall submit a request to the Dean within the first two weeks of the semester.\n',
  );
  const { openLibrary, prepareLibrary } = await import('./library-cache');
  const { languagePair } = await import('./languages');
  const library = await prepareLibrary([thai, english]);
  const ctx = await openLibrary(library);
  try {
    const q = (text: string, gold_file: string | null) => ({ id: 'q', text, kind: 'answer' as const, gold_file });
    expect(await languagePair(ctx, library.files, q('ลาพักการศึกษาต้องยื่นถึงใคร', 'english-regulation.txt'))).toBe('th→en');
    expect(await languagePair(ctx, library.files, q('who approves a leave of absence?', 'thai-regulation.txt'))).toBe('en→th');
    expect(await languagePair(ctx, library.files, q('ลาพักการศึกษาต้องยื่นถึงใคร', 'thai-regulation.txt'))).toBe('th→th');
    expect(await languagePair(ctx, library.files, q('ลาพักการศึกษาต้องยื่นถึงใคร', 'not-in-the-library.pdf'))).toBeNull();
    expect(await languagePair(ctx, library.files, q('ลาพักการศึกษาต้องยื่นถึงใคร', null))).toBeNull();
  } finally {
    await ctx.close();
  }
}, 120_000);

test('the summary groups answerable questions by language pair and the report pools the pairs that cross', () => {
  const o = (id: string, languagePair: string, right: boolean, fallback: boolean): Outcome => ({
    id,
    kind: 'answer',
    paraphrase: null,
    languagePair,
    confidence: fallback ? 10 : 70,
    fallback,
    refRight: right,
    keywordsRight: right,
    right,
    topRef: '-',
  });
  const s = summarise([o('a', 'th→th', true, false), o('b', 'th→en', true, false), o('c', 'th→en', false, true), o('d', 'en→th', false, true)]);
  expect(Object.keys(s.byLanguage)).toEqual(['en→th', 'th→en', 'th→th']);
  expect(s.byLanguage['th→en']).toEqual({ n: 2, ref: 0.5, keywords: 0.5, right: 0.5, fallback: 0.5 });
  const across = acrossLanguages(s)!;
  expect(across.n).toBe(3);
  expect(across.right).toBeCloseTo(1 / 3, 10);
  expect(across.fallback).toBeCloseTo(2 / 3, 10);
  expect(acrossLanguages(summarise([o('a', 'th→th', true, false)]))).toBeUndefined();
});
