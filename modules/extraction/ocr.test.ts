// OCR tests share one lazily created worker pool; it is shut down at the end.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { setOcrCacheDir } from './ocr-cache.ts';
import { extractDocument, shutdownOcr } from './index.ts';
import { characterErrorRate, digitAccuracy } from './cer.ts';
import { findCheckSpans } from './check-spans.ts';
import { restoreSaraAmFromOcr } from './ocr-merge.ts';
import { ocrPdfPages, ocrTuning } from './ocr.ts';
import { fixThaiOcrMisreads } from './ocr-text.ts';
import type { ExtractProgress } from './types.ts';
import { buildPdf, doc, readText, tempFile } from './test-fixtures.ts';

// OCR is CPU-bound; a busy CI box needs head room.
const OCR_TIMEOUT = 240_000;

// These tests OCR for real (the engine, its timing and its aborts), never from the test runner's store of readings.
beforeAll(() => setOcrCacheDir(null));
afterAll(async () => {
  setOcrCacheDir(undefined);
  await shutdownOcr();
});

describe('OCR of scanned PDFs', () => {
  test(
    'clean 300 dpi scan: auto OCR, CER ≤ 3%, digits ≥ 97%, per-page progress, check spans',
    async () => {
      const events: ExtractProgress[] = [];
      const r = await extractDocument(doc('regulation-scan-clean300.pdf'), { onProgress: (p) => events.push(p) });
      const truth = await readText('regulation.txt');
      const cer = characterErrorRate(r.text, truth);
      const digits = digitAccuracy(r.text, truth);
      console.log(`regulation-scan-clean300.pdf OCR CER ${(cer * 100).toFixed(2)}%, digits ${digits.correct}/${digits.total}`);
      expect(cer).toBeLessThanOrEqual(0.03);
      // Clause numbers, dates and amounts: 102/111 with the glyph recheck alone, 110/111 with whole numbers re-read
      // (two digits of margin for tesseract builds that differ, SIMD or not).
      expect(digits.rate).toBeGreaterThanOrEqual(0.97);
      expect(r).toMatchObject({ method: 'ocr', usedOcr: true, userTriggeredOcr: false });
      // Structure as for a text layer: one paragraph per article, Thai words not split by spaces.
      expect(r.text).toMatch(/\n\nข้อ [๐-๙]+ ข้อบังคับนี้ให้ใช้บังคับตั้งแต่วันถัดจากวันประกาศเป็นต้นไป\n\n/);
      expect(r.text).toContain('ว่าด้วยการจัดกิจกรรมขององค์กรนักศึกษา');
      expect(r.text).toMatch(/\nองค์การนักศึกษา\t[๐-๙,]+\t/);
      expect(r.pages.map((p) => p.page)).toEqual([1, 2]);
      expect(events.filter((e) => e.phase === 'ocr').map((e) => `${e.done}/${e.total}`)).toEqual(['0/2', '1/2', '2/2']);
      expect(r.checkSpans.length).toBeGreaterThan(10);
      for (const s of r.checkSpans) expect(r.text.slice(s.start, s.end)).toMatch(/[0-9๐-๙]/);
      expect(r.checkSpans.some((s) => s.kind === 'article')).toBe(true);
      expect(r.checkSpans.some((s) => s.kind === 'date')).toBe(true);
    },
    OCR_TIMEOUT,
  );

  test(
    'degraded 200 dpi scan (skewed, blurred, JPEG): CER ≤ 5%',
    async () => {
      const r = await extractDocument(doc('regulation-scan-degraded200.pdf'));
      const cer = characterErrorRate(r.text, await readText('regulation.txt'));
      console.log(`regulation-scan-degraded200.pdf OCR CER ${(cer * 100).toFixed(2)}%`);
      expect(cer).toBeLessThanOrEqual(0.05);
      expect(r.method).toBe('ocr');
    },
    OCR_TIMEOUT,
  );

  test(
    'pages rendered ahead of recognition read the same, in the order asked, with the time of each stage',
    async () => {
      const path = doc('regulation-scan-g4.pdf');
      const timings = { render: 0, recognize: 0, post: 0, turns: 0 };
      const inTurn = await ocrPdfPages(path, [2, 1]);
      ocrTuning.renderAhead = true;
      const ahead = await ocrPdfPages(path, [2, 1], { timings }).finally(() => {
        ocrTuning.renderAhead = false;
      });
      expect(ahead.map((p) => p.page)).toEqual([2, 1]);
      expect(ahead.map((p) => p.text)).toEqual(inTurn.map((p) => p.text));
      expect(timings.render).toBeGreaterThan(0);
      expect(timings.recognize).toBeGreaterThan(0);
      expect(timings.turns).toBe(0);
    },
    OCR_TIMEOUT,
  );

  test('off leaves a scan empty', async () => {
    const err = await extractDocument(doc('regulation-scan-clean300.pdf'), { ocr: 'off' }).catch((e: { code: string }) => e.code);
    expect(err).toBe('empty');
  });
});

