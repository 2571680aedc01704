import { describe, expect, test } from 'bun:test';
import { resolve } from 'node:path';
import { extractPdfTextPages, openPdf } from './pdf-text.ts';
import { assessQuality } from './quality.ts';

// Real PDFs of real_dev and real_new whose fonts put Thai letters and marks on other code points (normalize.ts
// mapLatinThaiLetters, quality.ts WEDGED).
const SHARED = resolve(import.meta.dir, '../..', '../shared/eval/real_dev/docs/crru');

describe('a Royal Gazette standard whose font writes ว ศ ษ ส ห as ü ý þ ÿ Ā', () => {
  test('its text layer reads as Thai, and is not sent to OCR for it', async () => {
    const data = new Uint8Array(await Bun.file(`${SHARED}/08-มาตรฐานหลักสูตรระดับอุดมศึกษา-65.pdf`).arrayBuffer());
    const doc = await openPdf(data);
    try {
      const { pages, raw } = await extractPdfTextPages(doc);
      const text = pages.map((p) => p.text).join('\n');
      expect(text).toContain('มาตรฐานหลักสูตรการศึกษาระดับอุดมศึกษา');
      expect(text).toContain('ระยะเวลา');
      expect(text).not.toMatch(/[\u00FC-\u0100]/);
      // the raw layer still carries the font's code points: what the mapping reads back, not a garble to OCR
      expect(raw.map((p) => p.text).join('\n')).toMatch(/Āลักÿูตร/);
      expect(assessQuality(raw).reasons).not.toContain('legacy_font');
    } finally {
      await doc.loadingTask.destroy();
    }
  });
});
