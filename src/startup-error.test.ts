// The entry's start-up failures: a port in use and an unusable DATA_DIR end with one clear line, no stack.
import { afterAll, expect, test } from 'bun:test';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = join(import.meta.dir, '..');
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));
const temp = () => {
  const d = mkdtempSync(join(tmpdir(), 'askreg-startup-'));
  dirs.push(d);
  return d;
};

async function start(env: Record<string, string>) {
  const p = Bun.spawn([process.execPath, 'src/index.ts'], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'error', ...env },
    stdout: 'pipe',
    stderr: 'pipe',
  });
  const timer = setTimeout(() => p.kill(), 20_000);
  const [err, code] = await Promise.all([new Response(p.stderr).text(), p.exited]);
  clearTimeout(timer);
  return { code, err: err.replace(/^oidc-provider WARNING.*\n/gm, '').trim() };
}

test('a DATA_DIR that is a file stops start-up with one line naming DATA_DIR', async () => {
  const file = join(temp(), 'not-a-folder');
  writeFileSync(file, 'x');
  const r = await start({ DATA_DIR: file, PORT: '0' });
  expect(r.code).toBe(1);
  expect(r.err).toStartWith(`Ask-Reg could not start: DATA_DIR ${file} cannot be used`);
  expect(r.err).not.toMatch(/\n\s+at /);
}, 30_000);

test('a port in use stops start-up with one line naming the port', async () => {
  const busy = Bun.serve({ port: 0, hostname: '0.0.0.0', fetch: () => new Response('busy') });
  try {
    const r = await start({ DATA_DIR: temp(), PORT: String(busy.port) });
    expect(r.code).toBe(1);
    expect(r.err).toBe(`Ask-Reg could not start: port ${busy.port} is already in use. Stop the other process or set PORT to a free port.`);
  } finally {
    busy.stop(true);
  }
}, 30_000);
