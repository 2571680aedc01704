import { afterAll, expect, test } from 'bun:test';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { shutdownOcr } from '../extraction';
import { AppError } from '../../src/http/errors';
import { FIXTURES } from './testing/helpers';
import { uploadPages } from './upload-pages';

const dir = mkdtempSync(join(tmpdir(), 'upload-pages-'));
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await shutdownOcr();
});

test('reviewed text is the pages, with no extraction method', async () => {
  const r = await uploadPages(join(FIXTURES, 'regulation.pdf'), 'pdf', 'ข้อ ๑ หน้าแรก\n--- หน้า 2 ---\nข้อ ๒ หน้าสอง');
  expect(r.pages).toEqual([
    { page: 1, content: 'ข้อ ๑ หน้าแรก' },
    { page: 2, content: 'ข้อ ๒ หน้าสอง' },
  ]);
  expect(r).toMatchObject({ method: null, usedOcr: false });
});

test('without reviewed text the file is extracted', async () => {
  const r = await uploadPages(join(FIXTURES, 'regulation.pdf'), 'pdf', '  \n');
  expect(r.pages.length).toBeGreaterThan(0);
  expect(r.method).not.toBeNull();
});

test('reviewed text does not let an unreadable PDF be stored: a Thai 4xx error', async () => {
  const broken = join(dir, 'broken.pdf');
  writeFileSync(broken, '%PDF-1.7\nnot really a pdf');
  const e = await uploadPages(broken, 'pdf', 'ข้อ ๑ ข้อความ').catch((x) => x);
  expect(e).toBeInstanceOf(AppError);
  expect((e as AppError).message).toMatch(/^ไม่สามารถอ่านไฟล์ได้/);
});
