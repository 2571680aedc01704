// Mixed-workload bench on loopback against the real server (child process, NODE_ENV=production):
// guests chatting (/api/chat, SSE), signed-in users in saved conversations (create/query/answer SSE,
// messages), admins listing and uploading documents — for a bounded time. The model is a fake Ollama
// in its own process streaming at a realistic rate; per chat turn the bench reports SERVER OVERHEAD =
// client-observed total − the model's own time for that request (tagged invisibly in the question, model-tag.ts).
//   bun scripts/bench/load.ts [--soak SECONDS]
//   LOAD_SECONDS (60), LOAD_GUESTS (350), LOAD_USERS (150), LOAD_ADMINS (2), LOAD_THINK_MS (250),
//   LOAD_RAMP_MS (max(2000, LOAD_THINK_MS)),
//   FAKE_TOKENS_PER_S (30), FAKE_FIRST_TOKEN_MS (150), FAKE_REPLY_TOKENS (65: the reply once),
//   LOAD_DATABASE=postgres (a throw-away cluster, tests/helpers/postgres.ts), LOAD_INSTANCES (1; more run on Postgres,
//   sharing FILES_DIR, INDEX_URI and SECRET_KEY, and the bench sends each request to the next one in turn),
//   LOAD_PG_STATEMENTS=1 (Postgres: the statements run per chat turn and their time, pg-statements.ts)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fixture, multipartBody } from '../../modules/documents/testing/helpers';
import { readSse } from '../../web/lib/sse';
import { cpuMs, hostSteal, rerunWithRequestRoom, rssMb, spawnApp, spawnFakeLlm, treeCpuMs } from './lib';
import { prepareLoadData } from './load-data';
import { questionTag, tagQuestion } from './model-tag';
import { reportLoad } from './load-report';
import { clusterPid, freshPostgresDatabase } from '../../tests/helpers/test-database';
import { pgStatements } from './pg-statements';

await rerunWithRequestRoom(4096); // one request in flight per virtual user

const soakAt = process.argv.indexOf('--soak');
const soak = soakAt >= 0;
const SECONDS = soak ? Number(process.argv[soakAt + 1] ?? 600) : Number(process.env.LOAD_SECONDS ?? 60);
const GUESTS = Number(process.env.LOAD_GUESTS ?? 350);
const USERS = Number(process.env.LOAD_USERS ?? 150);
const ADMINS = Number(process.env.LOAD_ADMINS ?? 2);
const THINK_MS = Number(process.env.LOAD_THINK_MS ?? 250);
const QUESTIONS = ['ต้องเสนอโครงการต่อกองพัฒนานักศึกษาล่วงหน้ากี่วัน', 'องค์กรนักศึกษาจะจัดกิจกรรมต้องเสนอโครงการอย่างไร', 'การจัดกิจกรรมขององค์กรนักศึกษาต้องได้รับอนุมัติจากใคร'];

// 1. Data (load-data.ts): the regulation and 20 announcements through the real pipeline, sessions for users and admins.
const dataDir = mkdtempSync(join(tmpdir(), 'askreg-bench-load-'));
const INSTANCES = Number(process.env.LOAD_INSTANCES ?? 1);
const pg = process.env.LOAD_DATABASE === 'postgres' || INSTANCES > 1 ? await freshPostgresDatabase() : null;
const statements = pgStatements(pg?.url);
const { userCookies, adminCookies, uploadCategory } = await prepareLoadData(dataDir, USERS, ADMINS, pg?.url);
const shared: Record<string, string> = pg ? { DATABASE_URL: pg.url, FILES_DIR: dataDir, INDEX_URI: join(dataDir, 'index'), SECRET_KEY: 'b'.repeat(64) } : {};

// 2. The fake model in its own process, then the server.
const { proc: fake, url: fakeUrl } = await spawnFakeLlm();
const settings = {
  ...shared,
  OLLAMA_HOST: fakeUrl,
  AI_TIMEOUT_MS: '60000',
  CHAT_RATE_PER_MINUTE: '100000',
  CHAT_RATE_PER_MINUTE_IP: '1000000',
  UPLOAD_RATE_PER_MINUTE: '100000',
  // every simulated student comes from this one loopback address: the per-address caps would measure themselves
  ANSWERS_IN_FLIGHT_PER_ADDRESS: '100000',
  ANSWERS_IN_FLIGHT_PER_REQUESTER: '1000',
};
const apps = [await spawnApp({ DATA_DIR: dataDir, ...settings })];
// every instance answers for the first one's address (the Origin the bench sends), as behind one proxy
while (apps.length < INSTANCES) apps.push(await spawnApp({ ...settings, PUBLIC_URL: apps[0]!.url }));
const app = apps[0]!;
const base = app.url;
let turn = 0;
const next = () => apps[turn++ % apps.length]!.url;
const serverCpu = () => apps.reduce((t, a) => t + cpuMs(a.proc.pid), 0);
const pgPid = pg ? await clusterPid() : null; // the database's CPU (its backends too) is counted apart from the server's
const databaseCpu = () => (pgPid ? treeCpuMs(pgPid) : 0);
const hardStop = setTimeout(
  () => {
    console.error('bench overran its time bound; stopping');
    for (const a of apps) a.proc.kill('SIGKILL');
    fake.kill('SIGKILL');
    process.exit(2);
  },
  (SECONDS + 120) * 1000,
);

