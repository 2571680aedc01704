// The maintainer commands that write the index, on a several-instance deployment (issue 36): with DATABASE_URL set,
// `scripts/ingest.ts` stores into Postgres and the shared FILES_DIR and leaves the indexing to the elected index writer
// (here a running instance), and `scripts/reindex.ts` queues every document for it; `reindex --fresh` refuses while
// an instance runs (it would delete the index under it) and rebuilds from scratch once none does.
import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openContext, type AppContext } from '../../src/context';
import { indexWriter } from '../../src/cluster';
import { indexQueue } from '../../modules/documents/indexer';
import { knowledgeIndex } from '../../modules/knowledge';
import { testConfig } from '../helpers/server';
import { postgresUnavailable, startPostgres, type TestPostgres } from '../helpers/postgres';
import { until } from './wait';

const unavailable = postgresUnavailable();
if (unavailable) console.warn(unavailable);
const scripts = join(import.meta.dir, '..', '..', 'scripts');

describe.skipIf(unavailable !== null)('ingest and reindex beside running instances', () => {
  let pg: TestPostgres;
  let shared: string;
  let instance: AppContext | null = null;
  const dirs: string[] = [];
  const sharedEnv = () => ({ INDEX_URI: join(shared, 'index'), FILES_DIR: join(shared, 'files') });

  /** a command run as an operator would, with the instances' settings and a DATA_DIR of its own */
  async function run(script: string, ...args: string[]) {
    const dataDir = mkdtempSync(join(tmpdir(), 'askreg-cli-'));
    dirs.push(dataDir);
    const env = { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, DATABASE_URL: pg.url, ...sharedEnv() };
    const proc = Bun.spawn([process.execPath, join(scripts, script), ...args], { env, stdout: 'pipe', stderr: 'pipe' });
    const [out, err] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text()]);
    return { code: await proc.exited, out, err };
  }
  const titlesFor = async (ctx: AppContext, query: string) => (await (await knowledgeIndex(ctx)).search(query, { k: 3 })).map((h) => h.title);

  beforeAll(async () => {
    pg = await startPostgres();
    shared = mkdtempSync(join(tmpdir(), 'askreg-shared-'));
    // the running instance: it holds the writer lock and runs the indexing jobs
    instance = await openContext({ ...testConfig(sharedEnv()), database: { kind: 'postgres', url: pg.url } });
    indexQueue(instance);
    await until('the instance writes the index', () => indexWriter(instance!).isWriter);
  }, 60_000);
  afterAll(async () => {
    if (instance) {
      await instance.close();
      rmSync(instance.config.dataDir, { recursive: true, force: true });
    }
    await pg?.stop();
    for (const d of [shared, ...dirs]) if (d) rmSync(d, { recursive: true, force: true });
  });

  test('ingest: the documents are stored by the command and indexed by the instance that writes the index', async () => {
    const folder = join(shared, 'incoming');
    mkdirSync(folder);
    writeFileSync(join(folder, 'parking.txt'), 'ประกาศ เรื่อง การจอดรถจักรยานยนต์ในมหาวิทยาลัย ข้อ ๑ ให้จอดในลานจอดที่กำหนดเท่านั้น');
    writeFileSync(join(folder, 'library.txt'), 'ประกาศ เรื่อง การยืมหนังสือห้องสมุดกลาง ข้อ ๑ ยืมได้ครั้งละไม่เกินสิบเล่ม');
    const r = await run('ingest.ts', folder);
    expect(r.code).toBe(0);
    expect(r.out).toContain('2 of 2 in the library: 2 ingested');
    expect(r.out.match(/\.txt .* ready: \d+ chunks/g)?.length).toBe(2);
    expect(r.err).toContain("indexed by the running instances' index writer");
    const { documents } = instance!.tables;
    expect((await instance!.db.select({ s: documents.status }).from(documents)).map((d) => d.s)).toEqual(['ready', 'ready']);
    expect(await titlesFor(instance!, 'จอดรถจักรยานยนต์')).toContain('parking');
  }, 120_000);

  test('reindex --fresh refuses while an instance runs and leaves the index alone; reindex re-indexes through that instance', async () => {
    const refused = await run('reindex.ts', '--fresh');
    expect(refused.code).toBe(1);
    expect(refused.err).toContain('ลบดัชนีแล้วสร้างใหม่ไม่ได้ขณะที่อินสแตนซ์ของระบบยังทำงานอยู่');
    expect(refused.err).toContain('stop every instance and run `ask-reg reindex --fresh` again');
    expect(await titlesFor(instance!, 'ยืมหนังสือห้องสมุด')).toContain('library');

    const through = await run('reindex.ts');
    expect(through.code).toBe(0);
    expect(through.out).toContain("a running instance's index writer re-indexes them");
    expect(through.out).toContain('reindexed 2 of 2 documents');
  }, 120_000);

  test('with no instance running, reindex --fresh rebuilds the index as the writer', async () => {
    await instance!.close();
    rmSync(instance!.config.dataDir, { recursive: true, force: true });
    instance = null;
    const fresh = await run('reindex.ts', '--fresh');
    expect(fresh.code).toBe(0);
    expect(fresh.out).toContain('this process writes the index');
    expect(fresh.out).toContain('reindexed 2 of 2 documents');
    const check = await openContext({ ...testConfig(sharedEnv()), database: { kind: 'postgres', url: pg.url } });
    try {
      expect(await titlesFor(check, 'จอดรถจักรยานยนต์')).toContain('parking');
    } finally {
      await check.close();
      rmSync(check.config.dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
