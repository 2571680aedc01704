// A .txt file is decoded in the calling process: strict UTF-8, a byte cap before reading, a character cap after.
import { expect, test } from 'bun:test';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_UPLOAD_LIMITS, extractDocument, extractPlainText } from './index';
import { parseWorkerPids } from './parse-pool';
import { decodePlainText } from './plain-text';

const codeOf = (f: () => unknown) => {
  try {
    f();
  } catch (e) {
    return (e as { code?: string }).code;
  }
  return 'none';
};
const small = { ...DEFAULT_UPLOAD_LIMITS, maxChars: 10 };

test('strict UTF-8 with the byte-order mark dropped; other encodings refused', () => {
  expect(decodePlainText(new TextEncoder().encode('\uFEFFข้อ ๑'), small)).toBe('ข้อ ๑');
  expect(codeOf(() => decodePlainText(new Uint8Array([0xff, 0xfe, 0x41, 0x00]), small))).toBe('unsupported_type');
});

test('more characters than the limit: too_large, before decoding when the bytes alone prove it', () => {
  expect(codeOf(() => decodePlainText(new TextEncoder().encode('ก'.repeat(11)), small))).toBe('too_large');
  expect(codeOf(() => decodePlainText(new Uint8Array(34).fill(0xff), small))).toBe('too_large'); // not even decoded
  expect(extractPlainText(new TextEncoder().encode('ก'.repeat(10)), small).text).toBe('ก'.repeat(10));
});

test('extractDocument reads a .txt file without a parse worker', async () => {
  const path = join(mkdtempSync(join(tmpdir(), 'askreg-txt-')), 'a.txt');
  writeFileSync(path, 'ข้อ ๑ ทดสอบ\n');
  const before = parseWorkerPids().length;
  expect(await extractDocument(path)).toMatchObject({ text: 'ข้อ ๑ ทดสอบ', method: 'txt', usedOcr: false });
  expect(parseWorkerPids().length).toBe(before);
});

test('a clause heading the layout ran into the paragraph before starts its own paragraph again in a text, as in OCR', () => {
  const text = 'ข้อ ๑ ประกาศนี้ใช้บังคับ\n\nข้อ ๒ ในประกาศนี้ ให้ใช้ตามข้อ ๓ แห่งระเบียบ ข้อ ๓ นักศึกษาต้องลงทะเบียน\n\nข้อ ๔ ให้อธิการบดีรักษาการ';
  const r = extractPlainText(new TextEncoder().encode(text));
  expect(r.text).toContain('ระเบียบ\n\nข้อ ๓ นักศึกษาต้องลงทะเบียน');
  // the cross-reference "ตามข้อ ๓" stays where it is
  expect(r.text).toContain('ให้ใช้ตามข้อ ๓ แห่งระเบียบ');
  expect(r.pages[0]!.text).toBe(r.text);
});