// 3. Measurement.
const routes = new Map<string, { lat: number[]; errors: number }>();
const turns: Array<{ tag: string; ms: number }> = [];
const errorSamples: string[] = [];
// Chatters start spread over a ramp-up (their first question would otherwise all arrive at once);
// what starts before the ramp ends is not measured. Errors always count.
let measureFrom = Infinity;
let allTurns = 0; // for CPU per turn, which is measured over the whole run
let streaming = 0; // chat turns in flight now; sampled to report how many answers stream at once
const inFlight: number[] = [];
function record(route: string, ms: number, ok: boolean, why = '') {
  if (ok && performance.now() - ms < measureFrom) return;
  let r = routes.get(route);
  if (!r) routes.set(route, (r = { lat: [], errors: 0 }));
  r.lat.push(ms);
  if (!ok) {
    r.errors++;
    if (errorSamples.length < 10) errorSamples.push(`${route}: ${why}`);
  }
}
let end = Infinity; // set when the measured run starts
const live = () => performance.now() < end;
const think = () => Bun.sleep(Math.random() * THINK_MS);
const pick = <T>(xs: T[]) => xs[Math.floor(Math.random() * xs.length)]!;
const jsonHeaders = (cookie: string) => ({ 'content-type': 'application/json', origin: base, ...(cookie ? { cookie } : {}) });

/** One timed request; `read` consumes the body and says whether it succeeded. */
async function timed(route: string, url: string, init: RequestInit, read: (res: Response) => Promise<boolean | string>): Promise<Response | null> {
  const t0 = performance.now();
  try {
    const res = await fetch(next() + url, init);
    const ok = await read(res);
    record(route, performance.now() - t0, ok === true, typeof ok === 'string' ? ok : `HTTP ${res.status}`);
    return res;
  } catch (e) {
    record(route, performance.now() - t0, false, (e as Error).message);
    return null;
  }
}

/** An SSE chat turn; its total time is kept with its tag for the overhead figure. */
async function sseTurn(route: string, url: string, cookie: string, body: unknown, tag: string): Promise<Response | null> {
  const t0 = performance.now();
  streaming++;
  return timed(route, url, { method: 'POST', headers: { ...jsonHeaders(cookie), accept: 'text/event-stream' }, body: JSON.stringify(body) }, async (res) => {
    let last = '';
    let detail = '';
    for await (const e of readSse(res)) {
      last = e.event;
      if (e.event === 'error') detail = JSON.stringify(e.data);
    }
    if (last !== 'done') return `ended with ${last || `HTTP ${res.status}`} ${detail}`;
    allTurns++;
    if (t0 >= measureFrom) turns.push({ tag, ms: performance.now() - t0 });
    return true;
  }).finally(() => void streaming--);
}

async function guest() {
  let cookie = '';
  while (live()) {
    const tag = crypto.randomUUID().slice(0, 12);
    const res = await sseTurn('POST /api/chat (guest, SSE)', '/api/chat', cookie, { message: tagQuestion(pick(QUESTIONS), tag), show_regulation: true }, tag);
    cookie ||= res?.headers.get('set-cookie')?.split(';')[0] ?? '';
    await think();
  }
}

async function user(cookie: string) {
  while (live()) {
    const ask = () => tagQuestion(pick(QUESTIONS), crypto.randomUUID().slice(0, 12));
    let query = ask();
    let ids: { conversationId: string; conversationDetailId: string } | null = null;
    await timed(
      'POST /api/conversations/create',
      '/api/conversations/create',
      { method: 'POST', headers: jsonHeaders(cookie), body: JSON.stringify({ query }) },
      async (r) => {
        ids = ((await r.json()) as { data?: typeof ids }).data ?? null;
        return r.status === 200;
      },
    );
    if (!ids) continue;
    const { conversationId } = ids;
    let detailId = (ids as { conversationDetailId: string }).conversationDetailId;
    for (let turn = 0; turn < 3 && live(); turn++) {
      if (turn > 0) {
        query = ask();
        await timed(
          'POST /api/conversations/:id/query',
          `/api/conversations/${conversationId}/query`,
          { method: 'POST', headers: jsonHeaders(cookie), body: JSON.stringify({ query, parentId: detailId }) },
          async (r) => {
            detailId = ((await r.json()) as { data?: { conversationDetailId: string } }).data?.conversationDetailId ?? '';
            return r.status === 200;
          },
        );
      }
      const tag = questionTag(query)!;
      await sseTurn(
        'POST /api/conversations/:id/details/:d/answer (SSE)',
        `/api/conversations/${conversationId}/details/${detailId}/answer`,
        cookie,
        { show_regulation: true },
        tag,
      );
      await think();
    }
    await timed(
      'GET /api/conversations/:id/messages',
      `/api/conversations/${conversationId}/messages`,
      { headers: { cookie } },
      async (r) => (await r.arrayBuffer(), r.status === 200),
    );
  }
}

