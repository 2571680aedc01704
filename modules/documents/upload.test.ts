// Uploads that must be refused leave nothing behind: no row, no stored file, no temp file.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { readdirSync } from 'node:fs';
import { createTestApp, type TestApp } from '../../tests/helpers/server';
import { indexingIdle } from './indexer';
import { getDocumentRow } from './service';
import { fixture, FIXTURES, multipartBody, storedState, categoryFor } from './testing/helpers';
import { createDocument } from './pipeline';
import { stageLocalFile } from './local-file';
import { BAD_FILE_NAME } from './file-type';
import { join } from 'node:path';

let h: TestApp;
let admin: string;
let category: string;
beforeAll(async () => {
  h = await createTestApp({ MAX_UPLOAD_MB: '1' });
  admin = (await h.signIn('admin@example.ac.th', 'admin')).cookie;
  category = await categoryFor(h.ctx);
});
afterAll(() => h.close());

const post = (body: BodyInit, headers: Record<string, string>) => h.request('/api/files/upload', { method: 'POST', cookie: admin, headers, body });
// Valid form fields by default, so each case is refused for the reason it names.
async function refused(name: string, bytes: Uint8Array, status: number, data: object | string | null = { contents: 'ข้อ ๑ ทดสอบ', category }) {
  const before = await storedState(h.ctx);
  const { body, headers } = multipartBody(name, bytes, data as never);
  const res = await post(body, headers);
  expect(res.status).toBe(status);
  const json = await res.json();
  expect(json.status).toBe('error');
  expect(json.message.length).toBeGreaterThan(0);
  expect(await storedState(h.ctx)).toEqual(before);
  expect(readdirSync(h.ctx.paths.tmpDir)).toEqual([]);
  return json;
}

/** A body bigger than the 1 MB cap, produced lazily so the test never holds it whole either. */
function bigStream(totalBytes: number): ReadableStream<Uint8Array> {
  const enc = new TextEncoder();
  const head = enc.encode(
    '--B\r\nContent-Disposition: form-data; name="data"\r\n\r\n{"contents":"x"}\r\n--B\r\nContent-Disposition: form-data; name="file"; filename="big.pdf"\r\n\r\n%PDF-1.7\n',
  );
  let sent = 0;
  return new ReadableStream({
    start(c) {
      c.enqueue(head);
    },
    pull(c) {
      if (sent >= totalBytes) {
        c.enqueue(enc.encode('\r\n--B--\r\n'));
        return c.close();
      }
      const n = Math.min(64 * 1024, totalBytes - sent);
      sent += n;
      c.enqueue(new Uint8Array(n).fill(0x41));
    },
  });
}

