// Two real server processes on one Postgres with the same SECRET_KEY, over HTTP only (issue 36): signed in on A, the
// same conversation goes on on B with the same cookie; an answer streaming from A stops on a cancel sent to B; one
// answer per turn when the same turn is posted to A and B at once (the other gets the spec's Thai refusal); a chat
// rate limit spent on A holds on B (429, Retry-After, the Thai text); A killed and restarted on its DATA_DIR while B
// streams repairs at start exactly what its previous run left (its turn, its answer slots), never B's. Against the Ollama-protocol fake server.
// Skipped, with a message, only when the `postgresql` package is absent.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { SQL } from 'bun';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startFakeOllama, type FakeOllama } from '../helpers/fake-ollama';
import { postgresUnavailable } from '../helpers/postgres';
import { MESSAGES } from '../../src/http/errors';
import { TEXTS } from '../../modules/conversations/model';
import { data, processes, signIn, upload, type Instance } from './processes';
import { until } from './wait';

const unavailable = postgresUnavailable();
if (unavailable) console.warn(unavailable);

const RULE = 'ข้อ ๙ นักศึกษาที่ประสงค์จะขอใช้ลานกิจกรรมกลางในวันหยุดราชการ ต้องยื่นคำขอต่อกองพัฒนานักศึกษาล่วงหน้าไม่น้อยกว่า ๗ วันทำการ';
const QUESTION = 'ขอใช้ลานกิจกรรมกลางในวันหยุดราชการต้องยื่นคำขอล่วงหน้ากี่วัน';
const SLOW = { tokenDelayMs: 100, reply: 'ต้องยื่นคำขอล่วงหน้าไม่น้อยกว่า ๗ วันทำการ '.repeat(6) };
const PER_MINUTE = 20;

