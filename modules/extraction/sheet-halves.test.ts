import { describe, expect, test } from 'bun:test';
import { resolve } from 'node:path';
import { layoutPageText, type TextRun } from './pdf-layout.ts';
import { extractPdfTextPages, openPdf } from './pdf-text.ts';
import { sheetHalves } from './sheet-halves.ts';

// A landscape sheet 842 × 595; lines 20 apart from the top, one run a cell.
const run = (text: string, x: number, line: number, width = text.length * 6): TextRun => ({ text, x, y: 560 - line * 20, width, size: 12 });
// a course row of a curriculum: code and name, then credits two columns on
const course = (code: string, name: string, credits: string, x: number, line: number) => [run(`${code} ${name}`, x, line), run(credits, x + 300, line)];

const leftPage = Array.from({ length: 20 }, (_, i) => course(`0141${8100 + i}`, `วิชาบังคับกลุ่มซ้ายที่ ${i + 1}`, '3(3-0-6)', 40, i + 1)).flat();
const rightPage = Array.from({ length: 20 }, (_, i) => course(`0141${8200 + i}`, `วิชาเลือกกลุ่มขวาที่ ${i + 1}`, '4(4-0-8)', 440, i + 1)).flat();

describe('sheetHalves: two printed pages on one landscape sheet', () => {
  test('two pages side by side, their lines at the same heights: read one page, then the other (before: each line ran into the other page’s)', () => {
    const halves = sheetHalves([...leftPage, ...rightPage]);
    expect(halves).not.toBeNull();
    const [left, right] = halves!.map(layoutPageText);
    expect(left).toContain('01418100 วิชาบังคับกลุ่มซ้ายที่ 1\t3(3-0-6)');
    expect(left).not.toContain('วิชาเลือก');
    expect(right).toContain('01418219 วิชาเลือกกลุ่มขวาที่ 20\t4(4-0-8)');
    expect(right).not.toContain('วิชาบังคับ');
  });

  test('a title across the middle: one page', () => {
    expect(sheetHalves([run('ตารางรายวิชาของหลักสูตรวิทยาศาสตรบัณฑิต สาขาวิชาวิทยาการคอมพิวเตอร์ ฉบับปรับปรุง', 150, 0, 600), ...leftPage, ...rightPage])).toBeNull();
  });

  test('a landscape table whose right columns are marks (a skills matrix): one page', () => {
    const marks = Array.from({ length: 20 }, (_, i) => run('• ○ • ○ •', 440, i + 1, 120));
    expect(sheetHalves([...leftPage, ...marks])).toBeNull();
  });

  test('a half holding a few lines beside a full page: one page', () => {
    expect(sheetHalves([...leftPage, ...rightPage.slice(0, 4)])).toBeNull();
  });

  test('a page of a million runs is read (before: its extent was taken by spreading every run into Math.min)', () => {
    const many = Array.from({ length: 1_000_000 }, (_, i) => run('ก', 40 + (i % 50) * 6, 1 + (i % 25)));
    expect(() => sheetHalves(many)).not.toThrow();
  });

  test('a portrait page of two columns is not a sheet of two pages', () => {
    const tall = [...leftPage, ...rightPage].map((r) => ({ ...r, y: r.y * 2 }));
    expect(sheetHalves(tall)).toBeNull();
  });
});

// SUT's grant flowchart (real_dev): a landscape sheet of two columns of steps, the second continuing the first.
const SHARED = resolve(import.meta.dir, '../..', '../shared/eval/real_dev/docs');

test('real sheet: the SUT flowchart reads its first column of steps, then its second', async () => {
  const doc = await openPdf(new Uint8Array(await Bun.file(`${SHARED}/sut/gradpresent.pdf`).arrayBuffer()));
  try {
    const [page] = (await extractPdfTextPages(doc)).pages;
    const text = page!.text;
    // the step naming what to hand in, and where, comes before the second column's steps, not on their lines
    expect(text).toContain('นักศึกษายื่นเอกสาร 1) และ 2) ที่สถานวิจัยสำนักวิชาที่นักศึกษาสังกัด\n');
    expect(text.indexOf('จำนวน 12 ชุด')).toBeLessThan(text.indexOf('นักศึกษาผู้นำเสนอผลงานขออนุมัติเบิกเงินงวดที่ 1'));
    expect(text).not.toMatch(/จำนวน 12 ชุด\t/);
  } finally {
    await doc.loadingTask.destroy();
  }
});