describe('upload validation', () => {
  test('over the size cap while streaming: 413, nothing stored', async () => {
    const before = await storedState(h.ctx);
    const res = await post(bigStream(3 * 1024 * 1024), { 'content-type': 'multipart/form-data; boundary=B' });
    expect(res.status).toBe(413);
    expect(await storedState(h.ctx)).toEqual(before);
  });

  test('declared Content-Length far over the cap is refused before reading', async () => {
    const res = await post(new Uint8Array(10), { 'content-type': 'multipart/form-data; boundary=B', 'content-length': String(500 * 1024 * 1024) });
    expect(res.status).toBe(413);
  });

  test('0-byte file: 400', () => refused('empty.pdf', new Uint8Array(0), 400));
  test('wrong magic: a text file named .pdf is refused', () => refused('fake.pdf', new TextEncoder().encode('hello, not a pdf'), 415));
  test('a PDF named .docx is refused', () => refused('mismatch.docx', fixture('regulation.pdf'), 415));
  test('other extensions are refused even with valid content', () => refused('regulation.txt', fixture('regulation.txt'), 415));
  test('a zip that is not a Word document is refused', () => refused('notword.docx', zipOf({ 'hello.txt': 'hi' }), 415));
  test('zip bomb disguised as DOCX is refused', () => refused('bomb.docx', zipBomb(), 415));
  test('missing data part: 400', () => refused('a.pdf', fixture('regulation.pdf'), 400, null));
  test('malformed data JSON: 400', () => refused('a.pdf', fixture('regulation.pdf'), 400, '{nope'));
  test('unknown category: 400', () => refused('a.pdf', fixture('regulation.pdf'), 400, { contents: 'x', category: 'ไม่มีหมวดนี้' }));

  // console.md §5: name, category and contact are required (blank after trimming counts as missing).
  const form = (patch: object) => ({ contents: 'ข้อ ๑ ทดสอบ', category, ...patch });
  test('blank name: 400 with the form text, not the raw file name', async () => {
    expect((await refused('a.pdf', fixture('regulation.pdf'), 400, form({ fileName: ' \t\n ' }))).message).toBe('กรุณาระบุชื่อเอกสาร');
    expect((await refused('a.pdf', fixture('regulation.pdf'), 400, form({ fileName: undefined }))).message).toBe('กรุณาระบุชื่อเอกสาร');
  });
  test('no category: 400', async () => {
    for (const missing of [null, '', '   ', undefined])
      expect((await refused('a.pdf', fixture('regulation.pdf'), 400, form({ category: missing }))).message).toBe('กรุณาเลือกหมวดหมู่');
  });
  test('blank contact: 400', async () => {
    for (const blank of ['', '  \n '])
      expect((await refused('a.pdf', fixture('regulation.pdf'), 400, form({ fallbackContact: blank }))).message).toBe('กรุณาระบุข้อมูลติดต่อ');
  });

  test('no file part: 400', async () => {
    const body = '--B\r\nContent-Disposition: form-data; name="data"\r\n\r\n{}\r\n--B--\r\n';
    expect((await post(body, { 'content-type': 'multipart/form-data; boundary=B' })).status).toBe(400);
  });

  test('a path, a control character or a bidi override in the name is refused with nothing stored', async () => {
    for (const name of ['../../etc/passwd.pdf', '..\\..\\windows\\evil.pdf', 'bad\u0000name.pdf', 'bell\u0007.pdf', '\u202egpj.pdf', '..']) {
      const before = await storedState(h.ctx);
      const { body, headers } = multipartBody(name, fixture('regulation.pdf'), { contents: 'ข้อ ๑ ชื่อไฟล์', category });
      const res = await post(body, headers);
      expect({ name, status: res.status }).toEqual({ name, status: 400 });
      expect((await res.json()).message).toBe(BAD_FILE_NAME);
      expect(await storedState(h.ctx)).toEqual(before);
    }
    expect(readdirSync(h.ctx.paths.tmpDir)).toEqual([]);
  });

  test('zero-width characters and a leading dot are dropped from an otherwise plain name', async () => {
    for (const [name, expected] of [
      ['ระเบียบ\u200bกิจกรรม\ufeff.pdf', 'ระเบียบกิจกรรม.pdf'],
      ['.hidden.pdf', 'hidden.pdf'],
    ] as const) {
      const { body, headers } = multipartBody(name, fixture('regulation.pdf'), { contents: 'ข้อ ๑ ชื่อไฟล์', category });
      const res = await post(body, headers);
      expect(res.status).toBe(200);
      const row = await getDocumentRow(h.ctx, (await res.json()).data.id);
      expect(row.rawFileName).toBe(expected);
      expect(row.storagePath.startsWith(`${row.id}/`)).toBe(true);
    }
    await indexingIdle(h.ctx);
    expect(readdirSync(h.ctx.paths.tmpDir)).toEqual([]);
  });
});

describe('CLI ingest keeps lenient fields only by an explicit option', () => {
  const fields = { fileName: ' ', description: '', category: null, isActive: true, fallbackContact: '', contents: 'ข้อ ๑ นำเข้าจากบรรทัดคำสั่ง' };
  const staged = () => stageLocalFile(h.ctx, join(FIXTURES, 'regulation.pdf'));
  test('without the option the service applies the form rules', async () => {
    const before = await storedState(h.ctx);
    await expect(createDocument(h.ctx, await staged(), fields)).rejects.toThrow('กรุณาระบุชื่อเอกสาร');
    await expect(createDocument(h.ctx, await staged(), { ...fields, fileName: 'ชื่อ' })).rejects.toThrow('กรุณาเลือกหมวดหมู่');
    await expect(createDocument(h.ctx, await staged(), { ...fields, fileName: 'ชื่อ', category })).rejects.toThrow('กรุณาระบุข้อมูลติดต่อ');
    expect(await storedState(h.ctx)).toEqual(before);
  });
  test('with allowIncompleteFields the file is stored under its own name, no category, no contact', async () => {
    const { id } = await createDocument(h.ctx, await staged(), fields, { allowIncompleteFields: true });
    expect(await getDocumentRow(h.ctx, id)).toMatchObject({ fileName: 'regulation.pdf', categoryId: null, fallbackContact: '' });
    await indexingIdle(h.ctx);
  });
});

