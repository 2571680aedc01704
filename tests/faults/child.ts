// Fault-test harness: the real server (src/index.ts) as a child process on a given DATA_DIR, so a
// test can SIGKILL it at a chosen moment and start it again on the same data. Stdout (JSON log lines,
// test-pause announcements) is collected for assertions. The data is the test database's (FaultData): SQLite in
// DATA_DIR, or a fresh Postgres database beside it under TEST_DATABASE=postgres (tests/helpers/test-database.ts).
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Subprocess } from 'bun';
import { loadConfig } from '../../src/config';
import { openContext, type AppContext } from '../../src/context';
import { signInAsync } from '../helpers/signed-in';
import { testDatabaseEnv } from '../helpers/test-database';
import { createDocument } from '../../modules/documents/pipeline';
import { stageLocalFile } from '../../modules/documents/local-file';
import { indexingIdle } from '../../modules/documents/indexer';
import { REGULATION_FIXTURE } from '../../modules/assistant/test-corpus';
import { ensureWebBuilt, freePort, tempDataDir } from '../helpers/server';

const ENTRY = join(import.meta.dir, '..', '..', 'src', 'index.ts');

export interface Child {
  url: string;
  proc: Subprocess<'ignore', 'pipe', 'pipe'>;
  /** everything written to stdout so far */
  output(): string;
  waitFor(pattern: RegExp, timeoutMs?: number): Promise<RegExpExecArray>;
  /** JSON log lines whose `msg` equals `msg` */
  logs(msg: string): Array<Record<string, unknown>>;
  kill(): Promise<void>;
}

/** The server on `data` (its DATA_DIR and database), with `env` added. */
export async function spawnServer(data: FaultData, env: Record<string, string> = {}): Promise<Child> {
  await ensureWebBuilt();
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const proc = Bun.spawn([process.execPath, ENTRY], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      LOG_FORMAT: 'json',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: url,
      ...data.env,
      ...env,
    },
    stdin: 'ignore',
    stdout: 'pipe',
    stderr: 'pipe',
  });
  let out = '';
  const waiters = new Set<() => void>();
  void (async () => {
    const dec = new TextDecoder();
    const reader = proc.stdout.getReader();
    for (let r = await reader.read(); !r.done; r = await reader.read()) {
      out += dec.decode(r.value);
      waiters.forEach((w) => w());
    }
  })();
  const child: Child = {
    url,
    proc,
    output: () => out,
    waitFor(pattern, timeoutMs = 20_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const m = pattern.exec(out);
          if (!m) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(m);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`child: no ${pattern} within ${timeoutMs} ms; stdout:\n${out.slice(-2000)}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    logs: (msg) =>
      out
        .split('\n')
        .filter((l) => l.startsWith('{'))
        .map((l) => JSON.parse(l) as Record<string, unknown>)
        .filter((l) => l.msg === msg),
    async kill() {
      proc.kill('SIGKILL');
      await proc.exited;
    },
  };
  let err = '';
  void new Response(proc.stderr).text().then((t) => (err = t));
  const died = proc.exited.then(async (code) => {
    await Bun.sleep(50);
    throw new Error(`server exited with ${code} before listening:\n${err.slice(-2000)}${out.slice(-1000)}`);
  });
  await Promise.race([child.waitFor(/Ask-Reg is listening/), died]);
  died.catch(() => undefined);
  return child;
}

/** One server's data for a fault test: its DATA_DIR and, on Postgres, its database. */
export interface FaultData {
  dataDir: string;
  /** DATA_DIR, and DATABASE_URL on Postgres: what a child server or a command is started with */
  env: Record<string, string>;
  /** opens the data in this process, for seeding or inspection (on SQLite the child must not be running: its lock) */
  open(): Promise<AppContext>;
  /** drops the database and removes DATA_DIR */
  remove(): Promise<void>;
}

export async function faultData(prefix: string): Promise<FaultData> {
  const dataDir = tempDataDir(prefix);
  const database = await testDatabaseEnv({ DATA_DIR: dataDir });
  return {
    dataDir,
    env: database.env,
    open: () => openContext(loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', ...database.env })),
    async remove() {
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function sessionFor(ctx: AppContext, email: string, role: 'user' | 'admin'): Promise<string> {
  return (await signInAsync(ctx, email, role, { firstname: 'ทดสอบ', lastname: 'ระบบ', userAgent: 'faults' })).cookie;
}

/** The regulation fixture through the real ingest pipeline (row, pages, stored file, index). */
export async function seedRegulation(ctx: AppContext): Promise<string> {
  const file = await stageLocalFile(ctx, REGULATION_FIXTURE);
  const { id } = await createDocument(
    ctx,
    file,
    { fileName: 'ข้อบังคับกิจกรรมนักศึกษา', description: '', category: null, isActive: true, fallbackContact: 'กองพัฒนานักศึกษา', contents: '' },
    { allowTxt: true, allowIncompleteFields: true },
  );
  // on Postgres the elected writer runs the job: wait for it, or the next server would find the row still indexing
  await indexingIdle(ctx);
  return id;
}
