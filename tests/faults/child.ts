// Fault-test harness: the real server (src/index.ts) as a child process on a given DATA_DIR, so a
// test can SIGKILL it at a chosen moment and start it again on the same data. Stdout (JSON log lines,
// test-pause announcements) is collected for assertions.
import { join } from 'node:path';
import type { Subprocess } from 'bun';
import { loadConfig } from '../../src/config';
import { createContext, type AppContext } from '../../src/context';
import { signInSync } from '../helpers/signed-in';
import { createDocument } from '../../modules/documents/pipeline';
import { stageLocalFile } from '../../modules/documents/local-file';
import { indexQueue } from '../../modules/documents/indexer';
import { REGULATION_FIXTURE } from '../../modules/assistant/test-corpus';
import { ensureWebBuilt, freePort } from '../helpers/server';

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

export async function spawnServer(dataDir: string, env: Record<string, string> = {}): Promise<Child> {
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
      DATA_DIR: dataDir,
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

/** Opens DATA_DIR in this process (the child must not be running) for seeding or inspection. */
export function openData(dataDir: string, env: Record<string, string> = {}): AppContext {
  return createContext(loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, ...env }));
}

export function sessionFor(ctx: AppContext, email: string, role: 'user' | 'admin'): string {
  return signInSync(ctx, email, role, { firstname: 'ทดสอบ', lastname: 'ระบบ', userAgent: 'faults' }).cookie;
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
  await indexQueue(ctx).idle();
  return id;
}
