// Test harness: a real app on a temp DATA_DIR (real SQLite, LanceDB, files). Use `handle` for fast
// in-process requests, or `startTestServer` for a listening server (e2e, streaming, Chromium).
import { mkdtempSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig, type Config } from '../../src/config';
import { startServer, type RunningServer } from '../../src/server';
import { createContext, openContext, type AppContext } from '../../src/context';
import type { Logger } from '../../src/logger';
import { createApp } from '../../src/app';
import { WEB_DIST } from '../../src/assets';
import { signIn, type PendingSignIn, type SignInExtra } from './signed-in';
import { testDatabaseEnv } from './test-database';

let built: Promise<unknown> | null = null;
/** Builds the client once per test process when web/dist is missing. */
export function ensureWebBuilt(): Promise<unknown> {
  if (existsSync(join(WEB_DIST, 'manifest.json'))) return Promise.resolve();
  built ??= import('../../scripts/build-web').then((m) => m.buildWeb());
  return built;
}

export function tempDataDir(prefix = 'askreg-test-'): string {
  return mkdtempSync(join(tmpdir(), prefix));
}

export function testConfig(env: Record<string, string> = {}): Config {
  const dataDir = env.DATA_DIR ?? tempDataDir();
  // No demo library unless a test asks for it: tests start from an empty library.
  return loadConfig({ NODE_ENV: 'test', PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'error', DEMO_LIBRARY: 'false', ...env, DATA_DIR: dataDir });
}

export interface TestApp {
  ctx: AppContext;
  app: ReturnType<typeof createApp>;
  /** In-process request; `path` like '/api/x'. Adds a same-origin Origin header for writes. */
  request(path: string, init?: RequestInit & { cookie?: string; json?: unknown }): Promise<Response>;
  /** `await` it on either database (its fields are readable at once on SQLite only: tests/helpers/signed-in.ts) */
  signIn(email: string, role?: 'user' | 'admin', extra?: SignInExtra): PendingSignIn;
  close(): Promise<void>;
}

export function buildRequest(base: string, path: string, init: RequestInit & { cookie?: string; json?: unknown } = {}): Request {
  const headers = new Headers(init.headers);
  if (init.cookie) headers.set('cookie', init.cookie);
  let body = init.body;
  if (init.json !== undefined) {
    headers.set('content-type', 'application/json');
    body = JSON.stringify(init.json);
  }
  const method = init.method ?? (body ? 'POST' : 'GET');
  if (!['GET', 'HEAD'].includes(method) && !headers.has('origin')) headers.set('origin', base);
  return new Request(base + path, { ...init, method, headers, body });
}

function signInFor(ctx: AppContext) {
  return (email: string, role: 'user' | 'admin' = 'user', extra: SignInExtra = {}) => signIn(ctx, email, role, extra);
}

export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  await ensureWebBuilt();
  // SQLite in the temp DATA_DIR, or a fresh Postgres database under TEST_DATABASE=postgres (tests/helpers/test-database.ts)
  const database = await testDatabaseEnv(env);
  const config = testConfig(database.env);
  const ctx = config.database.kind === 'sqlite' ? createContext(config) : await openContext(config);
  const app = createApp(ctx);
  const base = config.publicUrl;
  return {
    ctx,
    app,
    request: (path, init) => app.handle(buildRequest(base, path, init)),
    signIn: signInFor(ctx),
    async close() {
      await ctx.close();
      await database.drop();
      rmSync(config.dataDir, { recursive: true, force: true });
    },
  };
}

export interface TestContext {
  ctx: AppContext;
  /** the settings it was opened with (DATA_DIR, and DATABASE_URL on Postgres): another context or a child process opens the same data with them */
  env: Record<string, string>;
  /** closes the context, drops its Postgres database and removes its DATA_DIR */
  close(): Promise<void>;
}

/**
 * A context without an HTTP app, on the test database: SQLite in a temp DATA_DIR, or a fresh Postgres database under
 * TEST_DATABASE=postgres. `log`: a logger of the test's own (one that captures what is logged).
 */
export async function createTestContext(env: Record<string, string> = {}, log?: Logger): Promise<TestContext> {
  const database = await testDatabaseEnv({ DATA_DIR: tempDataDir(), ...env });
  const config = testConfig(database.env);
  const ctx = await openContext(config, log);
  return {
    ctx,
    env: { ...database.env, DATA_DIR: config.dataDir },
    async close() {
      await ctx.close();
      await database.drop();
      rmSync(config.dataDir, { recursive: true, force: true });
    },
  };
}

export interface TestServer extends RunningServer {
  request(path: string, init?: RequestInit & { cookie?: string; json?: unknown }): Promise<Response>;
  signIn: TestApp['signIn'];
  close(): Promise<void>;
}

export async function startTestServer(env: Record<string, string> = {}): Promise<TestServer> {
  await ensureWebBuilt();
  const database = await testDatabaseEnv(env);
  const { config, running } = await listenOnFreePort(env, database.env);
  return {
    ...running,
    request: (path, init) => fetch(buildRequest(running.url, path, init)),
    signIn: signInFor(running.ctx),
    async close() {
      await running.stop(2000);
      await database.drop();
      rmSync(config.dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * PUBLIC_URL must match the real port for CSRF and redirects: a free port is picked first. Another test process may
 * pick the same one before this server listens (the server refuses a port in use, src/server.ts): then another port.
 */
async function listenOnFreePort(env: Record<string, string>, databaseEnv: Record<string, string>) {
  for (let attempt = 1; ; attempt++) {
    const port = env.PORT ? Number(env.PORT) : await freePort();
    const config = testConfig({ PUBLIC_URL: `http://127.0.0.1:${port}`, ...databaseEnv, PORT: String(port) });
    try {
      return { config, running: await startServer(config) };
    } catch (e) {
      if (!databaseEnv.DATA_DIR) rmSync(config.dataDir, { recursive: true, force: true }); // ours, not the test's
      const inUse = /EADDRINUSE|in use/i.test(`${(e as { code?: string }).code} ${(e as Error).message}`);
      if (env.PORT || !inUse || attempt === 5) throw e;
    }
  }
}

export async function freePort(): Promise<number> {
  const s = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: () => new Response('') });
  const p = s.port!;
  s.stop(true);
  return p;
}
