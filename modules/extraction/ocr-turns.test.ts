import { expect, test } from 'bun:test';
import type { Page } from 'tesseract.js';
import { keepsTurn, pagesToTurnAgain, readingQuality } from './ocr';

/** A reading of words, each [text, confidence]. */
const reading = (words: Array<[string, number]>, confidence = 0) =>
  ({
    text: words.map(([t]) => t).join(' '),
    confidence,
    blocks: [{ paragraphs: [{ lines: [{ words: words.map(([text, c]) => ({ text, confidence: c })) }] }] }],
  }) as unknown as Pick<Page, 'blocks' | 'text' | 'confidence'>;

test('noise read at middling confidence over more characters reads worse than the text read clearly', () => {
  // the real_fresh_f letter's shape: a quarter turn the wrong way reads ~65 over more characters, the right way ~92
  const noise = reading(Array.from({ length: 30 }, () => ['บยนทะหนแทพไหญาร', 64]));
  const text = reading(Array.from({ length: 25 }, () => ['ขอเรียนเชิญเข้าร่วม', 92]));
  expect(readingQuality(text)).toBeGreaterThan(readingQuality(noise));
});

test('a page read near-empty reads worse than a page of text, however sure tesseract is of the little it read', () => {
  const nearEmpty = reading([['ก', 95]], 95);
  const text = reading(
    Array.from({ length: 20 }, () => ['ประกาศมหาวิทยาลัย', 80]),
    80,
  );
  expect(readingQuality(text)).toBeGreaterThan(readingQuality(nearEmpty));
});

test('a reading without word boxes is weighed by its text and its page confidence', () => {
  const plain = { text: 'ข้อ ๑ ระเบียบนี้', confidence: 90, blocks: null } as unknown as Pick<Page, 'blocks' | 'text' | 'confidence'>;
  expect(readingQuality(plain)).toBeCloseTo('ข้อ๑ระเบียบนี้'.length * 0.81);
});

test('pages read upright doubtfully among turned pages are read again at the turn most of them needed', () => {
  // real_fresh_f's letter: page 1 read as noise upright (64), pages 2-4 read best turned three quarters, page 5 too
  expect(pagesToTurnAgain([0, 270, 270, 270, 270], [64, 93, 93, 92, 85])).toEqual({ turn: 270, pages: [0] });
  // a page read upright clearly is left as it is
  expect(pagesToTurnAgain([0, 90, 0], [91, 88, 79])).toEqual({ turn: 90, pages: [2] });
  // the turn most pages needed
  expect(pagesToTurnAgain([90, 270, 270, 0], [80, 85, 85, 60])).toEqual({ turn: 270, pages: [3] });
  // no page turned: nothing to read again (an upright document of faint scans pays nothing)
  expect(pagesToTurnAgain([0, 0, 0], [55, 60, 70])).toBeNull();
  // every upright page clear: nothing either
  expect(pagesToTurnAgain([0, 180], [90, 85])).toBeNull();
});

test('a turned reading is kept only when it reads as text: noise on a picture page or turned the wrong way is not', () => {
  const empty = reading([], 95);
  // real_fresh_i's 5ส handbook, a picture page turned three quarters: 26 characters at 50
  const pictureNoise = reading(
    [
      ['เว', 50],
      ['“จว]', 50],
      ['ซี', 50],
      ['จ', 50],
      ['ฒาง', 50],
      ['เฉ', 50],
      ['“ร', 50],
      ['กตะเณนน', 50],
      ['ั๒”', 50],
    ],
    50,
  );
  const wrongWay = reading(
    Array.from({ length: 30 }, () => ['บยนทะหนแทพไหญาร', 65]),
    65,
  );
  const rightWay = reading(
    Array.from({ length: 25 }, () => ['ขอเรียนเชิญเข้าร่วม', 92]),
    92,
  );
  expect(keepsTurn(empty, pictureNoise)).toBe(false);
  expect(keepsTurn(empty, wrongWay)).toBe(false);
  expect(keepsTurn(empty, rightWay)).toBe(true);
  expect(keepsTurn(wrongWay, rightWay)).toBe(true);
  expect(keepsTurn(rightWay, wrongWay)).toBe(false);
});
