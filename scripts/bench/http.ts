// Bench: requests/s and p50/p95 latency at 50 connections on loopback (autocannon in its own process),
// NODE_ENV=production, for /healthz, /landing as served (rendered once per catalogue change),
// /landing with LANDING_CACHE=false (renderToReadableStream on every request: the real SSR cost),
// and a trivial React SSR page on the same machine; the SSR/trivial ratio and idle RSS.
// BENCH_SECONDS (default 5) per target, BENCH_CONNECTIONS (default 50).
import { join } from 'node:path';
import { buildWeb } from '../build-web';
import { freePort, hostSteal, load, rssMb, spawnApp, waitFor, type LoadResult } from './lib';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
await buildWeb();
const steal = hostSteal();

const app = await spawnApp();
await Bun.sleep(1500);
const idleRss = rssMb(app.proc.pid);
await load(`${app.url}/landing`, 10, 1); // warm-up (JIT, caches)
const health = await load(`${app.url}/healthz`, connections, seconds);
const cached = await load(`${app.url}/landing`, connections, seconds);
const loadedRss = rssMb(app.proc.pid);
await app.stop();

const ssrApp = await spawnApp({ LANDING_CACHE: 'false' });
await load(`${ssrApp.url}/landing`, 10, 1);
const ssr = await load(`${ssrApp.url}/landing`, connections, seconds);
const ssrRss = rssMb(ssrApp.proc.pid);
await ssrApp.stop();

const port = await freePort();
const trivial = Bun.spawn([process.execPath, join(import.meta.dir, 'trivial-ssr.ts')], { env: { ...process.env, NODE_ENV: 'production', PORT: String(port) }, stdout: 'inherit', stderr: 'inherit' });
await waitFor(`http://127.0.0.1:${port}/healthz`);
await load(`http://127.0.0.1:${port}/`, 10, 1);
const base = await load(`http://127.0.0.1:${port}/`, connections, seconds);
trivial.kill();
await trivial.exited;

const pct = (a: LoadResult, b: LoadResult) => Math.round((a.rps / b.rps) * 100);
const row = (name: string, r: LoadResult) =>
  console.log(`${name.padEnd(28)} ${String(r.rps).padStart(7)} req/s  p50 ${r.p50} ms  p95 ${r.p95} ms  p99 ${r.p99} ms  errors ${r.errors}`);
console.log(`\nhttp bench: autocannon, ${connections} connections, ${seconds} s each, NODE_ENV=production, host steal ${steal()}%`);
row('/healthz', health);
row('/landing (cached)', cached);
row('/landing (SSR per request)', ssr);
row('trivial React SSR', base);
console.log(`landing SSR / trivial throughput: ${pct(ssr, base)}% (target ≥ 40%); cached / trivial: ${pct(cached, base)}%`);
console.log(`landing SSR p95 ${ssr.p95} ms (target < 10 ms)`);
console.log(`RSS idle ${idleRss} MB (target < 250 MB), after load ${loadedRss} MB, after SSR load ${ssrRss} MB`);
console.log(JSON.stringify({ connections, seconds, healthz: health, landingCached: cached, landingSsr: ssr, trivial: base, ratio: ssr.rps / base.rps, cachedRatio: cached.rps / base.rps, idleRssMb: idleRss, loadedRssMb: loadedRss, ssrRssMb: ssrRss }));
