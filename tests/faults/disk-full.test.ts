// DATA_DIR on a small tmpfs that fills up: uploads, new conversations and an answer finishing on a
// full disk get a clear 503 (not a generic internal error), nothing is half-stored, and everything
// works again once space is freed. Needs mount rights (root); skipped, saying so, without them.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { STORAGE_FULL_MESSAGE } from '../../src/http/errors';
import { documents } from '../../modules/documents/schema';
import { indexQueue } from '../../modules/documents/indexer';
import { conversationDetails, conversations } from '../../modules/conversations/schema';
import { settleBackground } from '../../modules/conversations/background';
import { fixture, multipartBody, testCategory } from '../../modules/documents/testing/helpers';
import { startFakeOllama, type FakeOllama } from '../helpers/fake-ollama';
import { startTestServer, type TestServer } from '../helpers/server';
import { seedRegulation } from './child';

const QUESTION = 'ต้องเสนอโครงการต่อกองพัฒนานักศึกษาล่วงหน้ากี่วัน';
const REPLY = 'ตามข้อ ๕ องค์กรนักศึกษาที่ประสงค์จะจัดกิจกรรม ให้เสนอโครงการต่อกองพัฒนานักศึกษาล่วงหน้าไม่น้อยกว่า ๓๐ วันก่อนวันเริ่มกิจกรรม';
const FULL = { status: 'error', code: 'unavailable', message: STORAGE_FULL_MESSAGE };

const mountPoint = mkdtempSync(join(tmpdir(), 'askreg-diskfull-'));
const canMount = (() => {
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=6m', 'tmpfs', mountPoint], { stdio: 'ignore' });
    return true;
  } catch {
    console.warn('disk-full faults skipped: cannot mount a tmpfs here (needs root)');
    return false;
  }
})();
const filler = join(mountPoint, 'filler');
const fillDisk = () => execFileSync('sh', ['-c', `dd if=/dev/zero of=${filler} bs=64k 2>/dev/null || true`]);
const freeDisk = () => rmSync(filler, { force: true });

let server: TestServer;
let ollama: FakeOllama;
let admin: string;
let user: string;
let seeded: string;

beforeAll(async () => {
  if (!canMount) return;
  ollama = startFakeOllama({ reply: REPLY });
  server = await startTestServer({ DATA_DIR: join(mountPoint, 'data'), OLLAMA_HOST: ollama.url, CHAT_RATE_PER_MINUTE: '1000', LOG_LEVEL: 'silent' });
  admin = server.signIn('admin@example.ac.th', 'admin').cookie;
  user = server.signIn('nok@example.ac.th').cookie;
  seeded = await seedRegulation(server.ctx);
});
afterAll(async () => {
  if (!canMount) return;
  // beforeAll may have failed half-way: still unmount
  await (server as TestServer | undefined)?.stop(1000).catch(() => undefined);
  await (ollama as FakeOllama | undefined)?.close();
  execFileSync('umount', ['-l', mountPoint]);
  rmSync(mountPoint, { recursive: true, force: true });
});

function stored() {
  const ctx = server.ctx;
  return {
    rows: ctx.db
      .select({ id: documents.id })
      .from(documents)
      .all()
      .map((r) => r.id),
    files: readdirSync(ctx.paths.filesDir),
    tmp: readdirSync(ctx.paths.tmpDir),
  };
}

function upload(bytes: Uint8Array) {
  const { body, headers } = multipartBody('regulation.pdf', bytes, { contents: 'ข้อ ๑ การยืมครุภัณฑ์ของชมรม', category: testCategory(server.ctx) });
  return server.request('/api/files/upload', { method: 'POST', body, headers, cookie: admin });
}

describe.skipIf(!canMount)('disk full on DATA_DIR', () => {
  test('an upload bigger than the free space: 503 with a clear message, nothing left behind', async () => {
    const big = new Uint8Array(8 * 1024 * 1024);
    big.set(fixture('regulation.pdf'));
    const res = await upload(big);
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual(FULL);
    expect(stored()).toEqual({ rows: [seeded], files: [seeded], tmp: [] });
  });

  test('a full disk refuses uploads and new conversations cleanly, then recovers when space is freed', async () => {
    fillDisk();
    try {
      const res = await upload(fixture('regulation.pdf'));
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual(FULL);
      expect(stored()).toEqual({ rows: [seeded], files: [seeded], tmp: [] });
      const conv = await server.request('/api/conversations/create', { cookie: user, json: { query: QUESTION.repeat(20) } });
      expect(conv.status).toBe(503);
      expect(await conv.json()).toEqual(FULL);
      expect(server.ctx.db.select().from(conversations).all()).toEqual([]);
    } finally {
      freeDisk();
    }
    const ok = await upload(fixture('regulation.pdf'));
    expect(ok.status).toBe(200);
    const id = ((await ok.json()) as { data: { fileId: string } }).data.fileId;
    await indexQueue(server.ctx).idle();
    expect(server.ctx.db.select({ status: documents.status }).from(documents).where(eq(documents.id, id)).get()?.status).toBe('ready');
  });

  test('an answer finishing on a full disk: clear error, no hang, the turn is not stored as answered', async () => {
    const created = (await (await server.request('/api/conversations/create', { cookie: user, json: { query: QUESTION } })).json()) as {
      data: { conversationId: string; conversationDetailId: string };
    };
    const { conversationId, conversationDetailId } = created.data;
    ollama.behave({ tokenDelayMs: 40 });
    const path = `/api/conversations/${conversationId}/details/${conversationDetailId}/answer`;
    const pending = server.request(path, { cookie: user, json: {}, signal: AbortSignal.timeout(10_000) });
    await ollama.waitForRequest('/api/chat');
    fillDisk();
    try {
      const res = await pending;
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual(FULL);
      await settleBackground(server.ctx);
      const row = server.ctx.db.select().from(conversationDetails).where(eq(conversationDetails.id, conversationDetailId)).get()!;
      expect(row.status).not.toBe('complete');
      expect(row.response).toBeNull();
    } finally {
      freeDisk();
      ollama.reset();
    }
    // With space again the user asks again and gets the whole answer stored.
    const again = await server.request(path, { cookie: user, json: {} });
    expect(again.status).toBe(200);
    const row = server.ctx.db.select().from(conversationDetails).where(eq(conversationDetails.id, conversationDetailId)).get()!;
    expect(row).toMatchObject({ status: 'complete', response: expect.stringContaining('๓๐ วัน') });
  });
});