async function admin(cookie: string) {
  const pdf = fixture('regulation.pdf');
  for (let i = 0; live(); i++) {
    await timed('GET /api/files/get/all', '/api/files/get/all?limit=20', { headers: { cookie } }, async (r) => (await r.arrayBuffer(), r.status === 200));
    if (i % 10 === 5) {
      const { body, headers } = multipartBody('regulation.pdf', pdf, {
        contents: `ข้อ ๑ ประกาศทดสอบภาระงาน ${i}\fข้อ ๒ การประชุมใหญ่สามัญประจำปี`,
        category: uploadCategory,
      });
      let id = '';
      await timed('POST /api/files/upload', '/api/files/upload', { method: 'POST', body, headers: { ...headers, cookie, origin: base } }, async (r) => {
        id = ((await r.json()) as { data?: { fileId: string } }).data?.fileId ?? '';
        return r.status === 200;
      });
      // Wait for indexing, then remove it again so the library stays the same size.
      for (let n = 0; id && n < 100; n++) {
        const r = await fetch(`${next()}/api/files/${id}/get`, { headers: { cookie } });
        if (((await r.json()) as { data?: { status: string } }).data?.status !== 'indexing') break;
        await Bun.sleep(100);
      }
      if (id)
        await timed(
          'DELETE /api/files/:id/delete',
          `/api/files/${id}/delete`,
          { method: 'DELETE', headers: { cookie, origin: base } },
          async (r) => (await r.arrayBuffer(), r.status === 200),
        );
    }
    await Bun.sleep(500);
  }
}

// 4. Warm up (JIT, caches; not recorded), then run with staggered starts, sampling the server's RSS.
await Promise.all(
  Array.from({ length: 20 }, async () => {
    const res = await fetch(`${next()}/api/chat`, { method: 'POST', headers: jsonHeaders(''), body: JSON.stringify({ message: pick(QUESTIONS) }) });
    await res.arrayBuffer();
  }),
);
await fetch(`${fakeUrl}/stats`);
// Chatters start at random moments over the ramp. With little think time they keep their start phase, so a
// ramp shorter than one answer makes everyone ask in waves; LOAD_RAMP_MS set to an answer's length spreads them.
const RAMP_MS = Number(process.env.LOAD_RAMP_MS ?? Math.max(2000, THINK_MS));
const stagger = (fn: () => Promise<void>) => Bun.sleep(Math.random() * RAMP_MS).then(fn);
const rss: Array<{ s: number; mb: number }> = [];
const t0 = performance.now();
const sample = () => rss.push({ s: Math.round((performance.now() - t0) / 1000), mb: apps.reduce((t, a) => t + rssMb(a.proc.pid), 0) });
const gauge = setInterval(() => performance.now() >= measureFrom && inFlight.push(streaming), 250);
sample();
const sampler = setInterval(sample, soak ? 30_000 : 5_000);
end = performance.now() + SECONDS * 1000;
measureFrom = performance.now() + RAMP_MS;
// Where the machine's CPU goes: the server, the fake model and this load generator share it.
await statements?.reset();
const cpu0 = { server: serverCpu(), database: databaseCpu(), model: cpuMs(fake.pid), self: process.cpuUsage() };
const steal = hostSteal();
console.log(
  `load: ${GUESTS} guests + ${USERS} signed-in users chatting (0–${THINK_MS} ms between turns), ${ADMINS} admins, ${SECONDS} s on ${apps.length} instance(s) from ${base} (${pg ? 'Postgres' : 'SQLite'}); starts spread over ${RAMP_MS} ms, measured after that`,
);
await Promise.all([
  ...Array.from({ length: GUESTS }, () => stagger(guest)),
  ...userCookies.map((c) => stagger(() => user(c))),
  ...adminCookies.map((c) => stagger(() => admin(c))),
]);
const elapsed = (performance.now() - t0) / 1000;
const measured = elapsed - RAMP_MS / 1000;
clearInterval(sampler);
clearInterval(gauge);
sample();
const cpuUsed = {
  server: serverCpu() - cpu0.server,
  database: databaseCpu() - cpu0.database,
  model: cpuMs(fake.pid) - cpu0.model,
  loadGenerator: Math.round((process.cpuUsage(cpu0.self).user + process.cpuUsage(cpu0.self).system) / 1000),
  hostStealPct: steal(),
};

const spent = (await (await fetch(`${fakeUrl}/stats`)).json()) as Record<string, number>;
await statements?.report(allTurns);
clearTimeout(hardStop);
for (const a of apps) await a.stop();
await pg?.drop();
fake.kill();
await fake.exited;
rmSync(dataDir, { recursive: true, force: true });

// 5. Report (load-report.ts).
const errors = reportLoad({
  routes,
  turns,
  spent,
  inFlight,
  rss,
  cpuUsed,
  errorSamples,
  elapsed,
  measured,
  allTurns,
  run: { thinkMs: THINK_MS, guests: GUESTS, users: USERS, admins: ADMINS },
});
process.exit(errors ? 1 : 0);
