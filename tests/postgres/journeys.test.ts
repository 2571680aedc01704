// Two real server processes (the `src/index.ts` entry) on one Postgres with a shared FILES_DIR and INDEX_URI, over HTTP
// only (issue 36): the writer SIGKILLed inside an indexing job leaves it to the other, which indexes the document once;
// a reader never sweeps the shared files, the new writer does; a document uploaded on an instance that does not write
// is answered from on the other; a delete and a switch-off on the instance that does not write reach the index through
// the writer before they answer. Skipped, with a message, only when the `postgresql` package is absent.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { SQL, type Subprocess } from 'bun';
import * as lancedb from '@lancedb/lancedb';
import { existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fixture, multipartBody } from '../../modules/documents/testing/helpers';
import { TABLE_NAME } from '../../modules/knowledge/index/index-schema';
import { buildRequest, ensureWebBuilt, freePort } from '../helpers/server';
import { oidcSignIn } from '../helpers/oidc';
import { postgresUnavailable, startPostgres, type TestPostgres } from '../helpers/postgres';
import { until } from './wait';

const unavailable = postgresUnavailable();
if (unavailable) console.warn(unavailable);

const RULE = 'ข้อ ๙ นักศึกษาที่ประสงค์จะขอใช้ลานกิจกรรมกลางในวันหยุดราชการ ต้องยื่นคำขอต่อกองพัฒนานักศึกษาล่วงหน้าไม่น้อยกว่า ๗ วันทำการ';
const QUESTION = 'ขอใช้ลานกิจกรรมกลางในวันหยุดราชการต้องยื่นคำขอล่วงหน้ากี่วัน';
const RULE2 = 'ข้อ ๔ นักศึกษาที่ประสงค์จะยืมอุปกรณ์เครื่องเสียงของสโมสร ต้องคืนอุปกรณ์ภายใน ๓ วันหลังเสร็จกิจกรรม';
const QUESTION2 = 'ยืมอุปกรณ์เครื่องเสียงของสโมสรต้องคืนภายในกี่วัน';

interface Instance {
  proc: Subprocess<'ignore', 'pipe', 'inherit'>;
  url: string;
  out: { text: string };
  request(path: string, init?: RequestInit & { cookie?: string; json?: unknown }): Promise<Response>;
}

