// #34: a chat's attached files are spooled to DATA_DIR/tmp while the body streams (the parser held the whole
// body, then a parsed copy, in memory: 50 chats with 5 × 1.9 MB PDFs grew the server by 318–646 MB), and go
// with their request, after a streamed answer has read them.
import { afterAll, describe, expect, test } from 'bun:test';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestApp } from '../../tests/helpers/server';
import { MAX_MULTIPART_BYTES, parseCapped } from './capped-body';
import { holdSpooled, releaseSpooled } from './spooled-body';

const dir = mkdtempSync(join(tmpdir(), 'askreg-spool-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const caps = { json: 1024 * 1024, multipart: MAX_MULTIPART_BYTES };
const parts = () => readdirSync(dir).filter((f) => f.endsWith('.part'));

async function until(check: () => boolean) {
  for (let i = 0; i < 200 && !check(); i++) await Bun.sleep(10);
  return check();
}

function formRequest() {
  const form = new FormData();
  form.append('message', 'งบประมาณเท่าไร');
  form.append('files', new File(['ข้อ ๑ งบประมาณ ๓๐,๐๐๐ บาท'], 'โครงการ.txt', { type: 'text/plain' }));
  form.append('files', new File([new Uint8Array(300_000).fill(65)], 'big.pdf', { type: 'application/pdf' }));
  return new Request('http://x/api/chat', { method: 'POST', body: form });
}

describe('attached files spooled to disk', () => {
  test('the parser gives Files backed by DATA_DIR/tmp, fields as Elysia shapes them; they go with the request', async () => {
    const request = formRequest();
    const body = (await parseCapped(request, request.headers.get('content-type')!, caps, dir)) as { message: string; files: File[] };
    expect(body.message).toBe('งบประมาณเท่าไร');
    expect(body.files.map((f) => [f.name, f.type.split(';')[0], f.size])).toEqual([
      ['โครงการ.txt', 'text/plain', Buffer.byteLength('ข้อ ๑ งบประมาณ ๓๐,๐๐๐ บาท')],
      ['big.pdf', 'application/pdf', 300_000],
    ]);
    expect(await body.files[0]!.text()).toBe('ข้อ ๑ งบประมาณ ๓๐,๐๐๐ บาท');
    // the bytes are on disk, not in the request's memory
    expect(
      parts()
        .map((f) => readFileSync(join(dir, f)).byteLength)
        .sort((a, b) => a - b),
    ).toEqual([body.files[0]!.size, 300_000]);
    releaseSpooled(request);
    expect(await until(() => parts().length === 0)).toBe(true);
  });

  test('a job holding them keeps them past the response until it ends', async () => {
    const request = formRequest();
    await parseCapped(request, request.headers.get('content-type')!, caps, dir);
    const release = holdSpooled(request);
    releaseSpooled(request); // the response went out
    await Bun.sleep(50);
    expect(parts()).toHaveLength(2);
    release();
    expect(await until(() => parts().length === 0)).toBe(true);
  });

  test('a streamed chat reads its attachment after the response began, and DATA_DIR/tmp is empty after it', async () => {
    const app = await createTestApp({ CHAT_RATE_PER_MINUTE: '1000' });
    try {
      const form = new FormData();
      form.append('message', 'งบประมาณทั้งสิ้นของค่ายนี้กี่บาท');
      form.append('files', new File(['โครงการค่ายอาสา\nข้อ ๓ งบประมาณทั้งสิ้น ๓๐,๐๐๐ บาท จากกองทุนพัฒนานักศึกษา'], 'proposal.txt', { type: 'text/plain' }));
      const res = await app.request('/api/chat', { method: 'POST', body: form, headers: { accept: 'text/event-stream' } });
      expect(res.status).toBe(200);
      const stream = await res.text();
      expect(stream).toContain('proposal.txt');
      expect(stream).not.toContain('event: error');
      expect(await until(() => readdirSync(app.ctx.paths.tmpDir).length === 0)).toBe(true);
      // a body refused after it was read (a field fails the schema) leaves nothing either
      const bad = new FormData();
      bad.append('message', 'ถาม');
      bad.append('show_regulation', 'x'.repeat(50));
      bad.append('files', new File(['ข้อความ'], 'a.txt', { type: 'text/plain' }));
      expect((await app.request('/api/chat', { method: 'POST', body: bad })).status).toBe(400);
      expect(await until(() => readdirSync(app.ctx.paths.tmpDir).length === 0)).toBe(true);
    } finally {
      await app.close();
    }
  });
});
