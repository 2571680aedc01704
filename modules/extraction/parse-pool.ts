// Untrusted files are parsed in a small pool of worker processes, never on the server's event loop: a
// crafted PDF or DOCX can keep pdf.js or jszip busy for minutes or inflate to gigabytes. A process (not a
// thread) can be killed at any point and takes its whole heap with it. Each job carries its limits
// (parse-limits.ts): the pool kills the worker past the wall time, or when its resident memory (VmRSS,
// polled) passes the limit; the worker itself refuses too many pages, characters or inflated bytes.
// OCR's page rendering runs here too, a job a page (page-renderer.ts): pdf.js decoding a scan's images is
// as hostile as reading its text.
// A killed worker is replaced by the next job; a worker is recycled after JOBS_PER_WORKER files.
// A file's memory limit is the file's: a worker that had read other files first still holds some of what they
// took (pdf.js keeps its allocations, a warm renderer its last page), so a job it ends over the limit is run again
// in a new worker, and refused for memory only if it passes the limit there too. Measured: a real university's
// five-page PDF whose scanned page renders at ~880 MB was refused or read depending on the files read before it
// (a worker at 362 MB from another file's pages passed 1 GiB on it).
// Two lanes with their own workers: chat attachments (anyone may send them) never wait behind library
// uploads, and files sent to keep the chat lane busy never delay an admin's upload.
import type { Subprocess } from 'bun';
import { ExtractionError } from './errors.ts';
import { FairShares } from './fair-shares.ts';
import type { JobResult, ParseJob } from './parse-job.ts';
import type { ParseReply, ParseRequest } from './parse-worker.ts';
import { residentBytes, startWorkerProcess } from './parse-worker-process.ts';
import type { ExtractProgress } from './types.ts';

export { PARSE_WORKER_FLAG, registerParseWorkerCommand } from './parse-worker-process.ts';

export type ParseLane = 'chat' | 'library';
// Two per lane by default: the server shares the machine with web traffic. Batch ingestion raises the
// library's (setParseWorkers).
const laneSize: Record<ParseLane, number> = { chat: 2, library: 2 };
const JOBS_PER_WORKER = 50;
const MEMORY_POLL_MS = 25;
// pdf.js does not give memory back: a worker that grew this large on a file is replaced rather than kept
// idle holding it (a fresh one takes ~80 MB). Measured: after 8 MB of junk a worker stayed at 372 MB, and
// the next file's memory limit counted all of it.
const RECYCLE_RSS_BYTES = 256 * 1024 * 1024;
// An idle worker holds 80–200 MB; a server that reads files now and then gives it back after this.
const IDLE_MS = 5 * 60_000;

/** How many library files are parsed at once; applies from the next file on. */
export function setParseWorkers(n: number): void {
  laneSize.library = Math.max(1, Math.floor(n) || 1);
}

interface Job {
  id: number;
  request: ParseJob;
  onProgress?: (p: ExtractProgress) => void;
  resolve: (layer: JobResult) => void;
  reject: (err: Error) => void;
  settled: boolean;
  timer?: Timer;
  onAbort?: () => void;
  signal?: AbortSignal;
  worker?: PoolWorker;
  lane: Lane;
  /** [address, requester]: a free worker takes the job of the share reading least now (fair-shares.ts) */
  share?: readonly string[];
  started?: boolean;
  /** only a worker that has read nothing before may take it: it passed the memory limit in one that had */
  fresh?: boolean;
}

interface PoolWorker {
  proc: Subprocess;
  lane: Lane;
  job: Job | null;
  done: number;
  poll: Timer | null;
  reap: Timer | null;
  /** resident bytes when it last finished a file */
  rss: number;
}

interface Lane {
  name: ParseLane;
  workers: Set<PoolWorker>;
  idle: PoolWorker[];
  queue: Job[];
  shares: FairShares;
}

const lanes: Record<ParseLane, Lane> = {
  chat: { name: 'chat', workers: new Set(), idle: [], queue: [], shares: new FairShares() },
  library: { name: 'library', workers: new Set(), idle: [], queue: [], shares: new FairShares() },
};
let nextId = 1;

function settle(job: Job, err: Error | null, result?: JobResult): void {
  if (job.settled) return;
  job.settled = true;
  if (job.started) job.lane.shares.finished(job);
  clearTimeout(job.timer);
  if (job.onAbort) job.signal?.removeEventListener('abort', job.onAbort);
  if (err) job.reject(err);
  else job.resolve(result!);
}