// Minimal stored-zip writer (no compression) for the "zip but not Word" case.
function zipOf(files: Record<string, string>): Uint8Array {
  const enc = new TextEncoder();
  const locals: Uint8Array[] = [];
  const centrals: Uint8Array[] = [];
  let offset = 0;
  for (const [name, text] of Object.entries(files)) {
    const data = enc.encode(text);
    const nameBytes = enc.encode(name);
    const crc = Bun.hash.crc32(data);
    const local = new DataView(new ArrayBuffer(30));
    local.setUint32(0, 0x04034b50, true);
    local.setUint16(4, 20, true);
    local.setUint32(14, crc, true);
    local.setUint32(18, data.length, true);
    local.setUint32(22, data.length, true);
    local.setUint16(26, nameBytes.length, true);
    const central = new DataView(new ArrayBuffer(46));
    central.setUint32(0, 0x02014b50, true);
    central.setUint16(4, 20, true);
    central.setUint16(6, 20, true);
    central.setUint32(16, crc, true);
    central.setUint32(20, data.length, true);
    central.setUint32(24, data.length, true);
    central.setUint16(28, nameBytes.length, true);
    central.setUint32(42, offset, true);
    locals.push(new Uint8Array(local.buffer), nameBytes, data);
    centrals.push(new Uint8Array(central.buffer), nameBytes);
    offset += 30 + nameBytes.length + data.length;
  }
  const centralSize = centrals.reduce((n, c) => n + c.length, 0);
  const end = new DataView(new ArrayBuffer(22));
  end.setUint32(0, 0x06054b50, true);
  end.setUint16(8, Object.keys(files).length, true);
  end.setUint16(10, Object.keys(files).length, true);
  end.setUint32(12, centralSize, true);
  end.setUint32(16, offset, true);
  return Buffer.concat([...locals, ...centrals, new Uint8Array(end.buffer)]);
}

/** word/document.xml that inflates to ~2 GB from a few MB: must be refused without inflating it. */
function zipBomb(): Uint8Array {
  const zlib = require('node:zlib') as typeof import('node:zlib');
  const enc = new TextEncoder();
  const chunk = Buffer.alloc(16 * 1024 * 1024, 0x20);
  const deflated = zlib.deflateRawSync(chunk, { level: 9 });
  const name = enc.encode('word/document.xml');
  const claimed = 0xfffffff0; // declared uncompressed size ≈ 4 GB
  const local = new DataView(new ArrayBuffer(30));
  local.setUint32(0, 0x04034b50, true);
  local.setUint16(4, 20, true);
  local.setUint16(8, 8, true);
  local.setUint32(18, deflated.length, true);
  local.setUint32(22, claimed, true);
  local.setUint16(26, name.length, true);
  const central = new DataView(new ArrayBuffer(46));
  central.setUint32(0, 0x02014b50, true);
  central.setUint16(4, 20, true);
  central.setUint16(6, 20, true);
  central.setUint16(10, 8, true);
  central.setUint32(20, deflated.length, true);
  central.setUint32(24, claimed, true);
  central.setUint16(28, name.length, true);
  const end = new DataView(new ArrayBuffer(22));
  end.setUint32(0, 0x06054b50, true);
  end.setUint16(8, 1, true);
  end.setUint16(10, 1, true);
  end.setUint32(12, 46 + name.length, true);
  end.setUint32(16, 30 + name.length + deflated.length, true);
  return Buffer.concat([new Uint8Array(local.buffer), name, deflated, new Uint8Array(central.buffer), name, new Uint8Array(end.buffer)]);
}
