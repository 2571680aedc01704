// Bench: requests/s and latency of /healthz and the SSR landing page at 50 connections on loopback,
// against a trivial React SSR page on the same machine; plus idle RSS. NODE_ENV=production.
import { join } from 'node:path';
import { buildWeb } from '../build-web';
import { freePort, load, rssMb, spawnApp, waitFor } from './lib';

const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
await buildWeb();

const app = await spawnApp();
await Bun.sleep(1500);
const idleRss = rssMb(app.proc.pid);
await load(`${app.url}/landing`, 10, 1); // warm-up (JIT, caches)
const health = await load(`${app.url}/healthz`, connections, seconds);
const landing = await load(`${app.url}/landing`, connections, seconds);
const loadedRss = rssMb(app.proc.pid);
await app.stop();

const port = await freePort();
const trivial = Bun.spawn([process.execPath, join(import.meta.dir, 'trivial-ssr.ts')], { env: { ...process.env, NODE_ENV: 'production', PORT: String(port) }, stdout: 'inherit', stderr: 'inherit' });
await waitFor(`http://127.0.0.1:${port}/healthz`);
await load(`http://127.0.0.1:${port}/`, 10, 1);
const base = await load(`http://127.0.0.1:${port}/`, connections, seconds);
trivial.kill();
await trivial.exited;

const row = (name: string, r: Awaited<ReturnType<typeof load>>) =>
  console.log(`${name.padEnd(22)} ${String(r.rps).padStart(7)} req/s  p50 ${r.p50} ms  p95 ${r.p95} ms  p99 ${r.p99} ms  errors ${r.errors}`);
console.log(`\nhttp bench: ${connections} connections, ${seconds} s each, NODE_ENV=production`);
row('/healthz', health);
row('/landing (SSR)', landing);
row('trivial React SSR', base);
console.log(`landing/trivial throughput: ${Math.round((landing.rps / base.rps) * 100)}%`);
console.log(`RSS idle ${idleRss} MB, after load ${loadedRss} MB`);
console.log(JSON.stringify({ healthz: health, landing, trivial: base, ratio: landing.rps / base.rps, idleRssMb: idleRss, loadedRssMb: loadedRss }));