function stopWatching(w: PoolWorker): void {
  if (w.poll) clearInterval(w.poll);
  w.poll = null;
}

function forget(w: PoolWorker): void {
  w.lane.workers.delete(w);
  const i = w.lane.idle.indexOf(w);
  if (i >= 0) w.lane.idle.splice(i, 1);
  stopWatching(w);
  if (w.reap) clearTimeout(w.reap);
}

/** Replace an idle worker that grew past RECYCLE_RSS_BYTES. */
function recycleIfLarge(w: PoolWorker, keep = false): void {
  void residentBytes(w.proc.pid).then((rss) => {
    w.rss = rss;
    if (rss > RECYCLE_RSS_BYTES && !w.job && !keep) kill(w, new ExtractionError('aborted', 'recycled'));
  });
}

/** `warm`: it rendered a page, and the document's next page may come to it (trimParseWorkers ends that). */
function makeIdle(w: PoolWorker, warm: boolean): void {
  w.lane.idle.push(w);
  w.reap = setTimeout(() => !w.job && kill(w, new ExtractionError('aborted', 'idle')), IDLE_MS);
  w.reap.unref();
  // A worker that rendered a 300 dpi page holds ~300 MB: replacing it between two pages would start a
  // process and open the document again for every page.
  recycleIfLarge(w, warm);
}

/** Stop a worker now; its job (if any) is answered with `reason` at once, not when the process is gone. */
function kill(w: PoolWorker, reason: ExtractionError): void {
  const job = w.job;
  w.job = null;
  if (job) settle(job, reason);
  forget(w);
  try {
    w.proc.kill('SIGKILL');
  } catch {
    // already gone
  }
}

function onExit(w: PoolWorker): void {
  const job = w.job;
  w.job = null;
  forget(w);
  // Crashed mid-file (a native abort, the kernel's OOM killer): the file is what broke it.
  if (job) settle(job, new ExtractionError('corrupt', 'the file reader stopped while reading the file'));
  dispatch(w.lane);
}

function onReply(w: PoolWorker, msg: ParseReply): void {
  const job = w.job;
  if (!job || msg.id !== job.id) return;
  if (msg.type === 'progress') return void job.onProgress?.(msg.progress);
  // the worker's own memory check (after a page) refused it: as the pool's poll would
  if (msg.type === 'failed' && msg.code === 'too_much_memory' && retriedFresh(w, job)) return;
  stopWatching(w);
  w.job = null;
  w.done++;
  if (msg.type === 'done') settle(job, null, msg.result);
  else settle(job, new ExtractionError(msg.code, msg.message));
  // A file pdf.js or mammoth failed on may have left the worker in any state (half-built caches, a hostile
  // font): start afresh. The DOCX guard only reads the zip directory and keeps nothing.
  const tainted = msg.type === 'failed' && job.request.op !== 'check-docx';
  if (w.done >= JOBS_PER_WORKER || tainted) kill(w, new ExtractionError('aborted', 'recycled'));
  else makeIdle(w, job.request.op === 'render' || job.request.op === 'render-open');
  dispatch(w.lane);
}

function watchMemory(w: PoolWorker, job: Job): void {
  const limit = job.request.limits.memoryBytes;
  w.poll = setInterval(async () => {
    const rss = await residentBytes(w.proc.pid);
    if (rss > limit && w.job === job && !retriedFresh(w, job))
      kill(w, new ExtractionError('too_much_memory', `the file reader used ${rss} bytes, over ${limit}`));
  }, MEMORY_POLL_MS);
}

/**
 * A job over its memory limit in a worker that had done other jobs is put back first in the queue for a new
 * worker (the old one is killed: it is over the limit); whether the file itself needs too much is said there.
 * False when the worker was new already, or the job had been moved once.
 */
function retriedFresh(w: PoolWorker, job: Job): boolean {
  if (w.done === 0 || job.fresh || job.settled) return false;
  w.job = null;
  job.worker = undefined;
  job.fresh = true;
  if (job.started) job.lane.shares.finished(job);
  job.started = false;
  kill(w, new ExtractionError('aborted', 'recycled'));
  job.lane.queue.unshift(job);
  dispatch(job.lane);
  return true;
}

