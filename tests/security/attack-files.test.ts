// Issue 19 finding 1: one small chat attachment stopped the whole server (parsed on its event loop with no
// page, inflation, time or memory limit). Now the attack files, sent at once to a listening server as a
// guest's chat attachments, each answer a Thai refusal within the time limit while /healthz keeps
// answering at once, and nothing of them is kept. Sizes are modest: the limits are lowered to match.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { readdirSync } from 'node:fs';
import { startTestServer, type TestServer } from '../helpers/server';
import { docxBomb, flateBombPdf, junkPdf, manyPagePdf } from '../../modules/extraction/test-attacks';
import { percentile } from '../../scripts/bench/lib';
import { ExtractionError } from '../../modules/extraction';
import { extractionMessage } from '../../modules/documents/extraction';
import { multipartBody, storedState, categoryFor } from '../../modules/documents/testing/helpers';
import { conversations } from '../../modules/conversations/schema';

const MB = 1024 * 1024;
const TIME_LIMIT_S = 5;
let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({
    CHAT_RATE_PER_MINUTE: '1000',
    CHAT_RATE_PER_MINUTE_IP: '1000',
    ATTACHMENT_PARSE_SECONDS: String(TIME_LIMIT_S),
    ATTACHMENT_PARSE_MEMORY_MB: '256',
    ATTACHMENT_MAX_PAGES: '200',
    ATTACHMENT_MAX_INFLATED_MB: '8',
    ATTACHMENT_MAX_INFLATED_TOTAL_MB: '32',
  });
});
afterAll(() => s.close());

function chatWith(name: string, bytes: Uint8Array, type: string) {
  const form = new FormData();
  form.append('message', 'ไฟล์นี้ว่าอย่างไร');
  form.append('files', new File([new Uint8Array(bytes)], name, { type }));
  return s.request('/api/chat', { method: 'POST', body: form });
}

