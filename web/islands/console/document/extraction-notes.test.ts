import { describe, expect, test } from 'bun:test';
import { extractionNotes, offersOcr, type ExtractionState } from './useExtraction';

const base: ExtractionState = { phase: 'done', ocr: false, progress: null, extracted: '', spans: [], usedOcr: false, suggestOcr: false, error: null };
const short = 'ข้อ ๑ สั้น';
const long = 'ข้อความยาว '.repeat(30);

describe('step 7 notes (console.md §4 Extraction)', () => {
  test('a short text from a PDF without OCR: too short, try OCR', () => {
    expect(extractionNotes({ ...base, suggestOcr: true }, short, true).sort()).toEqual(['suggestOcr', 'tooShort']);
  });
  test('after OCR ran (user-triggered or fallback) a short text never suggests OCR or says to try it', () => {
    for (const x of [
      { ...base, ocr: true, usedOcr: true },
      { ...base, usedOcr: true, suggestOcr: true },
      { ...base, ocr: true, suggestOcr: true },
    ]) {
      const notes = extractionNotes(x, short, true);
      expect(notes).not.toContain('suggestOcr');
      expect(notes).not.toContain('tooShort');
      expect(notes).toContain('tooShortAfterOcr');
    }
    expect(extractionNotes({ ...base, ocr: true, usedOcr: true }, long, true)).toEqual(['ocrUsed']);
  });
  test('nothing while running; no OCR offer without a file to run it on', () => {
    expect(extractionNotes({ ...base, phase: 'running', suggestOcr: true }, short, true)).toEqual([]);
    expect(extractionNotes({ ...base, suggestOcr: true }, long, false)).toEqual([]);
  });
  test('the server result marks OCR runs: no second offer', () => {
    expect(offersOcr({ status: 'success', text: short, error: null, metadata: { user_triggered_ocr: true } } as never, 'a.pdf')).toBe(false);
    expect(offersOcr({ status: 'success', text: short, error: null, metadata: {} } as never, 'a.pdf')).toBe(true);
  });
});
