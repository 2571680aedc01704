// Two real server processes (the `src/index.ts` entry) on one Postgres with a shared FILES_DIR and INDEX_URI, over HTTP
// only (issue 36): the writer SIGKILLed inside an indexing job leaves it to the other, which indexes the document once;
// a reader never sweeps the shared files, the new writer does; a document uploaded on an instance that does not write
// is answered from on the other; a delete and a switch-off on the instance that does not write reach the index through
// the writer before they answer. Skipped, with a message, only when the `postgresql` package is absent.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { SQL } from 'bun';
import * as lancedb from '@lancedb/lancedb';
import { existsSync, mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { TABLE_NAME } from '../../modules/knowledge/index/index-schema';
import { postgresUnavailable } from '../helpers/postgres';
import { data, type Instance, processes, signIn as signInOn, upload } from './processes';
import { until } from './wait';

const unavailable = postgresUnavailable();
if (unavailable) console.warn(unavailable);

const RULE = 'ข้อ ๙ นักศึกษาที่ประสงค์จะขอใช้ลานกิจกรรมกลางในวันหยุดราชการ ต้องยื่นคำขอต่อกองพัฒนานักศึกษาล่วงหน้าไม่น้อยกว่า ๗ วันทำการ';
const QUESTION = 'ขอใช้ลานกิจกรรมกลางในวันหยุดราชการต้องยื่นคำขอล่วงหน้ากี่วัน';
const RULE2 = 'ข้อ ๔ นักศึกษาที่ประสงค์จะยืมอุปกรณ์เครื่องเสียงของสโมสร ต้องคืนอุปกรณ์ภายใน ๓ วันหลังเสร็จกิจกรรม';
const QUESTION2 = 'ยืมอุปกรณ์เครื่องเสียงของสโมสรต้องคืนภายในกี่วัน';

describe.skipIf(unavailable !== null)('two server processes on one Postgres, over HTTP', () => {
  const p = processes(() => ({ CHAT_RATE_PER_MINUTE: '1000' }));
  const start = (env: Record<string, string> = {}) => p.start(env);
  const json = data;
  const signIn = (i: Instance) => signInOn(i);
  let db: SQL;
  beforeAll(() => {
    db = new SQL(p.pg.url, { max: 1 });
  });
  afterAll(async () => {
    await db?.close();
  });

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
    const conn = await lancedb.connect(join(p.shared, 'index'));
    const table = await conn.openTable(TABLE_NAME);
    try {
      return await table.countRows(`\`documentId\` = '${id}'${where}`);
    } finally {
      table.close();
    }
  };

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
    const stray = join(p.shared, 'files', 'no-such-document');
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
    // a reading instance looks for the writer's new rows once a second and keeps a search's result 4 s at most: it
    // answers from a new document within 5 s (docs/scaling.md)
    await until('C answers from it within 5 s', async () => (await cited(c, QUESTION2)).includes(second), 5_000);

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
