import { describe, expect, test } from 'bun:test';
import { assessQuality } from './quality.ts';
import { extractDocument } from './index.ts';
import { doc } from './test-fixtures.ts';

describe('assessQuality', () => {
  test('a healthy Thai text layer does not suggest OCR', async () => {
    const r = await extractDocument(doc('regulation.pdf'), { ocr: 'off' });
    expect(r.quality.suggestOcr).toBe(false);
    expect(r.quality.saraAmPer1000).toBeGreaterThan(5);
    expect(r.quality.score).toBe(1);
  });

  test('a Word + TH SarabunIT๙ PDF that lost ำ suggests OCR', async () => {
    const r = await extractDocument(doc('real-cmu-reg-payment.pdf'), { ocr: 'off' });
    expect(r.quality.suggestOcr).toBe(true);
    expect(r.quality.reasons).toContain('sara_am_missing');
    expect(r.method).toBe('pdf-text');
  });

  test('scans without a text layer suggest OCR', async () => {
    for (const name of ['regulation-scan-clean300.pdf', 'regulation-scan-degraded200.pdf']) {
      const { extractPdfTextPages, openPdf } = await import('./pdf-text.ts');
      const pdf = await openPdf(new Uint8Array(await Bun.file(doc(name)).arrayBuffer()));
      const layer = await extractPdfTextPages(pdf);
      await pdf.loadingTask.destroy();
      const q = assessQuality(layer.raw);
      expect(q.suggestOcr).toBe(true);
      expect(q.reasons).toContain('no_text_layer');
    }
  });

  test('too little text, broken characters', () => {
    expect(
      assessQuality([
        { page: 1, text: 'หน้า ๑' },
        { page: 2, text: '' },
      ]).reasons,
    ).toContain('too_little_text');
    const junk = 'ข้อความ'.repeat(30) + '\uFFFD'.repeat(20);
    expect(assessQuality([{ page: 1, text: junk }]).reasons).toContain('broken_characters');
  });
});
