// Per-app indexing queue: one job at a time (embedding is the bottleneck and LanceDB writes are
// serialised anyway), abortable on shutdown, with per-document progress for the SSE endpoint.

import type { IndexProgressEvent, IndexStage } from '../../contracts/sse';

export type Stage = IndexStage;
export type ProgressEvent = IndexProgressEvent;
export type JobRunner = (id: string, signal: AbortSignal, report: (e: ProgressEvent) => void) => Promise<void>;
/** several documents as one job (the index writer's claimed batch on Postgres): a cancel of any of them stops it */
export type BatchRunner = (ids: string[], signal: AbortSignal, report: (id: string, e: ProgressEvent) => void) => Promise<void>;

export class IndexQueue {
  /** each entry one job: one document, or a batch */
  private pending: string[][] = [];
  private running: { ids: string[]; controller: AbortController; done: Promise<void> } | null = null;
  /** running jobs a cancel stopped, ever: a batch stopped for one document leaves the others to claim again */
  cancelledRuns = 0;
  private progress = new Map<string, ProgressEvent>();
  private listeners = new Map<string, Set<(e: ProgressEvent) => void>>();
  private idleWaiters: Array<() => void> = [];
  private closed = false;

  constructor(
    private runner: JobRunner,
    private onError: (id: string, e: unknown) => void,
    private batchRunner?: BatchRunner,
  ) {}

  enqueue(id: string): void {
    this.enqueueBatch([id]);
  }

  /** Queues the documents as one job (one each without a batch runner); ones already queued are left where they are. */
  enqueueBatch(ids: string[]): void {
    const fresh = [...new Set(ids)].filter((id) => !this.pending.some((p) => p.includes(id)));
    if (this.closed || fresh.length === 0) return;
    if (this.batchRunner && fresh.length > 1) this.pending.push(fresh);
    else this.pending.push(...fresh.map((id) => [id]));
    for (const id of fresh) this.publish(id, { stage: 'indexing', done: 0, total: 0, message: 'queued' });
    this.pump();
  }

  isQueued(id: string): boolean {
    return this.pending.some((p) => p.includes(id)) || this.running?.ids.includes(id) === true;
  }

  /** Drops a queued job and aborts a running one for this document (its whole batch), waiting until it has stopped. */
  async cancel(id: string): Promise<void> {
    this.pending = this.pending.map((p) => p.filter((q) => q !== id)).filter((p) => p.length > 0);
    if (this.running?.ids.includes(id)) {
      this.cancelledRuns++;
      this.running.controller.abort();
      await this.running.done;
    }
    this.progress.delete(id);
  }

  current(id: string): ProgressEvent | undefined {
    return this.progress.get(id);
  }

  subscribe(id: string, fn: (e: ProgressEvent) => void): () => void {
    let set = this.listeners.get(id);
    if (!set) this.listeners.set(id, (set = new Set()));
    set.add(fn);
    return () => {
      set.delete(fn);
      if (set.size === 0) this.listeners.delete(id);
    };
  }

  publish(id: string, e: ProgressEvent): void {
    if (e.stage === 'ready' || e.stage === 'failed') this.progress.delete(id);
    else this.progress.set(id, e);
    for (const fn of this.listeners.get(id) ?? []) fn(e);
  }

  /** Resolves when nothing is queued or running (tests, CLIs). */
  idle(): Promise<void> {
    if (!this.running && this.pending.length === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  async close(): Promise<void> {
    this.closed = true;
    this.pending = [];
    if (this.running) {
      this.running.controller.abort();
      await this.running.done;
    }
    for (const w of this.idleWaiters.splice(0)) w();
  }

  private pump(): void {
    if (this.running || this.closed) return;
    const ids = this.pending.shift();
    if (!ids) {
      for (const w of this.idleWaiters.splice(0)) w();
      return;
    }
    const controller = new AbortController();
    const run =
      ids.length === 1
        ? this.runner(ids[0]!, controller.signal, (e) => this.publish(ids[0]!, e))
        : this.batchRunner!(ids, controller.signal, (id, e) => this.publish(id, e));
    const done = run
      .catch((e) => {
        if (!controller.signal.aborted) this.onError(ids.join(' '), e);
      })
      .finally(() => {
        this.running = null;
        queueMicrotask(() => this.pump());
      });
    this.running = { ids, controller, done };
  }
}
