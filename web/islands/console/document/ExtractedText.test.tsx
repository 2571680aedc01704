// Extraction progress names the stage the server reports, with its page count: a long scanned PDF says OCR.
import { expect, test } from 'bun:test';
import { renderToString } from 'react-dom/server';
import { ExtractedText } from './ExtractedText';
import type { ExtractionState } from './useExtraction';
import { tc } from '../../../strings/console';

const running = (progress: ExtractionState['progress'], ocr = false): string =>
  renderToString(
    <ExtractedText
      value=""
      labelId="x"
      extraction={{ phase: 'running', ocr, progress, extracted: '', spans: [], usedOcr: false, suggestOcr: false, error: null }}
    />,
  );

test('a scan the server OCRs by itself shows the OCR stage and its pages', () => {
  const html = running({ phase: 'ocr', done: 12, total: 40 });
  expect(html).toContain(tc.extract.ocrRunning);
  expect(html).toContain(tc.extract.pages(12, 40));
  expect(html).toContain('aria-valuenow="30"');
});

test('reading a text layer shows the reading stage', () => {
  const html = running({ phase: 'extract', done: 1, total: 3 });
  expect(html).toContain(tc.extract.running);
  expect(html).not.toContain(tc.extract.ocrRunning);
});
