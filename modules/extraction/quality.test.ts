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

  // Lines as a curriculum's text layer in an old Thai font gives them (KU computer engineering 2560: the tone
  // mark ่ comes out as ' or 6, ้ง as E), and the same lines as they should read.
  const legacy = [
    "ชื'อสถาบันอุดมศึกษา มหาวิทยาลัยเกษตรศาสตร์",
    "หมวดที' 1 ข้อมูลทั 'วไป",
    '01219362 การเรียนรู้ของเครื6องจักร 3(3-0-6)',
    '01219411 ความมั 6นคงของระบบคอมพิวเตอร์ ทัEหมด',
  ];
  const healthy = [
    'ชื่อสถาบันอุดมศึกษา มหาวิทยาลัยเกษตรศาสตร์',
    'หมวดที่ 1 ข้อมูลทั่วไป',
    '01219362 การเรียนรู้ของเครื่องจักร 3(3-0-6)',
    '01219411 ความมั่นคงของระบบคอมพิวเตอร์ ทั้งหมด',
  ];
  test.each([
    ['an old font: marks read as Latin letters and digits inside Thai words', legacy.join('\n'), true],
    ['the same text read right', healthy.join('\n'), false],
    // (a registration manual's layer, real_new UP: ้ as $, ็ as *, ่ as a control character)
    ['an old font: marks read as symbols and control characters', 'ให$ใช$สำเนาทะเบียนบ$านตามภูมิลำเนาเดิม เป*นผู$อุปการะ การเข$าสู\u0013ระบบ', true],
    ['symbols beside Thai words, spaced as written: healthy', 'ค่าปรับ $5 ต่อวัน *หมายเหตุ 3 < 4 และ ก + ข', false],
    ['numbers and English beside Thai words, spaced as written: healthy', 'ภายใน 30 วัน ตามข้อ 5 (Business Intelligence) พ.ศ. 2560 ม.6 ได้ 3.00', false],
    ['one glued digit in a long page is no font', `${healthy.join(' ').repeat(3)} รหัส2560ปี`, false],
    ['a page of OCR with a few glued letters (too few to blame a font)', legacy.join('\n').slice(0, 60) + healthy.join(' ').repeat(3), false],
  ])('legacy font: %s', (_, text, flagged) => {
    // a layer of a few pages: the lines four times over
    const q = assessQuality([{ page: 1, text: text.repeat(4) }]);
    expect(q.reasons.includes('legacy_font')).toBe(flagged);
    if (flagged) expect(q.score).toBeLessThanOrEqual(0.5);
  });
});