describe.skipIf(unavailable !== null)('two server processes on one Postgres, over HTTP', () => {
  let pg: TestPostgres;
  let shared: string;
  let db: SQL;
  const started: Instance[] = [];
  const dirs: string[] = [];

  async function start(env: Record<string, string> = {}): Promise<Instance> {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const dataDir = mkdtempSync(join(tmpdir(), 'askreg-journey-'));
    dirs.push(dataDir);
    const proc = Bun.spawn(['bun', join(import.meta.dir, '../../src/index.ts')], {
      env: {
        ...process.env,
        NODE_ENV: 'test',
        LOG_LEVEL: 'info',
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: url,
        DATA_DIR: dataDir,
        DATABASE_URL: pg.url,
        FILES_DIR: shared,
        INDEX_URI: join(shared, 'index'),
        DEMO_LIBRARY: 'false',
        ADMIN_EMAILS: 'boss@demo.ac.th',
        CHAT_RATE_PER_MINUTE: '1000',
        ...env,
      },
      stdin: 'ignore',
      stdout: 'pipe',
      stderr: 'inherit',
    });
    const out = { text: '' };
    void (async () => {
      const decoder = new TextDecoder();
      const reader = proc.stdout.getReader();
      for (let r = await reader.read(); !r.done; r = await reader.read()) out.text += decoder.decode(r.value, { stream: true });
    })();
    const request = (path: string, init: Parameters<typeof buildRequest>[2] = {}) => fetch(buildRequest(url, path, init));
    const instance = { proc, url, out, request };
    started.push(instance);
    await until(`${url} listening`, async () => (await request('/healthz').catch(() => null))?.ok === true, 60_000);
    return instance;
  }

  const json = async (res: Promise<Response>) => ((await (await res).json()) as { data: any }).data;
  const signIn = async (i: Instance) => (await oidcSignIn({ request: i.request, publicUrl: i.url }, 'boss@demo.ac.th')).cookie;
  const upload = async (i: Instance, cookie: string, name: string, text: string) => {
    const category = (await json(i.request('/api/categories/create', { cookie, json: { categoryName: name } }))).id as string;
    const { body, headers } = multipartBody(`${name}.pdf`, fixture('regulation.pdf'), { fileName: name, contents: text, category });
    const res = await (await i.request('/api/files/upload', { method: 'POST', cookie, headers, body })).json();
    if (!res.data?.fileId) throw new Error(`upload refused: ${JSON.stringify(res)}`);
    return res.data.fileId as string;
  };
  /** the documents a guest's answer on `i` cites */
  const cited = async (i: Instance, question: string): Promise<string[]> => {
    const reply = (await (await i.request('/api/chat', { json: { message: question, show_regulation: true } })).json()) as {
      references?: { documentId: string }[];
    };
    return (reply.references ?? []).map((r) => r.documentId);
  };
  const statusOf = async (id: string) => ((await db`select status, chunk_count from documents where id = ${id}`) as any[])[0];
  /** the shared index's rows of a document, read as a third process would */
  const indexRows = async (id: string, where = '') => {
    const conn = await lancedb.connect(join(shared, 'index'));
    const table = await conn.openTable(TABLE_NAME);
    try {
      return await table.countRows(`\`documentId\` = '${id}'${where}`);
    } finally {
      table.close();
    }
  };

  beforeAll(async () => {
    await ensureWebBuilt();
    pg = await startPostgres();
    db = new SQL(pg.url, { max: 1 });
    shared = mkdtempSync(join(tmpdir(), 'askreg-shared-'));
  }, 120_000);
  afterAll(async () => {
    for (const i of started) i.proc.kill('SIGKILL');
    await Promise.all(started.map((i) => i.proc.exited));
    await db?.close();
    await pg?.stop();
    for (const d of [...dirs, shared]) if (d) rmSync(d, { recursive: true, force: true });
  });

  let first = '';
  let b: Instance;
  /** the admin's session (signed in on B; sessions live in the database, so every instance accepts it) */
  let admin = '';
  test('the writer killed with SIGKILL inside a job: the other instance finishes it, indexed once; only a writer sweeps the shared files', async () => {
    const a = await start({ ASKREG_TEST_PAUSE: 'before-index' });
    await until('A writes the index', () => a.out.text.includes('this instance writes the index'));
    // the writer's own start-up sweep is over before the stray folder is made (else A, a writer, may sweep it)
    await until('A swept at start', () => /document store (consistent|reconciled)/.test(a.out.text));
    // a folder no document owns, written long ago: start-up repair's to remove, but only on the writer
    const stray = join(shared, 'files', 'no-such-document');
    mkdirSync(stray, { recursive: true });
    writeFileSync(join(stray, 'left.pdf'), 'x');
    const old = new Date(Date.now() - 24 * 3600_000);
    utimesSync(join(stray, 'left.pdf'), old, old);
    utimesSync(stray, old, old);
    b = await start();
    expect(existsSync(stray)).toBe(true); // B started as a reader: it swept nothing

    admin = await signIn(b);
    first = await upload(b, admin, 'ประกาศการใช้ลานกิจกรรมกลาง', RULE);
    await until('A inside the job', () => a.out.text.includes(`ASKREG_PAUSED before-index ${first}`));
    a.proc.kill('SIGKILL');
    await a.proc.exited;
    await until('B indexed the document', async () => (await statusOf(first))?.status === 'ready');
    await until('B, now the writer, swept the stray folder', () => !existsSync(stray));
    const { chunk_count } = await statusOf(first);
    expect(chunk_count).toBeGreaterThan(0);
    expect(await indexRows(first)).toBe(chunk_count); // once, not twice
    expect(await cited(b, QUESTION)).toContain(first);
  }, 120_000);

  test('uploaded on an instance that does not write, answered from on the other; a delete and a switch-off there reach both', async () => {
    const c = await start(); // B writes now; C reads
    expect(await cited(c, QUESTION)).toContain(first);
    const second = await upload(c, admin, 'ประกาศการยืมอุปกรณ์เครื่องเสียง', RULE2);
    await until('the writer indexed it', async () => (await statusOf(second))?.status === 'ready');
    await until('B answers from it', async () => (await cited(b, QUESTION2)).includes(second));
    expect(await cited(c, QUESTION2)).toContain(second);

    // switched off on C: the writer has set the index's copy of the flag before C answers
    expect((await c.request(`/api/files/${first}/status`, { method: 'PATCH', cookie: admin, json: { isActive: false } })).status).toBe(200);
    expect(await indexRows(first, ' AND `isActive` = false')).toBe((await statusOf(first)).chunk_count);
    expect(await cited(b, QUESTION)).not.toContain(first);

    // deleted on C: the writer has taken its chunks out before C answers
    const deleted = await json(c.request(`/api/files/${second}/delete`, { method: 'DELETE', cookie: admin }));
    expect(deleted.steps).toEqual(['database', 'index', 'file']);
    expect(await indexRows(second)).toBe(0);
    expect(await cited(b, QUESTION2)).not.toContain(second);
    expect(await cited(c, QUESTION2)).not.toContain(second);
    expect(c.out.text).not.toContain('this instance writes the index');
  }, 120_000);
});
