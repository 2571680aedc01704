// The real server is SIGKILLed during an upload, during indexing and during a chat turn; after a
// restart on the same DATA_DIR nothing is orphaned, nothing is lost, no turn is left half-done, and
// start-up reconciliation says what it fixed. On the test database: SQLite in DATA_DIR, or Postgres under
// TEST_DATABASE=postgres, where the restarted server repairs at once the turn its previous run on this DATA_DIR left.
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'bun:test';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { knowledgeIndex } from '../../modules/knowledge/service';
import { multipartBody, fixture, categoryFor } from '../../modules/documents/testing/helpers';
import { readSse } from '../../web/lib/sse';
import { startFakeOllama, type FakeOllama } from '../helpers/fake-ollama';
import { faultData, seedRegulation, sessionFor, spawnServer, type Child, type FaultData } from './child';

const QUESTION = 'ต้องเสนอโครงการต่อกองพัฒนานักศึกษาล่วงหน้ากี่วัน';
const REPLY = 'ตามข้อ ๕ องค์กรนักศึกษาที่ประสงค์จะจัดกิจกรรม ให้เสนอโครงการต่อกองพัฒนานักศึกษาล่วงหน้าไม่น้อยกว่า ๓๐ วันก่อนวันเริ่มกิจกรรม';
const NEW_WORD = 'ทะเบียนชมรมวิชาการสำรวจดาราศาสตร์';

let data: FaultData;
let admin: string;
let user: string;
let seeded: string;
let category: string;
let ollama: FakeOllama;
const children: Child[] = [];

beforeAll(async () => {
  ollama = startFakeOllama({ reply: REPLY });
  data = await faultData('askreg-faults-crash-');
  const ctx = await data.open();
  admin = await sessionFor(ctx, 'admin@example.ac.th', 'admin');
  user = await sessionFor(ctx, 'nok@example.ac.th', 'user');
  seeded = await seedRegulation(ctx);
  category = await categoryFor(ctx);
  await ctx.close();
});
afterEach(async () => {
  for (const c of children.splice(0)) await c.kill();
  ollama.reset();
});
afterAll(async () => {
  await ollama.close();
  await data.remove();
});

async function start(env: Record<string, string> = {}): Promise<Child> {
  const c = await spawnServer(data, { OLLAMA_HOST: ollama.url, AI_TIMEOUT_MS: '10000', ...env });
  children.push(c);
  return c;
}

const origin = (c: Child) => ({ origin: c.url });

/** What is on disk and in the stores, read with the server stopped. */
async function state() {
  const ctx = await data.open();
  const { documents, conversationDetails } = ctx.tables;
  try {
    const rows = await ctx.db.select({ id: documents.id, status: documents.status, storagePath: documents.storagePath }).from(documents);
    const indexed = await (await knowledgeIndex(ctx)).documentIds();
    const details = await ctx.db.select().from(conversationDetails);
    return { rows, indexed, details, files: readdirSync(ctx.paths.filesDir).sort(), tmp: readdirSync(ctx.paths.tmpDir) };
  } finally {
    await ctx.close();
  }
}

async function until<T>(what: string, fn: () => Promise<T | undefined>, timeoutMs = 15_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await Bun.sleep(50);
  }
}

/** Nothing orphaned: every row has its file, every file dir and chunk set has a row, no temp files. */
function expectConsistent(s: Awaited<ReturnType<typeof state>>) {
  const ids = s.rows.map((r) => r.id).sort();
  expect(s.tmp).toEqual([]);
  expect(s.files).toEqual(ids);
  expect(s.indexed.every((id) => ids.includes(id))).toBe(true);
  expect(s.rows.every((r) => statSync(join(data.dataDir, 'files', r.storagePath)).size > 0)).toBe(true);
  expect(ids).toContain(seeded);
}

