// Hostile uploads against a listening server: a huge body must not grow memory, and every refused
// file answers a clear 4xx and leaves no row, no stored file and no temp file.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { readdirSync } from 'node:fs';
import { deflateRawSync } from 'node:zlib';
import { startTestServer, type TestServer } from '../helpers/server';
import { fixture, multipartBody, storedState, categoryFor } from '../../modules/documents/testing/helpers';
import { indexingIdle } from '../../modules/documents/indexer';
import { getDocumentRow } from '../../modules/documents/service';

let s: TestServer;
let admin: string;
let category: string;
beforeAll(async () => {
  s = await startTestServer({ MAX_UPLOAD_MB: '2', UPLOAD_RATE_PER_MINUTE: '1000' });
  admin = (await s.signIn('uploads.admin@example.ac.th', 'admin')).cookie;
  category = await categoryFor(s.ctx);
});
afterAll(() => s.close());

const enc = new TextEncoder();
const send = (path: string, body: BodyInit, headers: Record<string, string>) => s.request(path, { method: 'POST', cookie: admin, headers, body });

/** A PDF whose trailer names an /Encrypt dictionary (RC4, empty user password not assumed). */
function encryptedPdf(): Uint8Array {
  const objs = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Contents 4 0 R >>',
    '<< /Length 8 >>\nstream\n\x8f\x12\x01\x99\xaa\x10\x33\x44\nendstream',
    `<< /Filter /Standard /V 2 /R 3 /Length 128 /P -3904 /O <${'ab'.repeat(32)}> /U <${'cd'.repeat(32)}> >>`,
  ];
  let out = '%PDF-1.6\n';
  const offsets: number[] = [];
  objs.forEach((o, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objs.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objs.length + 1} /Root 1 0 R /Encrypt 5 0 R /ID [<${'01'.repeat(16)}> <${'01'.repeat(16)}>] >>\nstartxref\n${xref}\n%%EOF\n`;
  return Uint8Array.from(out, (c) => c.charCodeAt(0) & 0xff);
}

/** A one-entry zip whose headers claim 1 KB while word/document.xml inflates to 220 MB (over the 200 MB guard). */
function lyingZipBomb(): Uint8Array {
  const data = deflateRawSync(Buffer.alloc(220 * 1024 * 1024), { level: 1 });
  const name = enc.encode('word/document.xml');
  const header = (sig: number, size: number) => {
    const v = new DataView(new ArrayBuffer(size));
    v.setUint32(0, sig, true);
    return v;
  };
  const local = header(0x04034b50, 30);
  local.setUint16(4, 20, true);
  local.setUint16(8, 8, true);
  local.setUint32(18, data.length, true);
  local.setUint32(22, 1024, true);
  local.setUint16(26, name.length, true);
  const central = header(0x02014b50, 46);
  central.setUint16(6, 20, true);
  central.setUint16(10, 8, true);
  central.setUint32(20, data.length, true);
  central.setUint32(24, 1024, true);
  central.setUint16(28, name.length, true);
  const end = header(0x06054b50, 22);
  end.setUint16(8, 1, true);
  end.setUint16(10, 1, true);
  end.setUint32(12, 46 + name.length, true);
  end.setUint32(16, 30 + name.length + data.length, true);
  return Buffer.concat([new Uint8Array(local.buffer), name, data, new Uint8Array(central.buffer), name, new Uint8Array(end.buffer)]);
}

async function refused(path: string, name: string, bytes: Uint8Array, data: Record<string, unknown> = {}) {
  const before = await storedState(s.ctx);
  // Without `contents` the server reads the file itself, as the console's API clients may ask.
  // Valid form fields (console.md §5), so the upload is refused for its file, not its form.
  const { body, headers } = multipartBody(name, bytes, path === '/api/extract' ? null : { category, ...data });
  const res = await send(path, body, headers);
  const json = await res.json();
  // /api/extract answers some read failures as 200 {status:'error'} (console.md §7's shape)
  const failed = (res.status >= 400 && res.status < 500) || (path === '/api/extract' && res.status === 200 && json.status === 'error');
  expect({ name, path, status: res.status, failed }).toMatchObject({ failed: true });
  expect(json.message ?? json.error).toMatch(/\S{4}/);
  expect(await storedState(s.ctx)).toEqual(before);
  expect(readdirSync(s.ctx.paths.tmpDir)).toEqual([]);
}

describe('refused uploads leave nothing behind', () => {
  const cases: Array<[string, () => Uint8Array]> = [
    ['empty.pdf', () => new Uint8Array(0)],
    ['magic.pdf', () => enc.encode('<html><script>alert(1)</script></html>')],
    ['exe.docx', () => Uint8Array.from([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0])],
    ['corrupt.pdf', () => Buffer.concat([enc.encode('%PDF-1.7\n1 0 obj\n<< /Type /Catalog'), new Uint8Array(4096).fill(0xff)])],
    ['locked.pdf', encryptedPdf],
  ];
  const bomb = lyingZipBomb();
  cases.push(['bomb.docx', () => bomb]);
  for (const path of ['/api/files/upload', '/api/extract']) {
    for (const [name, make] of cases) test(`${path}: ${name}`, () => refused(path, name, make()), 30_000);
  }
  // With reviewed text the file is not extracted again, yet a broken or locked original is still refused.
  for (const [name, make] of cases.filter(([n]) => n === 'corrupt.pdf' || n === 'locked.pdf')) {
    test(`/api/files/upload with reviewed text: ${name}`, () => refused('/api/files/upload', name, make(), { contents: 'ข้อ ๑ ข้อความที่ตรวจแล้ว' }), 30_000);
  }
});

test('hostile names: paths and disguised extensions are refused; what is left is stored as plain metadata', async () => {
  for (const path of ['/api/files/upload', '/api/extract']) {
    for (const name of ['../../../../tmp/evil.pdf', 'C:\\Windows\\evil.pdf', '\u202egpj.pdf', 'line\nbreak.pdf'])
      await refused(path, name, fixture('regulation.pdf'));
  }
  // Percent signs are only characters; the display name carries a header-injection attempt into Content-Disposition on download.
  const { body, headers } = multipartBody('..%2F..%2Fevil.pdf', fixture('regulation.pdf'), {
    contents: 'ข้อ ๑ ชื่อไฟล์',
    category,
    fileName: 'ชื่อ\r\nX-Injected: 1"; x=".pdf',
  });
  const res = await send('/api/files/upload', body, headers);
  expect(res.status).toBe(200);
  const row = await getDocumentRow(s.ctx, (await res.json()).data.id);
  expect(row.rawFileName).toBe('%2F..%2Fevil.pdf');
  expect(row.storagePath).toMatch(/^[0-9a-f-]+\/[0-9a-f-]+\.pdf$/);
  const dl = await s.request(`/api/files/${row.id}/download`, { cookie: admin });
  expect(dl.headers.get('content-disposition')).not.toMatch(/[\r\n]/);
  expect(dl.headers.get('x-injected')).toBeNull();
  await dl.arrayBuffer();
  await indexingIdle(s.ctx);
  expect(readdirSync(s.ctx.paths.tmpDir)).toEqual([]);
});

test('a 300 MB upload over a 2 MB cap is refused while memory stays flat', async () => {
  const total = 300 * 1024 * 1024;
  const chunk = new Uint8Array(256 * 1024).fill(0x41);
  let sent = 0;
  const body = new ReadableStream<Uint8Array>({
    start: (c) => c.enqueue(enc.encode('--B\r\nContent-Disposition: form-data; name="file"; filename="big.pdf"\r\n\r\n%PDF-1.7\n')),
    pull(c) {
      if (sent >= total) return c.close();
      sent += chunk.length;
      c.enqueue(chunk);
    },
  });
  Bun.gc(true);
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  const res = await send('/api/files/upload', body, { 'content-type': 'multipart/form-data; boundary=B' }).catch((e: Error) => e);
  clearInterval(sampler);
  if (res instanceof Response) {
    expect(res.status).toBe(413);
    expect((await res.json()).message).toMatch(/[\u0E00-\u0E7F]/);
  }
  Bun.gc(true);
  const after = process.memoryUsage().rss;
  expect(sent).toBeLessThan(total); // the server stopped reading early
  expect(peak - before).toBeLessThan(64 * 1024 * 1024);
  expect(after - before).toBeLessThan(32 * 1024 * 1024);
  expect(readdirSync(s.ctx.paths.tmpDir)).toEqual([]);
}, 180_000);
