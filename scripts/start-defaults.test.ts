// npm start / single-binary defaults: a try-out with nothing configured gets the demo sign-in; an operator who
// sets NODE_ENV=production gets a real deployment, which refuses to start without a sign-in provider.
import { afterAll, describe, expect, test } from 'bun:test';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { applyStartDefaults } from './start-defaults';
import { tempDataDir } from '../tests/helpers/server';
import { DEV_PROVIDER_REFUSED } from '../modules/auth/provider-runtime';

const quiet = <T>(f: () => T): T => {
  const warn = console.warn;
  console.warn = () => {};
  try {
    return f();
  } finally {
    console.warn = warn;
  }
};

describe('applyStartDefaults', () => {
  test('nothing configured: production with the built-in demo sign-in', () => {
    const env: Record<string, string | undefined> = {};
    quiet(() => applyStartDefaults(env));
    expect(env).toEqual({ NODE_ENV: 'production', DEV_OIDC_IN_PRODUCTION: 'true' });
  });

  test('OIDC_ISSUER set: production, no demo sign-in', () => {
    const env: Record<string, string | undefined> = { OIDC_ISSUER: 'https://sso.example.ac.th' };
    applyStartDefaults(env);
    expect(env).toEqual({ OIDC_ISSUER: 'https://sso.example.ac.th', NODE_ENV: 'production' });
  });

  test('NODE_ENV set by the operator: nothing is switched on behind their back', () => {
    for (const NODE_ENV of ['production', 'development']) {
      const env: Record<string, string | undefined> = { NODE_ENV };
      applyStartDefaults(env);
      expect(env).toEqual({ NODE_ENV });
    }
  });
});

describe('start-up (the entry npm start and the binary run, minus the client build)', () => {
  const root = join(import.meta.dir, '..');
  const dirs: string[] = [];
  afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));
  const ENTRY = "const { applyStartDefaults } = await import('./scripts/start-defaults.ts'); applyStartDefaults(); await import('./src/index.ts');";

  /** Runs the entry with only `env` (no inherited settings) until it listens, exits, or 30 s pass. */
  async function start(env: Record<string, string>) {
    const dataDir = tempDataDir('askreg-start-');
    dirs.push(dataDir);
    const p = Bun.spawn([process.execPath, '-e', ENTRY], {
      cwd: root,
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: dataDir, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_FORMAT: 'pretty', ...env },
      stdout: 'pipe',
      stderr: 'pipe',
    });
    let out = '';
    const read = async (s: ReadableStream<Uint8Array>) => {
      const reader = s.getReader();
      for (let r = await reader.read(); !r.done; r = await reader.read()) out += new TextDecoder().decode(r.value);
    };
    void read(p.stdout);
    void read(p.stderr);
    for (const end = Date.now() + 30_000; Date.now() < end && p.exitCode === null && !out.includes('Ask-Reg is listening'); ) await Bun.sleep(50);
    const listening = out.includes('Ask-Reg is listening');
    if (p.exitCode === null) p.kill('SIGTERM');
    const code = await p.exited;
    return { listening, code, out };
  }

  test('NODE_ENV=production, no OIDC_ISSUER, no DEV_OIDC_IN_PRODUCTION: refuses to start with a clear message', async () => {
    const r = await start({ NODE_ENV: 'production' });
    expect(r.listening).toBe(false);
    expect(r.code).toBe(1);
    expect(r.out).toContain(DEV_PROVIDER_REFUSED);
    expect(r.out).toContain('Ask-Reg will not start without a sign-in provider');
  }, 40_000);

  test('nothing configured: starts on embedded defaults with the demo sign-in, announced', async () => {
    const r = await start({});
    expect(r.listening).toBe(true);
    expect(r.out).toContain('BUILT-IN DEMO SIGN-IN');
  }, 40_000);
});
