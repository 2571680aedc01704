// POST /api/files/similar with the largest text it admits (issue 34 finding 12: a 19.9 MB body blocked the
// server's thread 17.4 s). The text is sketched in a parse worker: while that worker reads it, the server still
// answers. Order, not a clock: /healthz answers counted while the similar request is pending and its worker busy.
// The body itself (JSON, up to 20 M characters) is parsed and checked in the worker too.
import { afterAll, beforeAll, expect, test } from 'bun:test';
import { readdirSync } from 'node:fs';
import { startTestServer, type TestServer } from '../../tests/helpers/server';
import { parseWorkerPids, shutdownParseWorkers } from '../extraction';
import { SIMILAR_BAD_BODY } from './similar';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => {
  await s.close();
  shutdownParseWorkers();
});

/** `chars` of Thai-looking text whose 8-character pieces rarely repeat (the costly case for the sketch). */
function diverseText(chars: number): string {
  const consonants = 'กขคงจฉชซญดตถทธนบปผพฟภมยรลวศษสหอฮ';
  const vowels = ['า', 'ิ', 'ี', 'ุ', 'ู', 'ะ', 'ำ', ''];
  const parts: string[] = [];
  let n = 0;
  let x = 12345;
  while (n < chars) {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    const word = consonants[x % consonants.length]! + vowels[(x >>> 8) % vowels.length]! + consonants[(x >>> 16) % consonants.length]!;
    parts.push(word);
    n += word.length;
  }
  return parts.join('');
}

test('a 19.9 MB text is sketched in a parse worker while the server keeps answering', async () => {
  const { cookie } = await s.signIn('similar-admin@example.ac.th', 'admin');
  const contents = diverseText(6_600_000); // ~19.9 MB of UTF-8, under the route's 20 M characters
  const body = JSON.stringify({ contents });
  expect(body.length).toBeLessThanOrEqual(20_000_100);
  shutdownParseWorkers(); // idle workers another test file left in this process would count as this one's
  expect(parseWorkerPids('chat')).toEqual([]);
  let done = false;
  const similar = fetch(`${s.url}/api/files/similar`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: s.url, cookie },
    body,
  }).then(async (res) => {
    done = true;
    return { status: res.status, data: (await res.json()).data };
  });
  let answeredWhileReading = 0;
  while (!done) {
    const health = await fetch(`${s.url}/healthz`);
    await health.arrayBuffer();
    if (!done && parseWorkerPids('chat').length > 0) answeredWhileReading++;
    await Bun.sleep(10);
  }
  expect(await similar).toEqual({ status: 200, data: [] });
  expect(answeredWhileReading).toBeGreaterThan(0);
  expect(readdirSync(s.ctx.paths.tmpDir).filter((f) => f.startsWith('similar-'))).toEqual([]);
}, 120_000);

test('a body of another shape is refused in Thai, as the schema refused it before (read in the worker)', async () => {
  const { cookie } = await s.signIn('similar-admin2@example.ac.th', 'admin');
  const send = (body: string) =>
    fetch(`${s.url}/api/files/similar`, { method: 'POST', headers: { 'content-type': 'application/json', origin: s.url, cookie }, body });
  for (const body of ['{"contents": ', '[]', '{"contents": 5}', '{"contents": "ก", "pad": "x"}', '{"contents": "ก", "except": 7}']) {
    const res = await send(body);
    expect([body, res.status]).toEqual([body, 400]);
    expect((await res.json()).message).toStartWith(SIMILAR_BAD_BODY);
  }
  expect((await send(JSON.stringify({ contents: 'ข้อ ๑ ทดสอบ', except: 'x' }))).status).toBe(200);
  // a stranger's body is never read: 401 before anything
  const stranger = await fetch(`${s.url}/api/files/similar`, { method: 'POST', headers: { 'content-type': 'application/json', origin: s.url }, body: '{}' });
  expect(stranger.status).toBe(401);
}, 60_000);