describe('SIGKILL and restart', () => {
  test('killed while an upload is streaming: the temp file is swept, no row, the library intact', async () => {
    let c = await start();
    const { body } = multipartBody('big.pdf', fixture('regulation.pdf'), { contents: `ข้อ ๑ ${NEW_WORD}` });
    const head = body.subarray(0, body.length - 64); // everything but the end: the upload never finishes
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new Uint8Array(head));
      },
    });
    const upload = fetch(`${c.url}/api/files/upload`, {
      method: 'POST',
      body: stream,
      headers: { 'content-type': 'multipart/form-data; boundary=askregBoundary7MA4YWxk', cookie: admin, ...origin(c) },
    }).catch((e: Error) => e);
    await until('the upload to reach DATA_DIR/tmp', async () => (readdirSync(join(data.dataDir, 'tmp')).length ? true : undefined));
    await c.kill();
    expect(await upload).toBeInstanceOf(Error);

    c = await start();
    const fixed = c.logs('document store reconciled')[0];
    expect(fixed).toMatchObject({ level: 'warn', tmpFilesRemoved: 1 });
    await c.kill();
    const s = await state();
    expectConsistent(s);
    expect(s.rows.map((r) => r.id)).toEqual([seeded]);
  }, 30_000);

  test('killed during indexing: re-queued at start-up, made ready and searchable', async () => {
    let c = await start({ ASKREG_TEST_PAUSE: 'before-index' });
    const { body, headers } = multipartBody('regulation.pdf', fixture('regulation.pdf'), {
      contents: `ข้อ ๑ ${NEW_WORD}\fข้อ ๒ การประชุมใหญ่สามัญประจำปี`,
      category,
    });
    const res = await fetch(`${c.url}/api/files/upload`, { method: 'POST', body, headers: { ...headers, cookie: admin, ...origin(c) } });
    expect(res.status).toBe(200);
    const id = ((await res.json()) as { data: { fileId: string } }).data.fileId;
    await c.waitFor(new RegExp(`ASKREG_PAUSED before-index ${id}`));
    await c.kill();

    c = await start();
    // on Postgres the shared files and index are repaired once this instance is elected their writer, maybe after it listens
    await c.waitFor(/"document store reconciled".*"requeued"/);
    expect(c.logs('document store reconciled').find((l) => 'requeued' in l)).toMatchObject({ requeued: [id] });
    await until('the re-queued document to be ready', async () => {
      const r = await fetch(`${c.url}/api/files/${id}/get`, { headers: { cookie: admin } });
      return ((await r.json()) as { data: { status: string } }).data.status === 'ready' ? true : undefined;
    });
    const chat = await fetch(`${c.url}/api/chat`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...origin(c) },
      body: JSON.stringify({ message: `${NEW_WORD} คืออะไร` }),
    });
    expect(((await chat.json()) as { documents: Array<{ id: string }> }).documents.map((d) => d.id)).toContain(id);
    await c.kill();
    const s = await state();
    expectConsistent(s);
    expect(s.rows.find((r) => r.id === id)?.status).toBe('ready');
    expect(s.indexed).toContain(id);
  }, 30_000);

  test('killed during a chat turn: the pending turn is marked failed at start-up, never half-stored', async () => {
    ollama.behave({ tokenDelayMs: 150 });
    let c = await start();
    const json = { 'content-type': 'application/json', cookie: user, ...origin(c) };
    const created = (await (
      await fetch(`${c.url}/api/conversations/create`, { method: 'POST', headers: json, body: JSON.stringify({ query: QUESTION }) })
    ).json()) as {
      data: { conversationId: string; conversationDetailId: string };
    };
    const { conversationId, conversationDetailId } = created.data;
    const res = await fetch(`${c.url}/api/conversations/${conversationId}/details/${conversationDetailId}/answer`, {
      method: 'POST',
      headers: { ...json, accept: 'text/event-stream' },
      body: JSON.stringify({ show_regulation: true }),
    });
    let tokens = 0;
    try {
      for await (const e of readSse(res)) {
        if (e.event === 'token' && ++tokens === 2) await c.kill();
      }
    } catch {
      // the connection dies with the server
    }
    expect(tokens).toBeGreaterThanOrEqual(2);
    expect((await state()).details.find((d) => d.id === conversationDetailId)?.status).toBe('pending');

    ollama.behave({ tokenDelayMs: 0 });
    c = await start();
    expect(c.logs('conversations reconciled')[0]).toMatchObject({ level: 'warn', interruptedTurns: 1 });
    const messages = (await (await fetch(`${c.url}/api/conversations/${conversationId}/messages`, { headers: { cookie: user } })).json()) as {
      data: { records: Array<{ status: string; response: string }> };
    };
    expect(messages.data.records).toEqual([expect.objectContaining({ status: 'failed', response: '' })]);
    // The user can ask again: the turn is answered and stored whole.
    const again = await fetch(`${c.url}/api/conversations/${conversationId}/details/${conversationDetailId}/answer`, {
      method: 'POST',
      headers: { ...json, ...origin(c) },
      body: '{}',
    });
    expect(again.status).toBe(200);
    await c.kill();
    const s = await state();
    const detail = s.details.find((d) => d.id === conversationDetailId)!;
    expect(detail.status).toBe('complete');
    expect(detail.response).toContain('๓๐ วัน');
    expectConsistent(s);
  }, 30_000);
});
