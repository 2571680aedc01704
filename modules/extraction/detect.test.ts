import { describe, expect, test } from 'bun:test';
import { detectKind } from './detect.ts';
import { checkDocxArchive } from './zip.ts';
import { ExtractionError } from './errors.ts';
import { buildPdf, buildZip, doc, tempFile } from './test-fixtures.ts';

const bytes = async (name: string) => new Uint8Array(await Bun.file(doc(name)).arrayBuffer());

async function codeOf(p: Promise<unknown>): Promise<string> {
  try {
    await p;
    return 'ok';
  } catch (err) {
    return err instanceof ExtractionError ? err.code : `unexpected ${err}`;
  }
}

describe('detectKind', () => {
  test('by magic bytes, not by name', async () => {
    expect(detectKind(await bytes('regulation.pdf'), 'whatever.docx')).toBe('pdf');
    expect(detectKind(await bytes('regulation.docx'), 'upload.bin')).toBe('docx');
    expect(detectKind(buildPdf(), 'x')).toBe('pdf');
  });

  test('a zip without word/document.xml is not a docx', () => {
    expect(detectKind(buildZip([{ name: 'a.txt', data: 'hello' }]), 'fake.docx')).toBeNull();
  });

  test('a docx is found from local headers when only the head is given', async () => {
    const zip = buildZip([
      { name: '[Content_Types].xml', data: '<x/>' },
      { name: 'word/document.xml', data: '<w/>' },
    ]);
    expect(detectKind(zip.subarray(0, zip.length - 30), 'a.docx')).toBe('docx');
  });

  test('txt only for .txt names with valid UTF-8', async () => {
    const thai = new TextEncoder().encode('\uFEFFข้อบังคับ');
    expect(detectKind(thai, 'notes.txt')).toBe('txt');
    expect(detectKind(thai, 'notes.md')).toBeNull();
    expect(detectKind(new Uint8Array([0xff, 0xfe, 0x41, 0x00]), 'utf16.txt')).toBeNull();
    expect(detectKind(thai.subarray(0, thai.length - 1), 'cut.txt')).toBe('txt'); // head cut mid-character
  });
});

describe('checkDocxArchive', () => {
  test('the real fixture passes', async () => {
    expect(await codeOf(checkDocxArchive(doc('regulation.docx')))).toBe('ok');
  });

  test('rejects a huge declared uncompressed size', async () => {
    const path = tempFile(
      'bomb.docx',
      buildZip([
        { name: 'word/document.xml', data: '<w/>' },
        { name: 'word/media/big.bin', data: 'x', declaredSize: 0xfffffff0 },
      ]),
    );
    expect(await codeOf(checkDocxArchive(path))).toBe('zip_bomb');
  });

  test('rejects a real high-ratio entry', async () => {
    const path = tempFile(
      'ratio.docx',
      buildZip([
        { name: 'word/document.xml', data: '<w/>' },
        { name: 'word/zeros.bin', data: new Uint8Array(20 * 1024 * 1024) },
      ]),
    );
    expect(await codeOf(checkDocxArchive(path))).toBe('zip_bomb');
    expect(await codeOf(checkDocxArchive(path, { maxUncompressed: 10 * 1024 * 1024, maxRatio: 1e9 }))).toBe('zip_bomb');
  });

  test('catches an entry that inflates past the size its directory declares', async () => {
    const big = new Uint8Array(60 * 1024 * 1024);
    for (let i = 0; i < big.length; i += 4096) big[i] = (i * 7) & 0xff; // > 64 KiB once deflated
    const path = tempFile(
      'liar.docx',
      buildZip([
        { name: 'word/document.xml', data: '<w/>' },
        { name: 'word/liar.bin', data: big, declaredSize: 1024 * 1024 },
      ]),
    );
    expect(await codeOf(checkDocxArchive(path, { maxUncompressed: 10 * 1024 * 1024, maxRatio: 1e9 }))).toBe('zip_bomb');
  });

  test('no word/document.xml, or not a zip', async () => {
    expect(await codeOf(checkDocxArchive(tempFile('a.docx', buildZip([{ name: 'a.txt', data: 'a' }]))))).toBe('unsupported_type');
    expect(await codeOf(checkDocxArchive(tempFile('b.docx', 'PK not really a zip at all........')))).toBe('corrupt');
  });
});
