// The LanceDB index under DATA_DIR/index is deleted or corrupted: /healthz turns red (503), the
// server still starts, and scripts/reindex.ts rebuilds it from the database (health green, search back): on SQLite
// live, under the running server; on Postgres (TEST_DATABASE=postgres) the running instance writes the shared index,
// so the command refuses to rebuild it under it, says so, and rebuilds it once the instance is stopped.
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'bun:test';
import { readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { onPostgres } from '../helpers/test-database';
import { UNREADABLE_REFUSED } from '../../scripts/reindex-pg';
import { faultData, seedRegulation, spawnServer, type Child, type FaultData } from './child';

const QUESTION = 'ต้องเสนอโครงการต่อกองพัฒนานักศึกษาล่วงหน้ากี่วัน';
const REINDEX = join(import.meta.dir, '..', '..', 'scripts', 'reindex.ts');

let data: FaultData;
let seeded: string;
const children: Child[] = [];

beforeAll(async () => {
  data = await faultData('askreg-faults-index-');
  const ctx = await data.open();
  seeded = await seedRegulation(ctx);
  await ctx.close();
});
afterEach(async () => {
  for (const c of children.splice(0)) await c.kill();
});
afterAll(() => data.remove());

async function start(): Promise<Child> {
  const c = await spawnServer(data);
  children.push(c);
  return c;
}

async function health(c: Child): Promise<{ status: number; knowledge: { ok: boolean; chunks: number; error?: string } }> {
  const res = await fetch(`${c.url}/healthz`);
  return { status: res.status, knowledge: ((await res.json()) as { checks: { knowledge: { ok: boolean; chunks: number } } }).checks.knowledge };
}

/**
 * The health answer once its shared index reading (modules/health/shared-probe.ts: fresh 1 s, stale at
 * most 10 s) has turned to `status`: a change must show within about two seconds of polling.
 */
async function healthTurns(c: Child, status: number) {
  const end = Date.now() + 5_000;
  for (;;) {
    const h = await health(c);
    if (h.status === status || Date.now() > end) return h;
    await Bun.sleep(100);
  }
}

/** Documents the extractive answer cites for the seeded regulation's question. */
async function cited(c: Child): Promise<string[]> {
  const res = await fetch(`${c.url}/api/chat`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: c.url },
    body: JSON.stringify({ message: QUESTION }),
  });
  if (res.status !== 200) return [];
  return ((await res.json()) as { references: Array<{ documentId: string }> }).references.map((r) => r.documentId);
}

async function reindex(): Promise<{ code: number; out: string }> {
  const proc = Bun.spawn([process.execPath, REINDEX], {
    env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'warn', ...data.env },
    stdout: 'pipe',
    stderr: 'pipe',
  });
  const [out, err] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text()]);
  return { code: await proc.exited, out: out + err };
}

/** Overwrites the chunks table's data fragments and version manifests with junk. */
function corrupt(parts: Array<'data' | '_versions'>) {
  for (const sub of parts) {
    const dir = join(data.dataDir, 'index', 'chunks.lance', sub);
    const files = readdirSync(dir).filter((f) => f.endsWith('.lance') || f.endsWith('.manifest'));
    expect(files.length).toBeGreaterThan(0);
    for (const f of files) writeFileSync(join(dir, f), 'garbage');
  }
}

describe('index missing or corrupt', () => {
  test('deleted while running: health 503; stop, reindex, start: green and searchable', async () => {
    let c = await start();
    expect(await health(c)).toMatchObject({ status: 200, knowledge: { ok: true } });
    expect(await cited(c)).toContain(seeded);
    rmSync(join(data.dataDir, 'index'), { recursive: true, force: true });
    const red = await healthTurns(c, 503);
    expect(red.status).toBe(503);
    expect(red.knowledge.ok).toBe(false);
    await c.kill();

    const r = await reindex();
    expect(r.code).toBe(0);
    expect(r.out).toContain('reindexed 1 of 1 documents');
    // its output goes to a pipe here, as to a log file: plain lines, no terminal escape codes
    expect(r.out).not.toMatch(/\r|\x1b\[/);
    expect(r.out).toMatch(/^1\/1\b/m);
    c = await start();
    expect(await health(c)).toMatchObject({ status: 200, knowledge: { ok: true, chunks: expect.any(Number) } });
    expect((await health(c)).knowledge.chunks).toBeGreaterThan(0);
    expect(await cited(c)).toContain(seeded);
  }, 60_000);

  test('corrupt data and manifests: health 503 within seconds; the server still starts; reindex repairs it (live on SQLite)', async () => {
    let c = await start();
    expect((await health(c)).status).toBe(200);
    corrupt(['data']); // the manifest still counts the rows: health must read them to notice
    expect((await healthTurns(c, 503)).status).toBe(503);
    corrupt(['_versions']);
    await c.kill();

    c = await start(); // a corrupt index must not keep the console and health endpoint down
    expect((await health(c)).status).toBe(503);
    // on Postgres the repair that reads the index runs once this instance is the writer, after it listens
    // (documents/reconcile.ts startupRepair): its line may come after the health answer
    await c.waitFor(/knowledge index unreadable/, 10_000);
    expect(c.logs('knowledge index unreadable: search is down until `bun scripts/reindex.ts` rebuilds it').length).toBe(1);
    if (onPostgres) {
      const refused = await reindex();
      expect(refused.code).toBe(1);
      expect(refused.out).toContain(UNREADABLE_REFUSED);
      await c.kill();
    }
    const r = await reindex();
    expect(r.code).toBe(0);
    expect(r.out).toContain('rebuilding from scratch');
    if (onPostgres) c = await start();
    // The running server opens the rebuilt index on next use: no restart needed (SQLite).
    expect(await healthTurns(c, 200)).toMatchObject({ status: 200, knowledge: { ok: true } });
    expect(await cited(c)).toContain(seeded);
  }, 60_000);
});
