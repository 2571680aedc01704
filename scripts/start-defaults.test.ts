// npm start / single-binary defaults: a try-out with nothing configured gets the demo sign-in; an operator who
// sets NODE_ENV=production gets a real deployment, which refuses to start without a sign-in provider.
import { afterAll, describe, expect, test } from 'bun:test';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { applyStartDefaults } from './start-defaults';
import { tempDataDir } from '../tests/helpers/server';
import { DEV_PROVIDER_REFUSED } from '../modules/auth/provider-runtime';
import { demoLibraryAllowed } from '../modules/documents/demo';
import { loadConfig, NODE_ENV_DEFAULTED } from '../src/config';

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
    expect(env).toEqual({ NODE_ENV: 'production', [NODE_ENV_DEFAULTED]: '1', DEV_OIDC_IN_PRODUCTION: 'true' });
  });

  test('OIDC_ISSUER set: production, no demo sign-in', () => {
    const env: Record<string, string | undefined> = { OIDC_ISSUER: 'https://sso.example.ac.th' };
    applyStartDefaults(env);
    expect(env).toEqual({ OIDC_ISSUER: 'https://sso.example.ac.th', NODE_ENV: 'production', [NODE_ENV_DEFAULTED]: '1' });
  });

  test('NODE_ENV set by the operator: nothing is switched on behind their back', () => {
    for (const NODE_ENV of ['production', 'development']) {
      const env: Record<string, string | undefined> = { NODE_ENV };
      applyStartDefaults(env);
      expect(env).toEqual({ NODE_ENV });
    }
  });
});

describe('the demo library loads only when nothing real is configured', () => {
  // [case, the operator's environment, whether the demo library is offered] (start defaults applied as npm start does)
  const SSO = { OIDC_ISSUER: 'https://sso.example.ac.th', OIDC_CLIENT_ID: 'x', OIDC_CLIENT_SECRET: 'y' };
  const cases: Array<[string, Record<string, string>, boolean]> = [
    ['npm start / the binary with nothing configured', {}, true],
    ['nothing configured, DEMO_LIBRARY=false', { DEMO_LIBRARY: 'false' }, false],
    ['npm start with the university SSO', SSO, false],
    ["the operator's NODE_ENV=production with the SSO", { NODE_ENV: 'production', ...SSO }, false],
    ["the operator's NODE_ENV=production with DEV_OIDC_IN_PRODUCTION=true", { NODE_ENV: 'production', DEV_OIDC_IN_PRODUCTION: 'true' }, false],
    ["the operator's NODE_ENV=production alone (start-up is refused anyway)", { NODE_ENV: 'production' }, false],
    ['npm start, DEV_OIDC_IN_PRODUCTION=true said explicitly', { DEV_OIDC_IN_PRODUCTION: 'true' }, true],
    ['npm start, DEV_OIDC_IN_PRODUCTION=false: no sign-in, refused at start', { DEV_OIDC_IN_PRODUCTION: 'false' }, false],
    ['NODE_ENV=development (a developer machine)', { NODE_ENV: 'development' }, true],
    ['NODE_ENV=development, DEMO_LIBRARY=false', { NODE_ENV: 'development', DEMO_LIBRARY: 'false' }, false],
    ['NODE_ENV=test (the test harness)', { NODE_ENV: 'test' }, true],
  ];
  for (const [name, operator, offered] of cases)
    test(`${name}: ${offered ? 'offered' : 'never'}`, () => {
      const env: Record<string, string | undefined> = { ...operator };
      quiet(() => applyStartDefaults(env));
      expect(demoLibraryAllowed({ config: loadConfig(env) })).toBe(offered);
    });

  test('without the start defaults (bun src/index.ts) and NODE_ENV unset: a development try-out, offered', () => {
    expect(demoLibraryAllowed({ config: loadConfig({}) })).toBe(true);
    expect(demoLibraryAllowed({ config: loadConfig({ NODE_ENV: 'production', DEV_OIDC_IN_PRODUCTION: 'true' }) })).toBe(false);
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
