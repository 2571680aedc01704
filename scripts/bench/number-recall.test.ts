import { describe, expect, test } from 'bun:test';
import { numberRecall, numbersOf } from './number-recall';

describe('numbersOf: numbers as a reader of the page splits them', () => {
  test.each([
    ['ภายใน ๑๕ วัน', ['15']],
    ['ค่าธรรมเนียม ๑๕๐,๐๐๐ บาท', ['150,000']],
    ['เกรดเฉลี่ย ๑.๗๕ ขึ้นไป', ['1.75']],
    ['คำสั่งที่ ๓/๒๕๖๗', ['3/2567']],
    ['เวลา 08.30 น.', ['08.30']],
    ['๑๘ - ๒๒ มกราคม', ['18', '22']],
    ['โทร ๐-๒๕๒๙-๐๖๗๔-๗', ['0', '2529', '0674', '7']],
    ['(๒) มีความประพฤติดี', ['2']],
    ['ข้อ ๑. ให้ใช้', ['1']],
    ['๑๒:๓๐', ['12:30']],
    ['ไม่มีตัวเลข', []],
  ])('%s', (text, expected) => {
    expect(numbersOf(text)).toEqual(expected);
  });
});

describe('numberRecall', () => {
  test('each OCR number answers one printed number; Thai and Arabic digits of one value are the same number', () => {
    expect(numberRecall(['๒๕๖๗', '๒๕๖๗', '๑๕'], 'พ.ศ. 2567 และ ๑๕ วัน')).toEqual({ truth: 3, read: 2, found: 2 });
  });
  test('a misread digit or a lost separator is a miss', () => {
    expect(numberRecall(['๒๕๖๓', '๙.๓'], 'พ.ศ. ๒๕๐๓ ข้อ ๙๓')).toEqual({ truth: 2, read: 2, found: 0 });
  });
  test('numbers a person could not read are left out of the truth', () => {
    expect(numberRecall(['๑?', '๒'], '๑๒ ๒')).toEqual({ truth: 1, read: 2, found: 1 });
  });
});
