import { afterAll, describe, expect, test } from 'bun:test';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AppError } from './errors';
import { parsePartHeaders, readMultipart } from './multipart';

const dir = mkdtempSync(join(tmpdir(), 'askreg-mp-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function body(parts: Array<{ name: string; filename?: string; data: string | Uint8Array }>, boundary = 'XyZ') {
  const chunks: Uint8Array[] = [];
  const enc = new TextEncoder();
  for (const p of parts) {
    const disp = `form-data; name="${p.name}"${p.filename !== undefined ? `; filename="${p.filename}"` : ''}`;
    chunks.push(
      enc.encode(`--${boundary}\r\nContent-Disposition: ${disp}\r\n\r\n`),
      typeof p.data === 'string' ? enc.encode(p.data) : p.data,
      enc.encode('\r\n'),
    );
  }
  chunks.push(enc.encode(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

/** Delivers the bytes in small, oddly sized pieces so boundaries straddle reads. */
function trickle(bytes: Uint8Array, size = 7): ReadableStream<Uint8Array> {
  let i = 0;
  return new ReadableStream({
    pull(c) {
      if (i >= bytes.length) return c.close();
      c.enqueue(bytes.slice(i, i + size));
      i += size;
    },
  });
}

describe('readMultipart', () => {
  test('streams the file to a temp file and collects fields, across split boundaries', async () => {
    const payload = new Uint8Array(50_000).map((_, i) => (i * 31) % 256);
    payload.set(new TextEncoder().encode('\r\n--XyZ'.slice(0, 6)), 1000); // a near-boundary inside the data
    const raw = body([
      { name: 'data', data: '{"fileName":"ระเบียบ"}' },
      { name: 'file', filename: 'ระเบียบ.pdf', data: payload },
    ]);
    const res = await readMultipart(trickle(raw, 13), 'multipart/form-data; boundary=XyZ', { tmpDir: dir, maxFileBytes: 1_000_000 });
    expect(res.fields.data).toBe('{"fileName":"ระเบียบ"}');
    expect(res.file!.size).toBe(payload.length);
    expect(res.file!.clientName).toBe('ระเบียบ.pdf');
    expect(new Uint8Array(readFileSync(res.file!.tmpPath))).toEqual(payload);
    expect(res.file!.sha256).toBe(new Bun.CryptoHasher('sha256').update(payload).digest('hex'));
    rmSync(res.file!.tmpPath);
  });

  test('every chunk size, a delimiter split at every place: the same bytes on disk (the tail is written without copying each chunk)', async () => {
    const payload = new Uint8Array(20_000).map((_, i) => (i * 7) % 251);
    for (const at of [0, 1000, 19_990]) payload.set(new TextEncoder().encode('\r\n--Xy'), at); // near-boundaries in the data
    const raw = body([
      { name: 'file', filename: 'a.pdf', data: payload },
      { name: 'note', data: 'ข้อความ' },
      { name: 'file', filename: 'b.pdf', data: payload.subarray(0, 5000) },
    ]);
    for (const size of [3, 6, 7, 8, 13, 64, 4096, 65_536]) {
      const res = await readMultipart(trickle(raw, size), 'multipart/form-data; boundary=XyZ', { tmpDir: dir, maxFileBytes: 1_000_000, maxFiles: 2 });
      expect(res.fields.note).toBe('ข้อความ');
      expect(res.files.map((f) => f.size)).toEqual([payload.length, 5000]);
      expect(new Uint8Array(readFileSync(res.files[0]!.tmpPath))).toEqual(payload);
      expect(new Uint8Array(readFileSync(res.files[1]!.tmpPath))).toEqual(payload.subarray(0, 5000));
      for (const f of res.files) rmSync(f.tmpPath);
    }
  });

  test('over the cap: 413 while streaming and the partial file is deleted', async () => {
    const raw = body([{ name: 'file', filename: 'a.pdf', data: new Uint8Array(300_000) }]);
    let err: unknown;
    try {
      await readMultipart(trickle(raw, 4096), 'multipart/form-data; boundary=XyZ', { tmpDir: dir, maxFileBytes: 100_000 });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).status).toBe(413);
    expect(readdirSync(dir)).toEqual([]);
  });

  test('a truncated body is refused and leaves nothing', async () => {
    const raw = body([{ name: 'file', filename: 'a.pdf', data: new Uint8Array(10_000) }]);
    await expect(
      readMultipart(trickle(raw.subarray(0, 5000), 512), 'multipart/form-data; boundary=XyZ', { tmpDir: dir, maxFileBytes: 100_000 }),
    ).rejects.toThrow();
    expect(readdirSync(dir)).toEqual([]);
  });

  test('non-multipart content type is a 400', async () => {
    await expect(readMultipart(trickle(new Uint8Array(3)), 'application/json', { tmpDir: dir, maxFileBytes: 10 })).rejects.toMatchObject({ status: 400 });
  });

  test('part headers: RFC 5987 filename* wins, raw UTF-8 names are decoded', () => {
    expect(parsePartHeaders(`Content-Disposition: form-data; name="file"; filename="x.pdf"; filename*=UTF-8''%E0%B8%81.pdf`).fileName).toBe('ก.pdf');
    const latin1 = Buffer.from('Content-Disposition: form-data; name="file"; filename="ก.pdf"').toString('latin1');
    expect(parsePartHeaders(latin1).fileName).toBe('ก.pdf');
    expect(parsePartHeaders('Content-Disposition: form-data; name="data"').fileName).toBeNull();
  });
});
