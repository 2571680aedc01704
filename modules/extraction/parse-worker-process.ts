// One parse worker process, as the pool (parse-pool.ts) starts and watches it: which command runs it, its start at a
// low priority, and its resident memory.
import type { Subprocess } from 'bun';
import { readFile } from 'node:fs/promises';
import { setPriority } from 'node:os';
import { fileURLToPath } from 'node:url';
import type { ParseReply } from './parse-worker.ts';

// Parsing is background work: when two busy workers fill a 2-core machine, the scheduler should still
// prefer the server's event loop.
const WORKER_NICENESS = 10;

/** The single binary runs itself with this flag to become a parse worker (scripts/build-binary.ts). */
export const PARSE_WORKER_FLAG = '--ask-reg-parse-worker';

// From source the worker is parse-worker.ts run by the same bun. The single binary has no .ts file to
// run, so its entry registers `[binary, PARSE_WORKER_FLAG]` and dispatches on the flag before anything
// else starts (a hidden CLI command would not do: modules cannot import scripts/).
let command: string[] = [process.execPath, fileURLToPath(new URL('./parse-worker.ts', import.meta.url))];

export function registerParseWorkerCommand(next: string[]): void {
  command = next;
}

/** Starts a worker whose replies go to `onReply`. */
export function startWorkerProcess(onReply: (msg: ParseReply) => void): Subprocess {
  const proc = Bun.spawn(command, { stdin: 'ignore', stdout: 'ignore', stderr: 'inherit', serialization: 'advanced', ipc: onReply });
  // An idle worker must not keep a CLI (ingest, a bench) alive; a busy one is held by its job's timers.
  proc.unref();
  try {
    setPriority(proc.pid, WORKER_NICENESS);
  } catch {
    // not permitted here: the worker runs at the server's priority
  }
  return proc;
}

/** The process's resident memory (VmRSS) in bytes; 0 when it cannot be read. */
export async function residentBytes(pid: number): Promise<number> {
  try {
    const status = await readFile(`/proc/${pid}/status`, 'latin1');
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) * 1024;
  } catch {
    return 0; // not Linux, or the process is gone
  }
}
