// Real server processes (the `src/index.ts` entry) on one throw-away Postgres with a shared FILES_DIR and INDEX_URI,
// reached over HTTP only, for the cross-instance journeys (issue 36). Call inside a describe: Postgres and the shared
// folder are made before its tests; every process started is killed and every folder removed after.
import { afterAll, beforeAll } from 'bun:test';
import type { Subprocess } from 'bun';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fixture, multipartBody } from '../../modules/documents/testing/helpers';
import { buildRequest, ensureWebBuilt, freePort } from '../helpers/server';
import { oidcSignIn } from '../helpers/oidc';
import { startPostgres, type TestPostgres } from '../helpers/postgres';
import { until } from './wait';

export interface Instance {
  proc: Subprocess<'ignore', 'pipe', 'inherit'>;
  url: string;
  dataDir: string;
  out: { text: string };
  request(path: string, init?: Parameters<typeof buildRequest>[2]): Promise<Response>;
}

export interface Processes {
  pg: TestPostgres;
  /** starts an instance (a fresh DATA_DIR unless given one: a restart) and waits until it answers /healthz */
  start(env?: Record<string, string>, dataDir?: string): Promise<Instance>;
  /** SIGKILLs it and waits for its exit */
  kill(i: Instance): Promise<void>;
  /** the folder every instance shares: FILES_DIR, with INDEX_URI its `index` */
  shared: string;
}

export function processes(base: () => Record<string, string> = () => ({})): Processes {
  const started: Instance[] = [];
  const dirs: string[] = [];
  const p = { shared: '' } as Processes;
  beforeAll(async () => {
    await ensureWebBuilt();
    p.pg = await startPostgres();
    p.shared = mkdtempSync(join(tmpdir(), 'askreg-shared-'));
  }, 120_000);
  afterAll(async () => {
    for (const i of started) i.proc.kill('SIGKILL');
    await Promise.all(started.map((i) => i.proc.exited));
    await p.pg?.stop();
    for (const d of [...dirs, p.shared]) if (d) rmSync(d, { recursive: true, force: true });
  });
  p.kill = async (i) => {
    i.proc.kill('SIGKILL');
    await i.proc.exited;
  };
  p.start = async (env = {}, given) => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const dataDir = given ?? mkdtempSync(join(tmpdir(), 'askreg-journey-'));
    if (!given) dirs.push(dataDir);
    const proc = Bun.spawn(['bun', join(import.meta.dir, '../../src/index.ts')], {
      env: {
        ...process.env,
        NODE_ENV: 'test',
        LOG_LEVEL: 'info',
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: url,
        DATA_DIR: dataDir,
        DATABASE_URL: p.pg.url,
        FILES_DIR: p.shared,
        INDEX_URI: join(p.shared, 'index'),
        DEMO_LIBRARY: 'false',
        ADMIN_EMAILS: 'boss@demo.ac.th',
        SECRET_KEY: 'one-secret-for-every-instance-of-this-test',
        ...base(),
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
    const instance = { proc, url, dataDir, out, request };
    started.push(instance);
    await until(`${url} listening`, async () => (await request('/healthz').catch(() => null))?.ok === true, 60_000);
    return instance;
  };
  return p;
}

export const data = async (res: Promise<Response> | Response) => ((await (await res).json()) as { data: any }).data;

export const signIn = async (i: Instance, email = 'boss@demo.ac.th') => (await oidcSignIn({ request: i.request, publicUrl: i.url }, email)).cookie;

/** uploads a document on `i` (an admin's cookie) and returns its id */
export async function upload(i: Instance, cookie: string, name: string, text: string): Promise<string> {
  const category = (await data(i.request('/api/categories/create', { cookie, json: { categoryName: name } }))).id as string;
  const { body, headers } = multipartBody(`${name}.pdf`, fixture('regulation.pdf'), { fileName: name, contents: text, category });
  const res = await (await i.request('/api/files/upload', { method: 'POST', cookie, headers, body })).json();
  if (!res.data?.fileId) throw new Error(`upload refused: ${JSON.stringify(res)}`);
  return res.data.fileId as string;
}
