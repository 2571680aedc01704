import { describe, expect, test } from 'bun:test';
import { layoutPageText, type TextRun } from './pdf-layout.ts';
import { spreadHalves } from './pdf-spread.ts';

// An A4 landscape sheet (842 × 595 pt) and an A4 portrait page.
const LANDSCAPE = { view: [0, 0, 842, 595], rotate: 0 };
const PORTRAIT = { view: [0, 0, 595, 842], rotate: 0 };
const run = (text: string, x: number, y: number, width = text.length * 5): TextRun => ({ text, x, y, width, size: 12 });

// Two printed pages of a curriculum summary side by side, their lines at the same heights (one template).
const leftPage = ['มคอ.2 รายละเอียดของหลักสูตร', 'หลักสูตรวิทยาศาสตรบัณฑิต', 'สาขาวิชาวิทยาการคอมพิวเตอร์'];
const rightPage = ['4. หลักสูตรและอาจารย์ผู้สอน', '4.1.1 จำนวนหน่วยกิตรวม 128 หน่วยกิต', '4.1.2 โครงสร้างหลักสูตร'];
const twoUp = leftPage.flatMap((t, i) => [run(t, 60, 500 - i * 20), run(rightPage[i], 480, 500 - i * 20)]);

describe('spreadHalves: two printed pages on one landscape sheet', () => {
  test.each([
    ['two pages side by side, clear of the middle: read apart', twoUp, LANDSCAPE, true],
    ['the same text on a portrait page: one page', twoUp, PORTRAIT, false],
    ['a rotated sheet: not judged here', twoUp, { view: [0, 0, 842, 595], rotate: 90 }, false],
    ['a landscape table whose cell runs across the middle: one page', [...twoUp, run('ค่าธรรมเนียมการศึกษาต่อภาคการศึกษา', 380, 420, 120)], LANDSCAPE, false],
    [
      "a landscape table whose column starts right beside the middle: one page (no two pages' margins between)",
      leftPage.flatMap((t, i) => [run(t, 60, 500 - i * 20, 300), run(rightPage[i], 430, 500 - i * 20)]),
      LANDSCAPE,
      false,
    ],
    ['text on the left half only: one page', leftPage.map((t, i) => run(t, 60, 500 - i * 20)), LANDSCAPE, false],
  ])('%s', (_, runs, sheet, two) => {
    expect(spreadHalves(runs, sheet) !== null).toBe(two);
  });

  test('each half is laid out on its own: the left page, then the right page, no line of one glued to the other', () => {
    // before: one sheet read by baseline put each left line and right line on one row
    expect(layoutPageText(twoUp).split('\n')[0]).toContain('\t');
    const halves = spreadHalves(twoUp, LANDSCAPE)!;
    const text = halves.map(layoutPageText).join('\n\n');
    expect(text).not.toContain('\t');
    expect(text.indexOf('สาขาวิชาวิทยาการคอมพิวเตอร์')).toBeLessThan(text.indexOf('4. หลักสูตรและอาจารย์ผู้สอน'));
    expect(text).toContain('4.1.1 จำนวนหน่วยกิตรวม 128 หน่วยกิต');
  });
});
