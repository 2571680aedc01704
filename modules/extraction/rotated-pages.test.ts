import { describe, expect, test } from 'bun:test';
import { resolve } from 'node:path';
import { layoutPageText } from './pdf-layout.ts';
import { extractPdfTextPages, openPdf, toRuns } from './pdf-text.ts';

// A landscape page stored as a portrait page turned a quarter, its text drawn turned the other way (pdf-text.ts
// toRuns): read in the frame of the way its text runs, not in page space.

/** A pdf.js text item: `turn` quarter turns anticlockwise, at (x, y) on the page, `width` along the text. */
const item = (str: string, turn: number, x: number, y: number, width: number, size = 20) => {
  const [cos, sin] = [Math.round(Math.cos((turn * Math.PI) / 2)), Math.round(Math.sin((turn * Math.PI) / 2))];
  return { str, transform: [size * cos, size * sin, -size * sin, size * cos, x, y], width, height: size };
};

/** Two lines of a table row and a heading, written along `turn` from (x, y): each line one line-height further down the glyphs. */
function table(turn: number, x: number, y: number) {
  const [ax, ay] = [Math.round(Math.cos((turn * Math.PI) / 2)), Math.round(Math.sin((turn * Math.PI) / 2))];
  const [downX, downY] = [ay, -ax]; // a quarter turn clockwise from the text's way: the next line
  const at = (line: number, along: number) => [x + along * ax + line * 30 * downX, y + along * ay + line * 30 * downY] as const;
  return [
    item('หมวดวิชาเฉพาะ', turn, ...at(0, 0), 130),
    item('AIM1201', turn, ...at(1, 0), 70),
    item('หลักการโฆษณา', turn, ...at(1, 75), 110),
    item('3(3-0-6)', turn, ...at(1, 300), 60),
    item('AIM1202', turn, ...at(2, 0), 70),
    item('หลักการสื่อสารการตลาด', turn, ...at(2, 75), 160),
    item('3(3-0-6)', turn, ...at(2, 300), 60),
  ];
}
const READ = 'หมวดวิชาเฉพาะ\n\nAIM1201 หลักการโฆษณา\t3(3-0-6)\nAIM1202 หลักการสื่อสารการตลาด\t3(3-0-6)';

describe('a page is read in the frame of the way most of its text runs', () => {
  test.each([
    ['upright', 0, 80, 700],
    ['turned a quarter (text running up the page, /Rotate 90)', 1, 150, 60],
    ['turned half', 2, 500, 100],
    ['turned three quarters (text running down the page, /Rotate 270)', 3, 400, 800],
  ])('%s', (_, turn, x, y) => {
    expect(layoutPageText(toRuns(table(turn, x, y)))).toBe(READ);
  });

  test('an upright page keeps its positions as pdf.js gives them, a turned stamp on it included', () => {
    const items = [...table(0, 80, 700), item('สำเนา', 1, 560, 300, 40)];
    expect(toRuns(items).map((r) => [r.x, r.y])).toEqual(items.map((i) => [i.transform[4], i.transform[5]]));
  });

  test('the way most characters run decides, not most runs', () => {
    const turned = table(1, 150, 60);
    const upright = ['ก', 'ข', 'ค', 'ง', 'จ', 'ฉ', 'ช', 'ซ'].map((s, i) => item(s, 0, 20 * i, 20, 10));
    const runs = toRuns([...turned, ...upright]);
    expect(runs[0]).toMatchObject({ x: 60, y: -150 });
  });

  test('marked-content markers are left out', () => {
    expect(toRuns([{ type: 'beginMarkedContent' }, item('ข้อ', 0, 1, 2, 20)])).toEqual([{ text: 'ข้อ', x: 1, y: 2, width: 20, size: 20 }]);
  });
});

// Real PDFs of real_dev: SSRU's curriculum summaries are landscape tables stored turned (/Rotate 90, every run's
// matrix 0 1 −1 0); SUT's grant flowchart the other way (/Rotate 270).
const SHARED = resolve(import.meta.dir, '../..', '../shared/eval/real_dev/docs');

async function pages(file: string): Promise<string[]> {
  const doc = await openPdf(new Uint8Array(await Bun.file(`${SHARED}/${file}`).arrayBuffer()));
  try {
    return (await extractPdfTextPages(doc)).pages.map((p) => p.text);
  } finally {
    await doc.loadingTask.destroy();
  }
}

describe('real landscape pages stored turned', () => {
  test('SSRU curriculum: headings read as lines, each course a row of code, name and credits', async () => {
    const text = await pages('ssru/AD.pdf');
    expect(text[4]).toContain('ก. หมวดวิชาการศึกษาทั่วไป(GE) จำนวน 10 วิชา 30 หน่วยกิต');
    expect(text[6]).toContain('AIM1201 หลักการโฆษณา\t3(3-0-6)');
    expect(text.join('\n')).not.toMatch(/[A-Z]{3}\d{4}[A-Z]{3}\d{4}/); // codes glued together, away from their names
  });

  test('SUT flowchart turned the other way: its title is one line', async () => {
    const [text] = await pages('sut/gradpresent.pdf');
    expect(text!.split('\n')[0]).toBe('ขั้นตอนการขอรับเงินอุดหนุนการนำเสนอผลงานระดับบัณฑิตศึกษา');
  });
});
