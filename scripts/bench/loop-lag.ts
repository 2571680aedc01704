// How long the server's event loop was held, beside /healthz's time (which also counts the index probe's own
// work in LanceDB's threads): a 2 ms timer in the server process records how late each tick ran. Loaded into a
// bench server with `--preload` (spawnApp does with BENCH_LOOP_LAG=1; hardening-serve.ts imports it); on
// SIGUSR2 it writes the lateness since the last signal (ms) to LOOP_LAG_FILE. The bench side: loopLag(pid, file).
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { percentile } from './lib';

const TICK_MS = 2;

export function installLoopLag(file: string): void {
  let late: number[] = [];
  let last = performance.now();
  setInterval(() => {
    const now = performance.now();
    late.push(Math.max(0, now - last - TICK_MS));
    last = now;
  }, TICK_MS).unref();
  process.on('SIGUSR2', () => {
    writeFileSync(file, JSON.stringify(late));
    late = [];
  });
}

/** Starts a window of the server's loop lateness; stop() gives its p99 and max (ms). */
export function loopLag(pid: number, file: string): { stop(): Promise<{ p99: number; max: number }> } {
  const collect = async () => {
    rmSync(file, { force: true });
    process.kill(pid, 'SIGUSR2');
    for (let i = 0; i < 500 && !existsSync(file); i++) await Bun.sleep(10);
    await Bun.sleep(20);
    return (JSON.parse(readFileSync(file, 'utf8')) as number[]).sort((a, b) => a - b);
  };
  const started = collect();
  return {
    async stop() {
      await started;
      const late = await collect();
      return { p99: Number(percentile(late, 99).toFixed(1)), max: Number((late.at(-1) ?? 0).toFixed(1)) };
    },
  };
}

if (process.env.LOOP_LAG_FILE && !import.meta.main) installLoopLag(process.env.LOOP_LAG_FILE);
