// Bench: requests/s and p50/p95 latency at 50 connections on loopback (autocannon in its own process),
// NODE_ENV=production, for /healthz, /landing as served (rendered once per catalogue change, gzipped for
// clients that accept it), the same without compression, /landing with LANDING_CACHE=false
// (renderToReadableStream on every request) and a trivial React SSR page on the same machine; the
// landing/trivial ratio, the server's CPU per request and idle RSS.
// Page requests carry a browser's headers (Accept-Encoding included). The landing page and the trivial
// page are measured alternately, BENCH_ROUNDS times (default 2), and the best round of each is reported,
// so a burst of host noise does not decide the ratio.
// BENCH_SECONDS (default 5) per target, BENCH_CONNECTIONS (default 50).
import { join } from 'node:path';
import { buildWeb } from '../build-web';
import { BROWSER_HEADERS, freePort, hostSteal, load, rssMb, spawnApp, waitFor, type LoadResult } from './lib';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const rounds = Number(process.env.BENCH_ROUNDS ?? 2);
await buildWeb();
const steal = hostSteal();
const best = (runs: LoadResult[]) => runs.reduce((a, b) => (b.rps > a.rps ? b : a));

const port = await freePort();
const trivialProc = Bun.spawn([process.execPath, join(import.meta.dir, 'trivial-ssr.ts')], {
  env: { ...process.env, NODE_ENV: 'production', PORT: String(port) },
  stdout: 'inherit',
  stderr: 'inherit',
});
const trivialUrl = `http://127.0.0.1:${port}/`;
await waitFor(`http://127.0.0.1:${port}/healthz`);

const app = await spawnApp();
await Bun.sleep(1500);
const idleRss = rssMb(app.proc.pid);
const page = { headers: BROWSER_HEADERS };
await load(`${app.url}/landing`, 10, 1, page); // warm-up (JIT, caches)
await load(trivialUrl, 10, 1, page);
const health = await load(`${app.url}/healthz`, connections, seconds, { serverPid: app.proc.pid });
const cachedRuns: LoadResult[] = [];
const trivialRuns: LoadResult[] = [];
for (let i = 0; i < rounds; i++) {
  trivialRuns.push(await load(trivialUrl, connections, seconds, { ...page, serverPid: trivialProc.pid }));
  cachedRuns.push(await load(`${app.url}/landing`, connections, seconds, { ...page, serverPid: app.proc.pid }));
}
const identity = await load(`${app.url}/landing`, connections, seconds, { serverPid: app.proc.pid });
const loadedRss = rssMb(app.proc.pid);
await app.stop();
trivialProc.kill();
await trivialProc.exited;

const ssrApp = await spawnApp({ LANDING_CACHE: 'false' });
await load(`${ssrApp.url}/landing`, 10, 1, page);
const ssr = await load(`${ssrApp.url}/landing`, connections, seconds, { ...page, serverPid: ssrApp.proc.pid });
const ssrRss = rssMb(ssrApp.proc.pid);
await ssrApp.stop();

const cached = best(cachedRuns);
const base = best(trivialRuns);
const pct = (a: LoadResult, b: LoadResult) => Math.round((a.rps / b.rps) * 100);
const row = (name: string, r: LoadResult) =>
  console.log(
    `${name.padEnd(34)} ${String(r.rps).padStart(7)} req/s  p50 ${r.p50} ms  p95 ${r.p95} ms  p99 ${r.p99} ms  errors ${r.errors}  ${r.bytesPerResponse} B/response  server CPU ${r.serverCpuUs ?? '?'} µs/request`,
  );
console.log(
  `\nhttp bench: autocannon, ${connections} connections, ${seconds} s each, best of ${rounds} alternating rounds, NODE_ENV=production, host steal ${steal()}%`,
);
row('/healthz', health);
row('/landing (as served, browser)', cached);
row('/landing (no Accept-Encoding)', identity);
row('/landing (SSR per request)', ssr);
row('trivial React SSR (browser)', base);
console.log(`rounds: landing ${cachedRuns.map((r) => r.rps).join(', ')} req/s; trivial ${trivialRuns.map((r) => r.rps).join(', ')} req/s`);
console.log(
  `landing / trivial throughput: ${pct(cached, base)}% (target ≥ 40%); without compression ${pct(identity, base)}%; rendered per request ${pct(ssr, base)}%`,
);
console.log(`landing p95 ${cached.p95} ms (target < 10 ms); rendered per request p95 ${ssr.p95} ms`);
console.log(`RSS idle ${idleRss} MB (target < 250 MB), after load ${loadedRss} MB, after SSR load ${ssrRss} MB`);
console.log(
  JSON.stringify({
    connections,
    seconds,
    rounds,
    healthz: health,
    landing: cached,
    landingIdentity: identity,
    landingSsr: ssr,
    trivial: base,
    ratio: cached.rps / base.rps,
    identityRatio: identity.rps / base.rps,
    ssrRatio: ssr.rps / base.rps,
    idleRssMb: idleRss,
    loadedRssMb: loadedRss,
    ssrRssMb: ssrRss,
  }),
);