test('four attack files at once: each refused in Thai within the time limit, /healthz answers throughout, nothing kept', async () => {
  const attacks: Array<[string, Uint8Array, string]> = [
    // document.xml inflates to 24 MB at ~40:1, under the 100:1 ratio guard
    ['bomb.docx', docxBomb(24 * MB), 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
    ['pages.pdf', manyPagePdf(3000), 'application/pdf'],
    ['stream.pdf', await flateBombPdf(256 * MB), 'application/pdf'],
    ['junk.pdf', junkPdf(8 * MB), 'application/pdf'],
  ];
  const health: number[] = [];
  let attacking = true;
  const poll = (async () => {
    while (attacking) {
      const t = performance.now();
      expect((await fetch(`${s.url}/healthz`)).status).toBeLessThan(500);
      health.push(performance.now() - t);
      await Bun.sleep(20);
    }
  })();
  const answers = await Promise.all(
    attacks.map(async ([name, bytes, type]) => {
      const t = performance.now();
      const res = await chatWith(name, bytes, type);
      const body = (await res.json()) as { message?: string };
      return { name, status: res.status, message: body.message ?? '', seconds: (performance.now() - t) / 1000 };
    }),
  );
  attacking = false;
  await poll;
  for (const a of answers) {
    expect({ name: a.name, status: a.status }).toEqual({ name: a.name, status: 400 });
    expect(a.message).toStartWith(`ไม่สามารถอ่านไฟล์ ${a.name} ได้`);
    expect(a.seconds).toBeLessThan(TIME_LIMIT_S + 2);
  }
  health.sort((a, b) => a - b);
  // In-process parsing held the event loop for 28 s here; the bound leaves room for the other test shards
  // sharing the cores (the bench measures the real figure: p99 54 ms).
  expect(health.length).toBeGreaterThan(5);
  expect(percentile(health, 99)).toBeLessThan(1000);
  // the spooled attachments are removed right after each response (it raced under load 27 in npm test)
  for (let waited = 0; readdirSync(s.ctx.paths.tmpDir).length && waited < 5_000; waited += 50) await Bun.sleep(50);
  expect(readdirSync(s.ctx.paths.tmpDir)).toEqual([]);
}, 60_000);

test('the refusal says why when a limit stopped the file', async () => {
  const res = await chatWith('pages.pdf', manyPagePdf(300), 'application/pdf');
  expect(res.status).toBe(400);
  expect(((await res.json()) as { message: string }).message).toBe('ไม่สามารถอ่านไฟล์ pages.pdf ได้: ไฟล์มีจำนวนหน้า ข้อความ หรือข้อมูลที่บีบอัดไว้มากเกินกำหนด');
});

test('a saved conversation started with an attack file is refused in Thai and not created', async () => {
  const user = await s.signIn('attack.user@example.ac.th');
  const form = new FormData();
  form.append('query', 'ไฟล์นี้ว่าอย่างไร');
  form.append('files', new File([new Uint8Array(await flateBombPdf(64 * MB))], 'stream.pdf', { type: 'application/pdf' }));
  const res = await s.request('/api/conversations/create', { method: 'POST', body: form, cookie: user.cookie });
  expect(res.status).toBe(400);
  expect(((await res.json()) as { message: string }).message).toStartWith('ไม่สามารถอ่านไฟล์ stream.pdf ได้:');
  expect(await s.ctx.db.select().from(conversations)).toEqual([]);
  // the spooled attachment is removed right after the response (spooled-body.ts), not before it
  for (let waited = 0; readdirSync(s.ctx.paths.tmpDir).length && waited < 5_000; waited += 50) await Bun.sleep(50);
  expect(readdirSync(s.ctx.paths.tmpDir)).toEqual([]);
});

describe('library uploads over a limit (UPLOAD_*)', () => {
  let lib: TestServer;
  let admin: string;
  let category: string;
  beforeAll(async () => {
    lib = await startTestServer({
      UPLOAD_RATE_PER_MINUTE: '1000',
      // room for a fresh worker to start on a busy machine (npm test runs shards side by side)
      UPLOAD_PARSE_SECONDS: '5',
      // 16 MB of junk takes pdf.js past 500 MB
      UPLOAD_PARSE_MEMORY_MB: '400',
      UPLOAD_MAX_PAGES: '7000',
      UPLOAD_MAX_INFLATED_MB: '8',
    });
    admin = (await lib.signIn('limits.admin@example.ac.th', 'admin')).cookie;
    category = await categoryFor(lib.ctx);
  });
  afterAll(() => lib.close());

  const cases: Array<[string, () => Uint8Array | Promise<Uint8Array>, ExtractionError['code'][]]> = [
    ['pages.pdf', () => manyPagePdf(7100), ['too_large']],
    // under the page limit, but pdf.js needs ~13 s for it here (its time grows with the square of the pages),
    // its memory growing with every page: whichever limit comes first
    ['slow.pdf', () => manyPagePdf(6000), ['too_slow', 'too_much_memory']],
    ['stream.pdf', () => flateBombPdf(64 * MB), ['too_large']],
    // on a slow machine the time limit may come first
    ['junk.pdf', () => junkPdf(16 * MB), ['too_much_memory', 'too_slow']],
  ];
  for (const path of ['/api/files/upload', '/api/extract']) {
    for (const [name, make, codes] of cases) {
      test(`${path}: ${name} is refused with its Thai reason and leaves nothing`, async () => {
        const before = await storedState(lib.ctx);
        const { body, headers } = multipartBody(name, await make(), path === '/api/extract' ? null : { category });
        const res = await lib.request(path, { method: 'POST', cookie: admin, headers, body });
        const json = (await res.json()) as { message?: string };
        expect(res.status).toBeGreaterThanOrEqual(400);
        expect(res.status).toBeLessThan(500);
        expect(codes.map((code) => extractionMessage(new ExtractionError(code)))).toContain(json.message!);
        expect(await storedState(lib.ctx)).toEqual(before);
      }, 30_000);
    }
  }
});
