import { describe, expect, test } from 'bun:test';
import { resolve } from 'node:path';
import { extractDocument } from './index.ts';
import { latinLayerProbe, layerIsForeignOcr, thaiShare } from './latin-layer.ts';
import { buildPdf, tempFile } from './test-fixtures.ts';

// A real SSRU memo form (real_dev): a Thai page whose text layer is an English OCR's reading of it.
const ENGLISH_OCR_LAYER = resolve(import.meta.dir, '../..', '../shared/eval/real_dev/docs/ssru/fms14.pdf');

describe('a text layer of Latin letters over a Thai page', () => {
  test.each([
    ['English OCR of a Thai page', [{ page: 1, text: "r0u.:nulJ'r?1ru'raullgn,rlu{l\"ru 'jrdrunr:sirrfi ulrundrvilrufi" }], 1],
    [
      'the page with the most Latin letters is probed',
      [
        { page: 1, text: 'ab' },
        { page: 2, text: "niuisoIvlmn: nisdier~vinirl&msaaarou~aa'a XosEuumiua" },
      ],
      2,
    ],
    ['a Thai layer', [{ page: 1, text: 'ข้อ ๑ ข้อบังคับนี้เรียกว่า ข้อบังคับมหาวิทยาลัยว่าด้วยการศึกษา ระดับปริญญาตรี' }], null],
    ['Thai with English course names', [{ page: 1, text: 'วิชา 204102 คณิตศาสตร์สำหรับคอมพิวเตอร์ (Mathematics for Computer) หน่วยกิต ๓' }], null],
    ['too few letters to judge', [{ page: 1, text: 'A 9 8 x' }], null],
  ] as const)('%s', (_name, pages, probe) => {
    expect(latinLayerProbe(pages)).toBe(probe);
  });

  test('Thai OCR that reads Thai where the layer has none calls the layer foreign', () => {
    expect(thaiShare('บันทึกข้อความ ส่วนราชการ abc')).toBeGreaterThan(0.7);
    expect(layerIsForeignOcr('บันทึกข้อความ ส่วนราชการ คณะวิทยาการจัดการ', 'Auu ~e.rntau~@iuu~~ni~')).toBe(true);
    expect(layerIsForeignOcr('Registration fees are paid before the term', 'Registration fees are paid before the term')).toBe(false);
  });

  test('a real memo form whose layer is English OCR is read by Thai OCR', async () => {
    const r = await extractDocument(ENGLISH_OCR_LAYER);
    expect(r.usedOcr).toBe(true);
    expect(thaiShare(r.text)).toBeGreaterThan(0.6);
    expect(r.text).toContain('คณะวิทยาการจัดการ');
  }, 120_000);

  test('a document in English keeps its own text layer', async () => {
    const text = 'Registration fees are paid before the term starts';
    const r = await extractDocument(tempFile('english.pdf', buildPdf({ text })));
    expect(r.method).toBe('pdf-text');
    expect(r.usedOcr).toBe(false);
    expect(r.text).toContain(text);
  }, 120_000);
});
