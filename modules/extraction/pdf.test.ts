import { describe, expect, test } from 'bun:test';
import { extractDocument } from './index.ts';
import { characterErrorRate } from './cer.ts';
import type { ExtractionError } from './errors.ts';
import { layoutPageText } from './pdf-layout.ts';
import type { ExtractProgress } from './types.ts';
import { buildPdf, doc, readText, tempFile } from './test-fixtures.ts';

async function cerOf(pdf: string, truth: string): Promise<number> {
  const r = await extractDocument(doc(pdf), { ocr: 'off' });
  expect(r.method).toBe('pdf-text');
  return characterErrorRate(r.text, await readText(truth));
}

describe('PDF text layer', () => {
  test('regulation.pdf (TH Sarabun New) CER ≤ 0.5%', async () => {
    expect(await cerOf('regulation.pdf', 'regulation.txt')).toBeLessThanOrEqual(0.005);
  });

  test('regulation-noto.pdf (justified, distributed Thai) CER ≤ 1%', async () => {
    expect(await cerOf('regulation-noto.pdf', 'regulation.txt')).toBeLessThanOrEqual(0.01);
  });

  test('regulation-noto.pdf: justified lines leave no space inside a Thai word (CER ignores spaces, this does not)', async () => {
    const r = await extractDocument(doc('regulation-noto.pdf'), { ocr: 'off' });
    const truth = await readText('regulation.txt');
    const seg = new Intl.Segmenter('th', { granularity: 'word' });
    const words = [...new Set([...seg.segment(truth)].filter((w) => w.isWordLike && /[ก-๛]{4,}/.test(w.segment)).map((w) => w.segment))];
    expect(words.length).toBeGreaterThan(100);
    expect(words.filter((w) => !r.text.includes(w))).toEqual([]);
    const thaiGaps = (t: string) => (t.match(/(?<=[ก-๛]) +(?=[ก-๛])/g) ?? []).length;
    expect(thaiGaps(r.text)).toBeLessThanOrEqual(thaiGaps(truth));
  });

  test('paragraphs are rebuilt and the table keeps its rows and columns', async () => {
    const r = await extractDocument(doc('regulation.pdf'), { ocr: 'off' });
    expect(r.pages.map((p) => p.page)).toEqual([1, 2]);
    expect(r.text).toBe(r.pages.map((p) => p.text).join('\n\n'));
    expect(r.text).toContain('ประเภทองค์กรนักศึกษา\tงบประมาณสูงสุดต่อโครงการ (บาท)\tจำนวนโครงการสูงสุดต่อปี\nองค์การนักศึกษา\t๑๕๐,๐๐๐\t๘');
    expect(r.text).toContain('\n\nข้อ ๒ ข้อบังคับนี้ให้ใช้บังคับตั้งแต่วันถัดจากวันประกาศเป็นต้นไป\n\n');
    expect(r.text).toContain('ให้เหมาะสมกับสภาพการณ์ปัจจุบัน'); // wrapped inside a Thai word: no space
  });

  test('legacy private-use glyphs are all mapped (academic calendar)', async () => {
    const r = await extractDocument(doc('real-cmu-academic-calendar-2568.pdf'), { ocr: 'off' });
    expect(r.pages).toHaveLength(7);
    expect(r.text).not.toMatch(/[\uF700-\uF71A]/);
    expect(r.text).toContain('ที่');
  });

  test('per-page progress, in order', async () => {
    const events: ExtractProgress[] = [];
    await extractDocument(doc('regulation-noto.pdf'), { ocr: 'off', onProgress: (p) => events.push(p) });
    const extract = events.filter((e) => e.phase === 'extract').map((e) => `${e.done}/${e.total}`);
    expect(extract).toEqual(['0/3', '1/3', '2/3', '3/3']);
    expect(events[0].phase).toBe('read');
  });

  test('abort stops extraction', async () => {
    const ctl = new AbortController();
    ctl.abort();
    const err = await extractDocument(doc('regulation.pdf'), { signal: ctl.signal }).catch((e: unknown) => e);
    expect((err as ExtractionError).code).toBe('aborted');
  });

  test('encrypted, corrupt, empty and unsupported inputs give stable codes', async () => {
    const code = (path: string) =>
      extractDocument(path, { ocr: 'off' }).then(
        () => 'ok',
        (e: ExtractionError) => e.code,
      );
    expect(await code(tempFile('locked.pdf', buildPdf({ encrypt: true })))).toBe('encrypted');
    expect(await code(tempFile('broken.pdf', '%PDF-1.7\n' + 'garbage '.repeat(50)))).toBe('corrupt');
    expect(await code(tempFile('blank.pdf', buildPdf()))).toBe('empty');
    expect(await code(tempFile('image.png', new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0])))).toBe('unsupported_type');
  });

  test('TXT is read as is, BOM stripped', async () => {
    const r = await extractDocument(tempFile('a.txt', '\uFEFFข้อ ๑ ทดสอบ\n'));
    expect(r).toMatchObject({ text: 'ข้อ ๑ ทดสอบ', method: 'txt', usedOcr: false });
  });
});

describe('layoutPageText', () => {
  const run = (text: string, x: number, y: number, width: number) => ({ text, x, y, width, size: 16 });

  test('split glyph runs join without a space; word gaps and wide gaps give space and tab', () => {
    const text = layoutPageText([
      run('ผู้น', 100, 700, 20),
      run('ำ', 120, 700, 0),
      run(' ', 119.8, 700, 0.3),
      run('า', 120, 700, 5),
      run('ความ', 129, 700, 20),
      run('๘', 300, 700, 7),
    ]);
    expect(text).toBe('ผู้นำา ความ\t๘');
  });

  test('wrapped lines of one paragraph join; an indented line starts a new one', () => {
    const lines = [run('ข้อ ๑ ข้อความยาวมากที่ตัดบรรทัด', 156, 700, 380), run('ต่อท้าย', 85, 679, 40), run('ข้อ ๒ ใหม่', 156, 658, 60)];
    expect(layoutPageText(lines)).toBe('ข้อ ๑ ข้อความยาวมากที่ตัดบรรทัดต่อท้าย\n\nข้อ ๒ ใหม่');
  });
});