describe('OCR repairing a text layer', () => {
  test(
    'payment PDF: forced OCR restores ำ into the text layer, CER ≤ 1.5%',
    async () => {
      const r = await extractDocument(doc('real-cmu-reg-payment.pdf'), { ocr: 'force' });
      const cer = characterErrorRate(r.text, await readText('real-cmu-reg-payment.txt'));
      console.log(`real-cmu-reg-payment.pdf CER ${(cer * 100).toFixed(2)}% (${r.method})`);
      expect(cer).toBeLessThanOrEqual(0.015);
      expect(r.method).toBe('pdf-text+ocr');
      expect(r.text).toContain('ชำระเงิน');
      expect(r.checkSpans).toEqual([]); // digits still come from the exact text layer
    },
    OCR_TIMEOUT,
  );

  test('payment PDF: auto mode puts ำ back from the words, without OCR, CER ≤ 1.5%', async () => {
    const r = await extractDocument(doc('real-cmu-reg-payment.pdf'));
    const cer = characterErrorRate(r.text, await readText('real-cmu-reg-payment.txt'));
    console.log(`real-cmu-reg-payment.pdf CER ${(cer * 100).toFixed(2)}% (${r.method}, words)`);
    expect(cer).toBeLessThanOrEqual(0.015);
    expect(r).toMatchObject({ method: 'pdf-text', usedOcr: false, checkSpans: [] });
    expect(r.text).toContain('ชำระเงิน');
    expect(r.quality.reasons).not.toContain('sara_am_missing');
  });

  test(
    'force on a text PDF renders the page; the exact layer is kept when OCR is no better',
    async () => {
      const line = 'Student activity budget 2567 approved by the council';
      const pdf = buildPdf({ text: line });
      const path = tempFile('line.pdf', pdf);
      const [rendered] = await ocrPdfPages(path, [1]);
      expect(characterErrorRate(rendered.text, line)).toBeLessThan(0.1);
      const r = await extractDocument(path, { ocr: 'force' });
      expect(r).toMatchObject({ text: line, method: 'pdf-text', usedOcr: false, userTriggeredOcr: true, checkSpans: [] });
    },
    OCR_TIMEOUT,
  );

  test(
    'aborting during OCR rejects with aborted',
    async () => {
      const ctl = new AbortController();
      const run = extractDocument(doc('regulation-scan-degraded200.pdf'), {
        signal: ctl.signal,
        onProgress: (p) => p.phase === 'ocr' && p.done === 0 && setTimeout(() => ctl.abort(), 50),
      });
      expect(
        await run.then(
          () => 'ok',
          (e: { code: string }) => e.code,
        ),
      ).toBe('aborted');
    },
    OCR_TIMEOUT,
  );
});

describe('OCR helpers', () => {
  test('restoreSaraAmFromOcr takes only ำ from OCR', () => {
    const layer = 'ชาระเงิน ๒๕ เมษายน ๒๕๖๕ จานวน';
    const ocr = 'ชำระเงิน ๒๓ เมษายน ๒๕๖๓ จำนวน';
    expect(restoreSaraAmFromOcr(layer, ocr)).toEqual({ text: 'ชำระเงิน ๒๕ เมษายน ๒๕๖๕ จำนวน', restored: 2 });
  });

  test('"WA" before a Thai-digit year is พ.ศ.', () => {
    expect(fixThaiOcrMisreads('นักศึกษา WA ๒๕๖๗ ราชภัฏ wa, ๒๕๔๗')).toBe('นักศึกษา พ.ศ. ๒๕๖๗ ราชภัฏ พ.ศ. ๒๕๔๗');
    expect(fixThaiOcrMisreads('WA 2024 WASH ๒๕')).toBe('WA 2024 WASH ๒๕');
  });

  test('check spans: articles, Buddhist-era dates, numbers', () => {
    const text = 'ข้อ ๑๒ ประกาศ ณ วันที่ ๑๕ มีนาคม พ.ศ. ๒๕๖๗ ตามมาตรา ๑๘ วงเงิน ๒๐,๐๐๐ บาท ปี พ.ศ. 2567';
    const spans = findCheckSpans(text).map((s) => [s.kind, text.slice(s.start, s.end)]);
    expect(spans).toEqual([
      ['article', 'ข้อ ๑๒'],
      ['date', '๑๕ มีนาคม พ.ศ. ๒๕๖๗'],
      ['article', 'มาตรา ๑๘'],
      ['number', '๒๐,๐๐๐'],
      ['date', 'พ.ศ. 2567'],
    ]);
    expect(findCheckSpans('ไม่มีตัวเลข')).toEqual([]);
  });
});
