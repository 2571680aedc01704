// DATA_DIR on a small tmpfs that fills up: uploads, new conversations and an answer finishing on a
// full disk get a clear 503 (not a generic internal error), nothing is half-stored, and everything
// works again once space is freed. Needs mount rights (root); skipped, saying so, without them. Under
// TEST_DATABASE=postgres the database is not on DATA_DIR's disk: uploads are refused the same, while conversations
// and their answers, stored in the database, go on.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { onPostgres } from '../helpers/test-database';
import { conversationDetails, conversations, documents } from '../helpers/tables';
import { STORAGE_FULL_MESSAGE } from '../../src/http/errors';
import { indexingIdle } from '../../modules/documents/indexer';
import { settleBackground } from '../../modules/conversations/background';
import { categoryFor, fixture, multipartBody } from '../../modules/documents/testing/helpers';
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
let category: string;

beforeAll(async () => {
  if (!canMount) return;
  ollama = startFakeOllama({ reply: REPLY });
  server = await startTestServer({ DATA_DIR: join(mountPoint, 'data'), OLLAMA_HOST: ollama.url, CHAT_RATE_PER_MINUTE: '1000', LOG_LEVEL: 'silent' });
  admin = (await server.signIn('admin@example.ac.th', 'admin')).cookie;
  user = (await server.signIn('nok@example.ac.th')).cookie;
  seeded = await seedRegulation(server.ctx);
  category = await categoryFor(server.ctx);
});
afterAll(async () => {
  if (!canMount) return;
  // beforeAll may have failed half-way: still unmount
  await (server as TestServer | undefined)?.stop(1000).catch(() => undefined);
  await (ollama as FakeOllama | undefined)?.close();
  execFileSync('umount', ['-l', mountPoint]);
  rmSync(mountPoint, { recursive: true, force: true });
});

async function stored() {
  const ctx = server.ctx;
  return {
    rows: (await ctx.db.select({ id: documents.id }).from(documents)).map((r) => r.id),
    files: readdirSync(ctx.paths.filesDir),
    tmp: readdirSync(ctx.paths.tmpDir),
  };
}

function upload(bytes: Uint8Array) {
  const { body, headers } = multipartBody('regulation.pdf', bytes, { contents: 'ข้อ ๑ การยืมครุภัณฑ์ของชมรม', category });
  return server.request('/api/files/upload', { method: 'POST', body, headers, cookie: admin });
}

describe.skipIf(!canMount)('disk full on DATA_DIR', () => {
  test('an upload bigger than the free space: 503 with a clear message, nothing left behind', async () => {
    const big = new Uint8Array(8 * 1024 * 1024);
    big.set(fixture('regulation.pdf'));
    const res = await upload(big);
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual(FULL);
    expect(await stored()).toEqual({ rows: [seeded], files: [seeded], tmp: [] });
  });

  test('a full disk refuses uploads cleanly, and on SQLite new conversations, then recovers when space is freed', async () => {
    fillDisk();
    try {
      const res = await upload(fixture('regulation.pdf'));
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual(FULL);
      expect(await stored()).toEqual({ rows: [seeded], files: [seeded], tmp: [] });
      const conv = await server.request('/api/conversations/create', { cookie: user, json: { query: QUESTION.repeat(20) } });
      if (onPostgres) {
        // the conversation is stored in the database, on a disk of its own
        expect(conv.status).toBe(200);
      } else {
        expect(conv.status).toBe(503);
        expect(await conv.json()).toEqual(FULL);
        expect(await server.ctx.db.select().from(conversations)).toEqual([]);
      }
    } finally {
      freeDisk();
    }
    const ok = await upload(fixture('regulation.pdf'));
    expect(ok.status).toBe(200);
    const id = ((await ok.json()) as { data: { fileId: string } }).data.fileId;
    await indexingIdle(server.ctx);
    const [row] = await server.ctx.db.select({ status: documents.status }).from(documents).where(eq(documents.id, id));
    expect(row?.status).toBe('ready');
  });

  test.skipIf(!onPostgres)('Postgres: an answer finishing while DATA_DIR is full is stored whole (the database is elsewhere)', async () => {
    const created = (await (await server.request('/api/conversations/create', { cookie: user, json: { query: QUESTION } })).json()) as {
      data: { conversationId: string; conversationDetailId: string };
    };
    const { conversationId, conversationDetailId } = created.data;
    fillDisk();
    try {
      const res = await server.request(`/api/conversations/${conversationId}/details/${conversationDetailId}/answer`, { cookie: user, json: {} });
      expect(res.status).toBe(200);
    } finally {
      freeDisk();
    }
    const [row] = await server.ctx.db.select().from(conversationDetails).where(eq(conversationDetails.id, conversationDetailId));
    expect(row).toMatchObject({ status: 'complete', response: expect.stringContaining('๓๐ วัน') });
  });

  // SQLite only: on Postgres the answer is stored in the database, whose disk DATA_DIR's filling does not touch
  test.skipIf(onPostgres)('an answer finishing on a full disk: clear error, no hang, the turn is not stored as answered', async () => {
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
      const [row] = await server.ctx.db.select().from(conversationDetails).where(eq(conversationDetails.id, conversationDetailId));
      expect(row!.status).not.toBe('complete');
      expect(row!.response).toBeNull();
    } finally {
      freeDisk();
      ollama.reset();
    }
    // With space again the user asks again and gets the whole answer stored.
    const again = await server.request(path, { cookie: user, json: {} });
    expect(again.status).toBe(200);
    const [row] = await server.ctx.db.select().from(conversationDetails).where(eq(conversationDetails.id, conversationDetailId));
    expect(row).toMatchObject({ status: 'complete', response: expect.stringContaining('๓๐ วัน') });
  });
});
