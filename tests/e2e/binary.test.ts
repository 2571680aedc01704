// The single binary (scripts/build-binary.ts), built once into a temp dir and run with no configuration
// but a port and a DATA_DIR (plus a fake model server for the answer): health, pages, every embedded
// asset, the built-in sign-in, DOCX extraction (in a parse worker: the binary itself), forced OCR (canvas render + tesseract worker), a PDF
// upload indexed in LanceDB and answered by /api/chat, a SIGTERM that lets an answer in flight finish and
// exits cleanly, the transformers refusal, and a start on Postgres (DATABASE_URL) from the embedded migrations.
import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from 'bun:test';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import type { Subprocess } from 'bun';
import { buildBinary, type BuiltBinary } from '../../scripts/build-binary';
import { freePort } from '../helpers/server';
import { oidcSignIn } from '../helpers/oidc';
import { startFakeOllama, type FakeOllama } from '../helpers/fake-ollama';
import { buildPdf } from '../../modules/extraction/test-fixtures';
import { PARSE_WORKER_FLAG } from '../../modules/extraction';
import { readSse, type SseEvent } from '../../web/lib/sse';
import { START_REFUSED } from '../../modules/auth/provider-runtime';
import { postgresUnavailable, startPostgres } from '../helpers/postgres';

setDefaultTimeout(60_000);
const root = join(import.meta.dir, '..', '..');
const DOCS = join(root, '..', 'shared', 'fixtures', 'docs');
const ASSETS = join(root, 'web', 'dist', 'assets');
const REPLY = 'ต้องเสนอโครงการล่วงหน้าตามข้อบังคับ';

let work: string;
let binary: BuiltBinary;
let ollama: FakeOllama;
let proc: Subprocess<'ignore', 'pipe', 'pipe'>;
let dataDir: string;
let base: string;
let origin: string;
let stdout = '';
let stderr = '';
let cookie = '';

/** A same-origin request to the binary, with the admin session once signed in. */
function request(path: string, init: RequestInit & { cookie?: string } = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  const c = init.cookie ?? cookie;
  if (c) headers.set('cookie', c);
  if (init.method && init.method !== 'GET') headers.set('origin', origin);
  return fetch(base + path, { ...init, headers, redirect: 'manual' });
}

function spawnBinary(env: Record<string, string>, args: string[] = []): Subprocess<'ignore', 'pipe', 'pipe'> {
  // No inherited environment: the binary must run the way `npm start` does with nothing configured.
  return Bun.spawn([binary.path, ...args], {
    env: { PATH: '/usr/bin:/bin', HOME: work, DEMO_LIBRARY: 'false', ...env },
    cwd: work,
    stdin: 'ignore',
    stdout: 'pipe',
    stderr: 'pipe',
  });
}

beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'askreg-binary-'));
  binary = await buildBinary({ outDir: join(work, 'dist'), web: false });
  console.log(`single binary: ${Math.round(binary.bytes / 1048576)} MB, built in ${(binary.ms / 1000).toFixed(1)} s`);
  ollama = startFakeOllama({ reply: REPLY });
  const port = await freePort();
  dataDir = join(work, 'data');
  origin = `http://localhost:${port}`;
  base = `http://127.0.0.1:${port}`;
  proc = spawnBinary({ PORT: String(port), DATA_DIR: dataDir, OLLAMA_HOST: ollama.url });
  void drain(proc.stdout, (s) => (stdout += s));
  void drain(proc.stderr, (s) => (stderr += s));
  await untilListening(proc, () => [stdout, stderr]);
}, 120_000);

/** Both pipes are drained as they fill, or a chatty child would block on a full pipe. */
async function drain(stream: ReadableStream<Uint8Array>, add: (s: string) => void): Promise<void> {
  const dec = new TextDecoder();
  const reader = stream.getReader();
  for (let r = await reader.read(); !r.done; r = await reader.read()) add(dec.decode(r.value));
}

async function untilListening(p: Subprocess, output: () => [string, string]): Promise<void> {
  const end = Date.now() + 30_000;
  while (!output()[0].includes('Ask-Reg is listening')) {
    if (p.exitCode !== null || Date.now() > end) throw new Error(`binary did not start (exit ${p.exitCode}):\n${output().join('\n')}`);
    await Bun.sleep(50);
  }
}

