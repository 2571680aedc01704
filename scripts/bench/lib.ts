// Small helpers shared by the benches: child servers on loopback and a bounded closed-loop load generator.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Subprocess } from 'bun';

export async function freePort(): Promise<number> {
  const s = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: () => new Response('') });
  const p = s.port!;
  s.stop(true);
  return p;
}

export function rssMb(pid: number): number {
  const status = require('node:fs').readFileSync(`/proc/${pid}/status`, 'utf8') as string;
  const kb = Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? 0);
  return Math.round(kb / 102.4) / 10;
}

export async function waitFor(url: string, timeoutMs = 30_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    try {
      const r = await fetch(url);
      if (r.status < 500) return;
    } catch {
      // not up yet
    }
    await Bun.sleep(100);
  }
  throw new Error(`timed out waiting for ${url}`);
}

export interface ChildServer {
  url: string;
  proc: Subprocess;
  stop(): Promise<void>;
}

export async function spawnApp(env: Record<string, string> = {}): Promise<ChildServer> {
  const port = await freePort();
  const dataDir = env.DATA_DIR ?? mkdtempSync(join(tmpdir(), 'askreg-bench-'));
  // BENCH_CPU_PROF=<dir>: the server writes a CPU profile (markdown) there when it stops.
  const prof = process.env.BENCH_CPU_PROF ? ['--cpu-prof', '--cpu-prof-md', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
  const proc = Bun.spawn([process.execPath, ...prof, join(import.meta.dir, '..', '..', 'src', 'index.ts')], {
    env: { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'warn', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, PUBLIC_URL: `http://127.0.0.1:${port}`, ...env },
    stdout: 'inherit',
    stderr: 'inherit',
  });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}/healthz`);
  return { url, proc, stop: async () => void (proc.kill('SIGTERM'), await proc.exited) };
}

export interface LoadResult {
  requests: number;
  errors: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
}

export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** `connections` closed loops hitting `url` for `seconds`; latencies in ms. */
export async function load(url: string, connections: number, seconds: number): Promise<LoadResult> {
  const lat: number[] = [];
  let errors = 0;
  const end = performance.now() + seconds * 1000;
  const loop = async () => {
    while (performance.now() < end) {
      const t0 = performance.now();
      try {
        const r = await fetch(url);
        await r.arrayBuffer();
        if (r.status >= 400) errors++;
      } catch {
        errors++;
      }
      lat.push(performance.now() - t0);
    }
  };
  const t0 = performance.now();
  await Promise.all(Array.from({ length: connections }, loop));
  const elapsed = (performance.now() - t0) / 1000;
  lat.sort((a, b) => a - b);
  const r2 = (n: number) => Math.round(n * 100) / 100;
  return { requests: lat.length, errors, rps: Math.round(lat.length / elapsed), p50: r2(percentile(lat, 50)), p95: r2(percentile(lat, 95)), p99: r2(percentile(lat, 99)) };
}

/**
 * Share of CPU time the hypervisor took from this VM while `measure` ran (/proc/stat "steal").
 * Benches print it beside their latencies: on a shared host a run with 30% steal is not comparable
 * with one at 5%, and the numbers should be read with it.
 */
export function hostSteal(): () => number {
  const read = () => {
    try {
      const f = require('node:fs').readFileSync('/proc/stat', 'utf8') as string;
      const v = f.split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
      return { total: v.slice(0, 8).reduce((a, b) => a + b, 0), steal: v[7] ?? 0 };
    } catch {
      return { total: 0, steal: 0 };
    }
  };
  const start = read();
  return () => {
    const end = read();
    const total = end.total - start.total;
    return total > 0 ? Math.round(((end.steal - start.steal) / total) * 1000) / 10 : 0;
  };
}

/** CPU time (user + system, ms) a process has used so far, from /proc (all its threads). */
export function cpuMs(pid: number): number {
  try {
    const stat = require('node:fs').readFileSync(`/proc/${pid}/stat`, 'utf8') as string;
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10; // utime, stime in 1/100 s
  } catch {
    return 0;
  }
}
