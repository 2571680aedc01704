// The default Docker image has no @huggingface/transformers (scripts/prune-runtime.ts): choosing the local
// provider there must say what to do, in Thai and English, not fail with a bare resolver error.
import { describe, expect, test } from 'bun:test';
import { importTransformers, TRANSFORMERS_MISSING } from './transformers.ts';

describe('importTransformers', () => {
  test('a package that is not installed fails with how to get it or what to choose instead', async () => {
    const absent = '@huggingface/transformers-not-installed';
    const failure = await importTransformers(() => import(absent)).catch((e: Error) => e);
    expect(failure).toBeInstanceOf(Error);
    const message = (failure as Error).message;
    expect(message).toStartWith(TRANSFORMERS_MISSING);
    expect(message).toContain('--build-arg WITH_LOCAL_EMBEDDER=1');
    expect(message).toContain('ไม่ได้ติดตั้ง');
    expect(message).toContain(absent); // the resolver's own words stay, for whoever debugs it
  });

  test('any other failure (a broken native addon, say) passes through unchanged', async () => {
    const broken = new Error('libonnxruntime.so.1: cannot open shared object file');
    await expect(importTransformers(() => Promise.reject(broken))).rejects.toBe(broken);
  });

  test('installed, it is the package itself', async () => {
    const mod = await importTransformers();
    expect(typeof mod.pipeline).toBe('function');
  });
});
