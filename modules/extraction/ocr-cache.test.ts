// The test runner's store of page readings: a second reading of the same image comes from it and equals the first;
// another image, or the same image under other settings, is read by the engine.
import { afterAll, afterEach, beforeEach, describe, expect, test } from 'bun:test';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ocrCacheKey, ocrCacheStats, recognizePageOnce, setOcrCacheDir } from './ocr-cache.ts';
import { shutdownOcr } from './ocr-pool.ts';
import { tinyTextPng } from './test-fixtures.ts';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'ocr-cache-test-'));
  setOcrCacheDir(dir);
  ocrCacheStats.hits = 0;
  ocrCacheStats.misses = 0;
});
afterEach(() => {
  setOcrCacheDir(undefined);
  rmSync(dir, { recursive: true, force: true });
});
afterAll(() => shutdownOcr());

describe('OCR result store (test runner)', () => {
  test('the same image is read once; the stored reading equals the engine’s', async () => {
    const image = tinyTextPng(120);
    const first = await recognizePageOnce(image, 300);
    const second = await recognizePageOnce(image, 300);
    expect(ocrCacheStats).toEqual({ hits: 1, misses: 1 });
    expect(second).toEqual(JSON.parse(JSON.stringify(first)));
    expect(second.text).toBe(first.text);
    expect(readdirSync(dir).filter((f) => f.endsWith('.json'))).toHaveLength(1);
  }, 60_000);

  test('another image is read by the engine, never answered with the first one’s text', async () => {
    const one = tinyTextPng(120);
    const other = tinyTextPng(160);
    await recognizePageOnce(one, 300);
    // a stored reading planted under the first image's key must not answer for the second
    writeFileSync(join(dir, `${ocrCacheKey(one, 300)}.json`), JSON.stringify({ text: 'planted', confidence: 99 }));
    const read = await recognizePageOnce(other, 300);
    expect(ocrCacheStats).toEqual({ hits: 0, misses: 2 });
    expect(read.text).not.toBe('planted');
  }, 60_000);

  test('an image read as one line is stored apart from the same image read as a page', async () => {
    const image = tinyTextPng(120);
    await recognizePageOnce(image, 300);
    await recognizePageOnce(image, 300, undefined, 'line');
    await recognizePageOnce(image, 300, undefined, 'line');
    expect(ocrCacheStats).toEqual({ hits: 1, misses: 2 });
    expect(readdirSync(dir).filter((f) => f.endsWith('.json'))).toHaveLength(2);
  }, 60_000);

  test('the key changes with the image bytes, the resolution and the engine settings', () => {
    const image = tinyTextPng(120);
    const key = ocrCacheKey(image, 300, 'wasm|tha+eng|tha:4.0.0_best_int|psm4|{}');
    const flipped = new Uint8Array(image);
    flipped[flipped.length - 1] ^= 1;
    expect(ocrCacheKey(flipped, 300, 'wasm|tha+eng|tha:4.0.0_best_int|psm4|{}')).not.toBe(key);
    expect(ocrCacheKey(image, 200, 'wasm|tha+eng|tha:4.0.0_best_int|psm4|{}')).not.toBe(key);
    expect(ocrCacheKey(image, 300, 'native 5.3.0|tha+eng|tha:4.0.0_best_int|psm4|{}')).not.toBe(key);
    expect(ocrCacheKey(image, 300, 'wasm|tha+eng|tha:4.0.0_best_int|psm4|{}')).toBe(key);
  });

  test('with no store every page is read by the engine', async () => {
    setOcrCacheDir(null);
    const image = tinyTextPng(120);
    await recognizePageOnce(image, 300);
    await recognizePageOnce(image, 300);
    expect(ocrCacheStats).toEqual({ hits: 0, misses: 0 });
    expect(readdirSync(dir)).toHaveLength(0);
  }, 60_000);
});