describe.skipIf(unavailable !== null)('two instances, one user: sign-in, cancel, one answer per turn and limits hold across them', () => {
  let ollama: FakeOllama;
  beforeAll(() => void (ollama = startFakeOllama()));
  afterAll(() => ollama?.close());
  const p = processes(() => ({ OLLAMA_HOST: ollama.url, AI_TIMEOUT_MS: '60000', CHAT_RATE_PER_MINUTE: String(PER_MINUTE), CHAT_RATE_PER_MINUTE_IP: '100000' }));
  let a: Instance;
  let b: Instance;

  test('signed in on A, the same conversation goes on on B with the same cookie', async () => {
    a = await p.start();
    await until('A writes the index', () => a.out.text.includes('this instance writes the index'));
    b = await p.start();
    const cookie = await signIn(a);
    const id = await upload(a, cookie, 'ประกาศการใช้ลานกิจกรรมกลาง', RULE);
    const db = new SQL(p.pg.url, { max: 1 });
    await until('indexed', async () => ((await db`select status from documents where id = ${id}`) as any[])[0]?.status === 'ready');
    await db.close();
    // B reads the index A writes: it sees A's new document within 5 s (docs/scaling.md: its table looks for other
    // writers once a second, and a search it made before that is kept 4 s, lexical-search.ts). The journeys below ask B
    // the same question and expect an answer from the model, so they start once B answers it from the document; asked
    // sooner, B's search of the question kept a library without it, and a later turn on B fell back at once.
    await until(
      'B answers from the new document',
      async () => {
        await Bun.sleep(400); // a guest's chat budget is 20 a minute
        const res = await b.request('/api/chat', { json: { message: QUESTION, show_regulation: false } });
        return res.status === 200 && (await res.json()).fallback === false;
      },
      15_000,
    );

    const created = await data(a.request('/api/conversations/create', { cookie, json: { query: QUESTION, show_regulation: false } }));
    const first = await a.request(`/api/conversations/${created.conversationId}/details/${created.conversationDetailId}/answer`, { cookie, json: {} });
    expect(first.status).toBe(200);
    const added = await b.request(`/api/conversations/${created.conversationId}/query`, { cookie, json: { query: 'แล้วยื่นที่ไหน', show_regulation: false } });
    expect(added.status).toBe(200);
    const turn = (await added.json()).data;
    expect((await b.request(`/api/conversations/${created.conversationId}/details/${turn.conversationDetailId}/answer`, { cookie, json: {} })).status).toBe(
      200,
    );
    const messages = await data(b.request(`/api/conversations/${created.conversationId}/messages`, { cookie }));
    expect(messages.records.map((r: { status: string }) => r.status)).toEqual(['complete', 'complete']);
  }, 180_000);

  test('an answer streaming from A is stopped by /api/cancel sent to B', async () => {
    ollama.reset();
    ollama.behave(SLOW);
    const cookie = await signIn(a, 'streamer@demo.ac.th');
    const connectionId = crypto.randomUUID();
    const streamed = await a.request('/api/chat', {
      cookie,
      headers: { accept: 'text/event-stream' },
      json: { message: QUESTION, show_regulation: false, connection_id: connectionId },
    });
    expect(streamed.status).toBe(200);
    const text = streamed.text();
    await ollama.waitForRequest('/api/chat', 30_000);
    const cancel = await b.request('/api/cancel', { cookie, json: { connection_id: connectionId } });
    expect(cancel.status).toBe(200);
    expect((await ollama.waitForDisconnect(30_000)).path).toBe('/api/chat'); // A closed its model request
    expect(await text).not.toContain(SLOW.reply); // ended early, not the whole reply
  }, 120_000);

  test('the same turn posted to A and B at once: one answer, the other is refused with the Thai text', async () => {
    ollama.reset();
    ollama.behave(SLOW);
    const cookie = await signIn(b, 'twice@demo.ac.th');
    const created = await data(b.request('/api/conversations/create', { cookie, json: { query: QUESTION, show_regulation: false } }));
    const path = `/api/conversations/${created.conversationId}/details/${created.conversationDetailId}/answer`;
    const replies = await Promise.all([a, b].map((i) => i.request(path, { cookie, json: {} })));
    const bodies = await Promise.all(replies.map((r) => r.json()));
    expect(replies.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(bodies.find((_, k) => replies[k]!.status === 409)).toMatchObject({ status: 'error', message: TEXTS.busy });
    const messages = await data(a.request(`/api/conversations/${created.conversationId}/messages`, { cookie }));
    expect(messages.records.map((r: { status: string }) => r.status)).toEqual(['complete']);
  }, 120_000);

  test('a chat rate limit spent on A holds on B: 429 with Retry-After and the Thai text', async () => {
    ollama.reset();
    const cookie = await signIn(a, 'chatty@demo.ac.th');
    let spent = 0;
    for (let res = await a.request('/api/chat', { cookie, json: { message: 'สวัสดี' } }); res.status === 200 && spent <= PER_MINUTE; spent++) {
      await res.body?.cancel();
      res = await a.request('/api/chat', { cookie, json: { message: 'สวัสดี' } });
    }
    expect(spent).toBeGreaterThanOrEqual(PER_MINUTE - 1); // a token or so may refill while they are sent
    const refused = await b.request('/api/chat', { cookie, json: { message: 'สวัสดี' } });
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ status: 'error', code: 'rate_limited', message: MESSAGES.rateLimited });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  }, 120_000);

  test('A killed mid-answer and restarted while B streams: A repairs its own turn and slots at start, the turn on B is untouched', async () => {
    ollama.reset();
    ollama.behave({ reply: SLOW.reply, stallAfterTokens: 2 }); // both answers hang until cancelled or killed
    const db = new SQL(p.pg.url, { max: 1 });
    const turn = async (i: Instance, email: string) => {
      const cookie = await signIn(i, email);
      const c = await data(i.request('/api/conversations/create', { cookie, json: { query: QUESTION, show_regulation: false } }));
      const connectionId = crypto.randomUUID();
      const answer = i.request(`/api/conversations/${c.conversationId}/details/${c.conversationDetailId}/answer`, {
        cookie,
        json: { connection_id: connectionId },
      });
      answer.catch(() => undefined);
      // both answers hang until cancelled or killed: one that ends first was refused, and the wait below says why
      answer.then(
        async (res) => (ended[email] = `${res.status} ${await res.text()}`),
        () => undefined,
      );
      return { id: c.conversationDetailId as string, answer, cookie, connectionId };
    };
    const ended: Record<string, string> = {};
    const row = async (id: string) => ((await db`select status, claimed_by from conversation_details where id = ${id}`) as any[])[0];
    // the answers of the tests before have given their slots back (a slot is released after its response is sent)
    await until('no answer slot held', async () => ((await db`select count(*)::int as n from answer_slots`) as any[])[0].n === 0);
    const onA = await turn(a, 'dies@demo.ac.th');
    const onB = await turn(b, 'lives@demo.ac.th');
    await until('both answering', async () => {
      if (Object.keys(ended).length) throw new Error(`an answer ended before it was stopped: ${JSON.stringify(ended)}`);
      return !!(await row(onA.id))?.claimed_by && !!(await row(onB.id))?.claimed_by;
    });
    const oldA = readFileSync(join(a.dataDir, 'instance.id'), 'utf8');
    expect((await row(onA.id)).claimed_by).toBe(oldA);
    const slotsOf = async (id: string) => ((await db`select count(*)::int as n from answer_slots where instance = ${id}`) as any[])[0].n as number;
    await until('A holds its answer slots', async () => (await slotsOf(oldA)) > 0);

    await p.kill(a);
    a = await p.start({}, a.dataDir);
    // repaired at start, within the claim's lease (60 s) that would otherwise keep it looking answered
    expect(await row(onA.id)).toEqual({ status: 'failed', claimed_by: null });
    expect(await slotsOf(oldA)).toBe(0);
    const claimedByB = (await row(onB.id)).claimed_by;
    expect(claimedByB).toBe(readFileSync(join(b.dataDir, 'instance.id'), 'utf8'));
    expect(await row(onB.id)).toEqual({ status: 'pending', claimed_by: claimedByB }); // still answering on B
    expect((await b.request('/api/cancel', { cookie: onB.cookie, json: { connection_id: onB.connectionId } })).status).toBe(200);
    await onB.answer;
    expect(await row(onB.id)).toEqual({ status: 'cancelled', claimed_by: null });
    await db.close();
  }, 180_000);
});
