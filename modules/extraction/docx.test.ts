import { describe, expect, test } from 'bun:test';
import { extractDocument } from './index.ts';
import { htmlToText } from './html-text.ts';
import { normalizeThai } from './normalize.ts';
import { ExtractionError } from './errors.ts';
import { buildZip, doc, readText, tempFile } from './test-fixtures.ts';

describe('DOCX extraction', () => {
  test('regulation.docx equals regulation.txt exactly after normalisation', async () => {
    const progress: string[] = [];
    const r = await extractDocument(doc('regulation.docx'), { onProgress: (p) => progress.push(`${p.phase}:${p.done}/${p.total}`) });
    expect(r.text).toBe(normalizeThai(await readText('regulation.txt')));
    expect(r.method).toBe('docx');
    expect(r.pages).toEqual([{ page: 1, text: r.text }]);
    expect(r.usedOcr).toBe(false);
    expect(r.checkSpans).toEqual([]);
    expect(progress).toEqual(['read:0/1', 'read:1/1', 'extract:0/1', 'extract:1/1']);
  });

  test('a zip bomb disguised as .docx is refused before mammoth', async () => {
    const path = tempFile(
      'bomb.docx',
      buildZip([
        { name: 'word/document.xml', data: '<w/>' },
        { name: 'word/media/huge.bin', data: 'x', declaredSize: 300 * 1024 * 1024 },
      ]),
    );
    const err = await extractDocument(path).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ExtractionError);
    expect((err as ExtractionError).code).toBe('zip_bomb');
  });
});

describe('htmlToText', () => {
  test('paragraphs one per line, entities decoded', () => {
    expect(htmlToText('<p><strong>ข้อ ๑</strong> ทดสอบ &amp; ลอง</p><p></p><h2>หมวด&nbsp;๒</h2>')).toBe('ข้อ ๑ ทดสอบ & ลอง\nหมวด ๒');
  });

  test('tables become tab-separated rows; paragraphs inside a cell join with a space', () => {
    const html = '<table><tr><td><p>ประเภท</p></td><td><p>งบประมาณ</p><p>(บาท)</p></td></tr><tr><td>ชมรม</td><td>๒๕,๐๐๐</td></tr></table><p>ต่อ</p>';
    expect(htmlToText(html)).toBe('ประเภท\tงบประมาณ (บาท)\nชมรม\t๒๕,๐๐๐\nต่อ');
  });

  test('list numbering is kept', () => {
    expect(htmlToText('<ol><li>หนึ่ง</li><li><p>สอง</p></li></ol><ul><li>จุด</li></ul>')).toBe('1. หนึ่ง\n2. สอง\n- จุด');
  });
});