function spawnWorker(lane: Lane): PoolWorker {
  const w: PoolWorker = { proc: null as unknown as Subprocess, lane, job: null, done: 0, poll: null, reap: null, rss: 0 };
  w.proc = startWorkerProcess((msg) => onReply(w, msg));
  lane.workers.add(w);
  void w.proc.exited.then(() => onExit(w));
  return w;
}

function dispatch(lane: Lane): void {
  const { queue, idle, workers } = lane;
  while (queue.length) {
    const next = lane.shares.pick(queue);
    // a job that must start afresh takes a new worker, made room for by ending an idle one when the lane is full
    if (queue[next]!.fresh && workers.size >= laneSize[lane.name]) {
      const old = idle.pop();
      if (!old) return;
      kill(old, new ExtractionError('aborted', 'recycled'));
    }
    let w = queue[next]!.fresh ? undefined : idle.pop();
    if (w?.reap) clearTimeout(w.reap);
    // Every file starts with at least half its memory limit to spare.
    if (w && w.rss > queue[next]!.request.limits.memoryBytes / 2) {
      kill(w, new ExtractionError('aborted', 'recycled'));
      continue;
    }
    if (!w) {
      if (workers.size >= laneSize[lane.name]) return;
      w = spawnWorker(lane);
    }
    const [job] = queue.splice(next, 1) as [Job];
    w.job = job;
    job.worker = w;
    try {
      w.proc.send({ id: job.id, job: job.request } satisfies ParseRequest);
    } catch {
      // the worker died between jobs: give the job to another one
      w.job = null;
      queue.splice(next, 0, job);
      kill(w, new ExtractionError('aborted', 'gone'));
      continue;
    }
    job.started = true;
    lane.shares.started(job);
    watchMemory(w, job);
  }
}

/** Run `request` in a parse worker of `opts.lane` (library by default), answering by `deadline` (epoch ms) at the latest. */
export function parseInWorker(
  request: ParseJob,
  opts: { deadline: number; lane?: ParseLane; signal?: AbortSignal; onProgress?: (p: ExtractProgress) => void; share?: readonly string[] },
): Promise<JobResult> {
  if (opts.signal?.aborted) return Promise.reject(new ExtractionError('aborted', 'extraction aborted'));
  const lane = lanes[opts.lane ?? 'library'];
  return new Promise<JobResult>((resolve, reject) => {
    const job: Job = { id: nextId++, request, lane, onProgress: opts.onProgress, resolve, reject, settled: false, signal: opts.signal, share: opts.share };
    const stop = (reason: ExtractionError) => {
      const queued = lane.queue.indexOf(job);
      if (queued >= 0) lane.queue.splice(queued, 1);
      if (job.worker?.job === job) kill(job.worker, reason);
      else settle(job, reason);
    };
    const wait = Math.max(0, opts.deadline - Date.now());
    const what = request.op === 'render' ? `rendering page ${request.page}` : 'reading the file';
    job.timer = setTimeout(() => stop(new ExtractionError('too_slow', `${what} took longer than ${Math.round(wait / 1000)} s`)), wait);
    job.onAbort = () => stop(new ExtractionError('aborted', 'extraction aborted'));
    opts.signal?.addEventListener('abort', job.onAbort, { once: true });
    lane.queue.push(job);
    dispatch(lane);
  });
}

/** A document's pages are all rendered: the lane's idle workers that grew on them are replaced. */
export function trimParseWorkers(lane: ParseLane = 'library'): void {
  for (const w of [...lanes[lane].idle]) recycleIfLarge(w);
}

/** Stop every parse worker (end of tests, CLI shutdown); a busy job is answered 'aborted'. */
export function shutdownParseWorkers(): void {
  for (const lane of Object.values(lanes)) {
    for (const job of lane.queue.splice(0)) settle(job, new ExtractionError('aborted', 'the file readers were shut down'));
    for (const w of [...lane.workers]) kill(w, new ExtractionError('aborted', 'the file readers were shut down'));
  }
}

/** Process ids of the live workers, of one lane or all (tests and the attack bench measure their memory). */
export function parseWorkerPids(lane?: ParseLane): number[] {
  const from = lane ? [lanes[lane]] : Object.values(lanes);
  return from.flatMap((l) => [...l.workers].map((w) => w.proc.pid));
}