afterAll(async () => {
  if (proc && proc.exitCode === null) proc.kill('SIGKILL');
  await ollama?.close();
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('single binary', () => {
  test('starts in production with the built-in sign-in; /healthz green (SQLite and LanceDB)', async () => {
    expect(stdout).toContain('"env":"production"');
    const res = await request('/healthz');
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ ok: true, checks: { database: { ok: true }, knowledge: { ok: true, chunks: 0 } } });
    expect(existsSync(join(dataDir, 'app.db'))).toBe(true);
  });

  test('pages and every embedded asset, byte for byte', async () => {
    expect((await request('/')).headers.get('location')).toMatch(/\/landing$/);
    const landing = await request('/landing');
    expect(landing.status).toBe(200);
    const html = await landing.text();
    const css = html.match(/\/assets\/app-[\w]+\.css/)?.[0];
    expect(css).toBeDefined();
    const cssRes = await request(css!);
    expect(cssRes.headers.get('content-type')).toMatch(/text\/css/);
    expect(await cssRes.text()).toContain('Sarabun');
    expect((await request('/guest/chat')).status).toBe(200);
    const walk = (dir: string): string[] => readdirSync(dir).flatMap((f) => (statSync(join(dir, f)).isDirectory() ? walk(join(dir, f)) : [join(dir, f)]));
    for (const file of walk(ASSETS)) {
      const res = await request('/assets/' + relative(ASSETS, file));
      expect(res.status).toBe(200);
      expect(Buffer.from(await res.arrayBuffer()).equals(readFileSync(file))).toBe(true);
    }
    expect((await request('/assets/nope.js')).status).toBe(404);
    // text assets travel gzipped to a browser (the build's .gz twins, embedded too); fetch decompresses them above
    const script = html.match(/\/assets\/landing\.client-[\w]+\.js/)?.[0] ?? css!;
    const zipped = await request(script, { headers: { 'accept-encoding': 'gzip' } });
    expect(zipped.headers.get('content-encoding')).toBe('gzip');
    expect(zipped.headers.get('vary')).toBe('accept-encoding');
  });

  test('signs in as the demo admin through the built-in provider; the console renders', async () => {
    const signedIn = await oidcSignIn({ publicUrl: origin, request: (path, init) => request(path, init) }, 'admin@demo.ac.th');
    expect(signedIn.body.data.user.role).toBe('admin');
    cookie = signedIn.cookie;
    expect((await request('/admin/management')).status).toBe(200);
  });

  test('DOCX extraction (mammoth)', async () => {
    const form = new FormData();
    form.append('file', new Blob([readFileSync(join(DOCS, 'regulation.docx'))]), 'regulation.docx');
    const body = await (await request('/api/extract', { method: 'POST', body: form })).json();
    expect(body).toMatchObject({ status: 'success', metadata: { extraction_method: 'docx' } });
    expect(body.text).toContain('ข้อบังคับ');
    // read by a parse worker: the binary itself, started with the worker flag (modules/extraction/parse-pool.ts)
    const children = readdirSync(`/proc/${proc.pid}/task`).flatMap((t) =>
      readFileSync(`/proc/${proc.pid}/task/${t}/children`, 'utf8').trim().split(/\s+/).filter(Boolean),
    );
    const commands = children.map((pid) => readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0'));
    expect(commands).toContainEqual([binary.path, PARSE_WORKER_FLAG, '']);
  });

  test('a DOCX template is built in the embedded DOCX worker thread, not on the server thread', async () => {
    const res = await request('/api/templates/internal_memo/download');
    expect({ status: res.status, zip: new TextDecoder().decode((await res.arrayBuffer()).slice(0, 2)) }).toEqual({ status: 200, zip: 'PK' });
    expect(stdout + stderr).not.toContain('DOCX worker thread failed');
  });

  test('forced OCR renders the page (@napi-rs/canvas) and recognises it (embedded tesseract worker and tha+eng data)', async () => {
    const form = new FormData();
    form.append('file', new Blob([Buffer.from(buildPdf({ text: 'Student activity budget 2567 approved by the council' }))]), 'line.pdf');
    const res = await request('/api/extract/ocr', { method: 'POST', body: form, headers: { accept: 'text/event-stream' } });
    const events = (await res.text()).split('\n\n').filter(Boolean);
    expect(events).toContain(`event: progress\ndata: ${JSON.stringify({ phase: 'ocr', done: 1, total: 1 })}`);
    const result = JSON.parse(events.at(-1)!.replace(/^event: result\ndata: /, ''));
    expect(result).toMatchObject({ status: 'success', metadata: { user_triggered_ocr: true } });
    const runtime = readdirSync(join(dataDir, '.runtime'));
    expect(readdirSync(join(dataDir, '.runtime', runtime[0]!)).sort()).toEqual(['eng.traineddata.gz', 'ocr-worker.js', 'tha.traineddata.gz']);
  }, 180_000);

  test('a PDF upload (unpdf) is indexed in LanceDB and answers /api/chat', async () => {
    const form = new FormData();
    form.append('file', new Blob([readFileSync(join(DOCS, 'regulation.pdf'))]), 'regulation.pdf');
    // The upload needs a category (console.md §5); the API takes its name or id.
    const cat = await request('/api/categories/create', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ categoryName: 'ข้อบังคับ' }),
    });
    expect(cat.status).toBe(200);
    form.append(
      'data',
      JSON.stringify({ fileName: 'ข้อบังคับกิจกรรมนักศึกษา', description: '', category: 'ข้อบังคับ', isActive: true, fallbackContact: 'กองพัฒนานักศึกษา' }),
    );
    const up = await request('/api/files/upload', { method: 'POST', body: form });
    expect(up.status).toBe(200);
    const id = (await up.json()).data.fileId as string;
    let detail: { status: string; usedOcr: boolean; page: Array<{ pageContent: string }> } | undefined;
    for (const end = Date.now() + 45_000; Date.now() < end; await Bun.sleep(200)) {
      detail = (await (await request(`/api/files/${id}/get`)).json()).data;
      if (detail!.status !== 'indexing') break;
    }
    expect(detail).toMatchObject({ status: 'ready', usedOcr: false });
    expect(detail!.page.map((p) => p.pageContent).join('\n')).toContain('องค์กรนักศึกษา');
    // /healthz shares its index reading for a second (modules/health/shared-probe.ts): it turns within a few polls
    let chunks = 0;
    for (const end = Date.now() + 5_000; chunks === 0 && Date.now() < end; await Bun.sleep(200))
      chunks = (await (await request('/healthz')).json()).checks.knowledge.chunks;
    expect(chunks).toBeGreaterThan(0);

    const chat = await request('/api/chat', {
      method: 'POST',
      cookie: '',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ message: 'องค์กรนักศึกษาต้องเสนอโครงการอย่างไร' }),
    });
    expect(chat.status).toBe(200);
    const answer = await chat.json();
    expect(answer.documents.map((d: { id: string }) => d.id)).toContain(id);
    expect(answer.text).toContain(REPLY);
  });

  test('SIGTERM: an answer in flight finishes, new connections are refused, then a clean exit', async () => {
    // A slow model (150 ms a token) keeps a streamed answer in flight across the signal; long enough that
    // tokens are streamed past what containment holds back (~80 characters) while more are still to come.
    ollama.behave({ reply: REPLY.repeat(4), tokenDelayMs: 150 });
    const res = await request('/api/chat', {
      method: 'POST',
      cookie: '',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify({ message: 'องค์กรนักศึกษาต้องเสนอโครงการอย่างไร' }),
    });
    expect(res.status).toBe(200);
    const events = readSse(res)[Symbol.asyncIterator]();
    const seen: SseEvent[] = [];
    while (!seen.some((e) => e.event === 'token')) {
      const next = await events.next();
      if (next.done) throw new Error(`stream ended before the model answered: ${JSON.stringify(seen)}`);
      seen.push(next.value);
    }

    proc.kill('SIGTERM');
    for (const end = Date.now() + 5000; !stdout.includes('shutting down') && Date.now() < end; ) await Bun.sleep(20);
    expect(stdout).toContain('shutting down');
    await Bun.sleep(100);
    // the listener is closed: a new connection is refused while the answer is still streaming
    const port = Number(new URL(base).port);
    const refused = await Bun.connect({ hostname: '127.0.0.1', port, socket: { data() {} } }).then(
      (socket) => (socket.end(), false),
      (e: { code?: string }) => e.code === 'ECONNREFUSED',
    );
    expect(refused).toBe(true);
    expect(proc.exitCode).toBeNull();

    for (let next = await events.next(); !next.done; next = await events.next()) seen.push(next.value);
    expect(seen.at(-1)?.event).toBe('done');
    const answer = seen
      .filter((e) => e.event === 'token')
      .map((e) => (e.data as { text: string }).text)
      .join('');
    expect(answer).toContain(REPLY);

    const code = await Promise.race([proc.exited, Bun.sleep(20_000).then(() => 'timeout')]);
    expect(code).toBe(0);
    expect(stderr).not.toMatch(/panic|segmentation fault|uncaught|unhandled/i);
  }, 180_000);

  test('NODE_ENV=production set by the operator without OIDC_ISSUER: refused at start, no demo sign-in', async () => {
    const p = spawnBinary({ PORT: String(await freePort()), DATA_DIR: join(work, 'data-prod'), NODE_ENV: 'production' });
    expect(await p.exited).toBe(1);
    expect(await new Response(p.stderr).text()).toContain(START_REFUSED);
  });

  test('maintainer commands: --help lists them, a backup is written and listed admins come from DATA_DIR, an unknown command is exit 2', async () => {
    const help = spawnBinary({}, ['--help']);
    expect(await help.exited).toBe(0);
    expect(await new Response(help.stdout).text()).toContain('backup');
    const archive = join(work, 'cli-backup.tar.gz');
    const backup = spawnBinary({ DATA_DIR: dataDir }, ['backup', '--out', archive]);
    expect(await backup.exited).toBe(0);
    expect(await new Response(backup.stdout).text()).toContain(`backup written to ${archive}`);
    const admins = spawnBinary({ DATA_DIR: dataDir }, ['admin', 'list']);
    const [listed, why] = await Promise.all([new Response(admins.stdout).text(), new Response(admins.stderr).text()]);
    expect({ code: await admins.exited, error: /error|Can't find/i.test(why) ? why : null }).toEqual({ code: 0, error: null });
    expect(listed).toContain('admin@demo.ac.th');
    expect(await spawnBinary({}, ['frobnicate']).exited).toBe(2);
  }, 60_000);

  test('EMBEDDING_PROVIDER=transformers is refused at start with a clear message', async () => {
    const p = spawnBinary({
      PORT: String(await freePort()),
      DATA_DIR: join(work, 'data-transformers'),
      EMBEDDING_PROVIDER: 'transformers',
      EMBEDDING_MODEL_DIR: work,
    });
    expect(await p.exited).toBe(1);
    expect(await new Response(p.stderr).text()).toContain(
      'local transformer embeddings need the npm installation; use EMBEDDING_PROVIDER=ollama or none with the single binary',
    );
  });

  describe.skipIf(postgresUnavailable() !== null)('on Postgres', () => {
    test('DATABASE_URL=postgres://…: migrated from its embedded migrations, healthy, admin list', async () => {
      const [pg, port] = await Promise.all([startPostgres(), freePort()]);
      const env = { DATA_DIR: join(work, 'data-pg'), DATABASE_URL: pg.url };
      const p = spawnBinary({ ...env, PORT: String(port) });
      try {
        let [out, err] = ['', ''];
        void drain(p.stdout, (s) => (out += s));
        void drain(p.stderr, (s) => (err += s));
        await untilListening(p, () => [out, err]);
        expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
        const admins = spawnBinary(env, ['admin', 'list']);
        const [listed, why] = await Promise.all([new Response(admins.stdout).text(), new Response(admins.stderr).text()]);
        expect([await admins.exited, listed, /error|Can't find/i.test(why) ? why : null]).toEqual([0, 'no admins\n', null]);
      } finally {
        p.kill();
        await p.exited;
        await pg.stop();
      }
    }, 120_000);
  });
});
