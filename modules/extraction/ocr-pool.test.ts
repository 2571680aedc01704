import { afterAll, describe, expect, test } from 'bun:test';
import { recognizePage, shutdownOcr } from './ocr-pool.ts';
import { ExtractionError } from './errors.ts';
import { tinyTextPng } from './test-fixtures.ts';

afterAll(() => shutdownOcr());

const tinyPng = () => tinyTextPng(120);

describe('OCR pool', () => {
  test('a page in flight when the pool shuts down is refused cleanly (no job sent to a dead worker)', async () => {
    const png = tinyPng();
    await recognizePage(png, 300); // warm: leaves an idle worker
    const inFlight = recognizePage(png, 300);
    await shutdownOcr(); // terminates the worker the page just took
    const err = await inFlight.then(
      () => null,
      (e) => e,
    );
    expect(err).toBeInstanceOf(ExtractionError);
    expect((err as ExtractionError).code).toBe('ocr_failed');
    // the pool starts afresh afterwards
    const page = await recognizePage(png, 300);
    expect(typeof page.text).toBe('string');
  }, 60_000);
});
