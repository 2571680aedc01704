// The demo library: loaded once into an empty library when the built-in demo sign-in is the sign-in,
// answered from, listed on the landing page, and removed in one call; never with a real IdP or DEMO_LIBRARY=false.
import { afterEach, expect, test } from 'bun:test';
import { rmSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { createTestApp, startTestServer, type TestApp, type TestServer } from '../../tests/helpers/server';
import { readQuestion, search } from '../knowledge';
import { demoDocumentCount, loadDemoLibrary } from './demo';
import { indexingIdle } from './indexer';
import { documents } from '../../tests/helpers/tables';

let open: Array<TestApp | TestServer> = [];
afterEach(async () => {
  for (const a of open) await a.close();
  open = [];
});
const app = async (env: Record<string, string>) => {
  const a = await createTestApp(env);
  open.push(a);
  return a;
};

test('a first start with the demo sign-in loads the demo library: ready, searchable, on the landing page, removable in one call', async () => {
  const server = await startTestServer({ DEMO_LIBRARY: 'true' });
  open.push(server);
  // On SQLite the demo is indexed before the server answers; on Postgres the elected writer indexes it as any upload.
  await indexingIdle(server.ctx);
  const rows = await server.ctx.db.select().from(documents);
  expect(rows.length).toBe(3);
  expect(rows.every((r) => r.demo && r.status === 'ready' && r.fileName.startsWith('ตัวอย่าง'))).toBe(true);
  const hits = await search(server.ctx, readQuestion('ค่าธรรมเนียมการศึกษาภาคปกติเท่าไร'), { k: 1, live: () => ({ has: () => true }) });
  expect(hits[0]!.title).toContain('ค่าธรรมเนียม');
  const landing = await (await server.request('/landing')).text();
  expect(landing).toContain('ตัวอย่าง ปฏิทินการศึกษา');

  const admin = await server.signIn('admin@uni.ac.th', 'admin');
  const count = await server.request('/api/files/demo', { cookie: admin.cookie });
  expect((await count.json()).data).toEqual({ count: 3 });
  const removed = await server.request('/api/files/demo', { method: 'DELETE', cookie: admin.cookie });
  expect(removed.status).toBe(200);
  expect((await removed.json()).data).toEqual({ removed: 3 });
  expect(await server.ctx.db.select().from(documents)).toEqual([]);
  // Offered once per data directory: an emptied library stays empty at the next start.
  expect(await loadDemoLibrary(server.ctx)).toBe(0);
});

test('never loaded with a real OIDC provider, with DEMO_LIBRARY=false, or into a library that has documents', async () => {
  const real = await app({ DEMO_LIBRARY: 'true', OIDC_ISSUER: 'https://idp.uni.ac.th', OIDC_CLIENT_ID: 'x', OIDC_CLIENT_SECRET: 'y' });
  expect(await loadDemoLibrary(real.ctx)).toBe(0);
  const off = await app({ DEMO_LIBRARY: 'false' });
  expect(await loadDemoLibrary(off.ctx)).toBe(0);
  const on = await app({ DEMO_LIBRARY: 'true' });
  expect(await loadDemoLibrary(on.ctx)).toBe(3);
  // Demo documents made ordinary stand for a library with documents of its own.
  await on.ctx.db.update(documents).set({ demo: false }).where(eq(documents.demo, true));
  rmSync(`${on.ctx.config.dataDir}/demo-library-offered`);
  expect(await loadDemoLibrary(on.ctx)).toBe(0);
  expect(await demoDocumentCount(on.ctx)).toBe(0);
});

test('the demo routes are for admins only', async () => {
  const a = await app({});
  const user = await a.signIn('student@uni.ac.th', 'user');
  expect((await a.request('/api/files/demo', { method: 'DELETE', cookie: user.cookie })).status).toBe(403);
  expect((await a.request('/api/files/demo')).status).toBe(401);
});
